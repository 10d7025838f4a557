// A bench:conversations helper process holding signed-in people's pages: one socket.io-client socket per person and server,
// opened as the web app opens it (its path, its session cookie), recording each message pushed to it and when it arrived,
// and sending on it as the thread's composer does when asked (`conversation:send`). Apart from the servers, so that their
// memory and CPU are theirs alone.
import { randomUUID } from 'node:crypto';
import { io, type Socket } from 'socket.io-client';
import { CONVERSATION_SOCKET_EVENTS, CONVERSATION_SOCKET_PATH, type MessagePush, type SendAnswer } from '@market/contracts';
import { now, RECEIPT_FIELDS, seqOf, type PageOrder, type SocketSend, type SocketSent } from './conversation-traffic';
import { answerRequests } from './helper-process';

const sockets: Socket[] = [];
/** Each page's socket by server and person. */
const pageSockets = new Map<string, Socket>();
const pageKey = (server: number, person: number) => `${server}:${person}`;
let receipts: number[] = [];
let disconnects = 0;

/** Answers null once connected, or why it was not. */
function open(page: PageOrder): Promise<string | null> {
  return new Promise((resolve) => {
    // The web app lets Socket.IO start with long polling and upgrade; straight to WebSocket here (the same connection after the upgrade).
    const socket = io(page.url, {
      path: CONVERSATION_SOCKET_PATH,
      transports: ['websocket'],
      extraHeaders: { Cookie: page.cookie },
      forceNew: true,
      reconnection: false,
      timeout: 60_000,
    });
    socket.on(CONVERSATION_SOCKET_EVENTS.message, ({ message }: MessagePush) => {
      receipts.push(page.server, page.person, seqOf(message.text), message.id, now());
    });
    socket.once('connect', () => {
      sockets.push(socket);
      pageSockets.set(pageKey(page.server, page.person), socket);
      socket.on('disconnect', () => disconnects++);
      resolve(null);
    });
    socket.once('connect_error', (error) => {
      socket.close();
      resolve(error.message);
    });
  });
}

answerRequests({
  /** Opens the pages, `concurrency` handshakes at a time; answers the refusals by reason. */
  async connect({ pages, concurrency }: { pages: PageOrder[]; concurrency: number }) {
    const refused: Record<string, number> = {};
    const queue = [...pages];
    const next = async (): Promise<void> => {
      for (let page = queue.shift(); page; page = queue.shift()) {
        const reason = await open(page);
        if (reason) refused[reason] = (refused[reason] ?? 0) + 1;
      }
    };
    await Promise.all(Array.from({ length: concurrency }, next));
    return refused;
  },
  /** Sends a message on a page's socket; answers when it was sent (this process's clock, comparable) and the acknowledgement. */
  async send({ server, person, conversationId, text }: SocketSend): Promise<SocketSent> {
    const socket = pageSockets.get(pageKey(server, person));
    if (!socket) throw new Error(`No page of person ${person} on server ${server}`);
    const sentAt = now();
    // With its key, as the web app sends every message (MessageKeys).
    const answer = (await socket.timeout(30_000).emitWithAck(CONVERSATION_SOCKET_EVENTS.send, { conversationId, text, clientKey: randomUUID() })) as SendAnswer;
    return { sentAt, answer };
  },
  /** Messages received since the last collection. */
  count: () => receipts.length / RECEIPT_FIELDS,
  /** The receipts since the last collection (flat, RECEIPT_FIELDS each) and the pages that lost their connection. */
  collect() {
    const collected = receipts;
    receipts = [];
    return { receipts: collected, disconnects };
  },
  close() {
    for (const socket of sockets) socket.close();
  },
});
