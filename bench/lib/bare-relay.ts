// bench:conversations' ceiling, in a process of its own: a bare Socket.IO server (the API's socket.io and Redis adapter,
// its path, its person rooms) that relays each message posted to `POST /api/conversations/{id}/messages`, or sent on a
// page's socket (`conversation:send`, acknowledged with the message), to both people's pages as the API pushes it, and
// does nothing else: no Nest, no session store, no database, no limits, no outbox.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAdapter } from '@socket.io/redis-adapter';
import Redis from 'ioredis';
import { Server } from 'socket.io';
import { CONVERSATION_SOCKET_EVENTS, CONVERSATION_SOCKET_PATH, type ConversationMessage, type MessagePush, type SendAnswer, type SendRequest } from '@market/contracts';
import type { BareSetup } from './conversation-traffic';
import { answerRequests } from './helper-process';

const MESSAGES_PATH = /^\/api\/conversations\/([0-9a-f-]{36})\/messages$/;
const tokenOf = (request: IncomingMessage) => /(?:^|;\s*)session=([^;]+)/.exec(request.headers.cookie ?? '')?.[1];
const room = (userId: string) => `person:${userId}`;

function start(setup: BareSetup): Promise<{ port: number }> {
  const people = new Map(setup.people);
  const conversations = new Map(setup.conversations.map(([id, buyerId, sellerId]) => [id, { buyerId, sellerId }]));
  let lastId = 0;

  /** Relays a message to both people's rooms; answers it as its author sees it, or null when they are no part of the conversation. */
  const relay = (authorId: string, conversationId: string, text: string): ConversationMessage | null => {
    const conversation = conversations.get(conversationId);
    if (!conversation || (authorId !== conversation.buyerId && authorId !== conversation.sellerId)) return null;
    const message = { id: ++lastId, authorId, text, images: [], warnings: [], read: false, createdAt: new Date().toISOString() };
    const viewOf = (userId: string): ConversationMessage => ({ ...message, mine: userId === authorId });
    for (const userId of [conversation.buyerId, conversation.sellerId]) {
      const push: MessagePush = { conversationId, message: viewOf(userId) };
      io.to(room(userId)).emit(CONVERSATION_SOCKET_EVENTS.message, push);
    }
    return viewOf(authorId);
  };

  const answer = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
  };
  const http = createServer((request, response) => {
    const conversationId = request.method === 'POST' ? MESSAGES_PATH.exec(request.url ?? '')?.[1] : undefined;
    if (!conversationId) return answer(response, 404, { message: 'not found' });
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const authorId = people.get(tokenOf(request) ?? '');
      if (!authorId) return answer(response, 401, { message: 'unauthorized' });
      const { text } = JSON.parse(Buffer.concat(chunks).toString()) as { text: string };
      const message = relay(authorId, conversationId, text);
      if (!message) return answer(response, 404, { message: 'not found' });
      answer(response, 201, message);
    });
  });

  const io = new Server(http, { path: CONVERSATION_SOCKET_PATH, serveClient: false });
  const publisher = new Redis(setup.redisUrl);
  io.adapter(createAdapter(publisher, publisher.duplicate(), { key: setup.adapterKey }));
  io.use((socket, next) => {
    const userId = people.get(tokenOf(socket.request) ?? '');
    if (!userId) return next(new Error('unauthorized'));
    (socket.data as { userId?: string }).userId = userId;
    next();
  });
  io.on('connection', (socket) => {
    const { userId } = socket.data as { userId: string };
    void socket.join(room(userId));
    socket.on(CONVERSATION_SOCKET_EVENTS.send, ({ conversationId, text }: SendRequest, acknowledge: (answer: SendAnswer) => void) => {
      const message = relay(userId, conversationId, text);
      acknowledge(message ? { message } : { status: 404, error: { message: { uz: 'not found', ru: 'not found', en: 'not found' }, code: 'notFound' } });
    });
  });
  return new Promise((resolve) => http.listen(0, '127.0.0.1', () => resolve({ port: (http.address() as AddressInfo).port })));
}

answerRequests({
  start,
  /** After a full collection (forked with --expose-gc), as the bench reads the API's. */
  memory() {
    global.gc!();
    return process.memoryUsage();
  },
});
