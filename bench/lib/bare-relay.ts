// bench:conversations' ceiling, in a process of its own: a bare Socket.IO server (the API's socket.io and Redis adapter,
// its path, its person rooms) that relays each message posted to `POST /api/conversations/{id}/messages` to both people's
// pages as the API pushes it, and does nothing else: no Nest, no session store, no database, no limits, no outbox.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAdapter } from '@socket.io/redis-adapter';
import Redis from 'ioredis';
import { Server } from 'socket.io';
import { CONVERSATION_SOCKET_EVENTS, CONVERSATION_SOCKET_PATH, type ConversationMessage, type MessagePush } from '@market/contracts';
import type { BareSetup } from './conversation-traffic';
import { answerRequests } from './helper-process';

const MESSAGES_PATH = /^\/api\/conversations\/([0-9a-f-]{36})\/messages$/;
const tokenOf = (request: IncomingMessage) => /(?:^|;\s*)session=([^;]+)/.exec(request.headers.cookie ?? '')?.[1];
const room = (userId: string) => `person:${userId}`;

function start(setup: BareSetup): Promise<{ port: number }> {
  const people = new Map(setup.people);
  const conversations = new Map(setup.conversations.map(([id, buyerId, sellerId]) => [id, { buyerId, sellerId }]));
  let lastId = 0;

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
      const conversation = conversations.get(conversationId);
      if (!authorId) return answer(response, 401, { message: 'unauthorized' });
      if (!conversation || (authorId !== conversation.buyerId && authorId !== conversation.sellerId)) return answer(response, 404, { message: 'not found' });
      const { text } = JSON.parse(Buffer.concat(chunks).toString()) as { text: string };
      const message = { id: ++lastId, authorId, text, images: [], warnings: [], read: false, createdAt: new Date().toISOString() };
      const viewOf = (userId: string): ConversationMessage => ({ ...message, mine: userId === authorId });
      for (const userId of [conversation.buyerId, conversation.sellerId]) {
        const push: MessagePush = { conversationId, message: viewOf(userId) };
        io.to(room(userId)).emit(CONVERSATION_SOCKET_EVENTS.message, push);
      }
      answer(response, 201, viewOf(authorId));
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
  io.on('connection', (socket) => void socket.join(room((socket.data as { userId: string }).userId)));
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
