// A bench:conversations helper process holding signed-in people's pages: one socket.io-client socket per person and server,
// opened as the web app opens it (its path, its session cookie), recording each message pushed to it and when it arrived.
// Apart from the servers, so that their memory and CPU are theirs alone.
import { io, type Socket } from 'socket.io-client';
import { CONVERSATION_SOCKET_EVENTS, CONVERSATION_SOCKET_PATH, type MessagePush } from '@market/contracts';
import { now, RECEIPT_FIELDS, seqOf, type PageOrder } from './conversation-traffic';
import { answerRequests } from './helper-process';

const sockets: Socket[] = [];
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
