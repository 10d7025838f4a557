// What bench:conversations' processes agree on: the messages' words, the pages to open, what a page records, the bare server's setup.

import type { SendAnswer } from '@market/contracts';

/** The servers compared, as numbers in the receipts. */
export const SERVERS = ['api', 'bare'] as const;
/** How a message is sent: `POST /api/conversations/{id}/messages`, or on the sender's page's socket (`conversation:send`). */
export const TRANSPORTS = ['http', 'socket'] as const;
export type Transport = (typeof TRANSPORTS)[number];

/** A buyer's usual first words; the number names the message in the run (no card-like digits, no links: no warnings). */
export const messageText = (seq: number) => `Assalomu alaykum, telefon hali sotuvdami? Narxi kelishiladimi? #${seq}`;
export const seqOf = (text: string) => Number(/#(\d+)$/.exec(text)?.[1] ?? -1);

/** One signed-in person's page on one server. */
export interface PageOrder {
  server: number;
  url: string;
  person: number;
  cookie: string;
}

/** A message a pages process sends on one of its pages' sockets, and what it answers. */
export interface SocketSend {
  server: number;
  person: number;
  conversationId: string;
  text: string;
}
export interface SocketSent {
  sentAt: number;
  answer: SendAnswer;
}

/** What a page records of each message pushed to it, flat: server, person, seq, message id, arrival (ms since the epoch, sub-millisecond). */
export const RECEIPT_FIELDS = 5;

/** The bare server's world: who each session cookie's token is, and who is in each conversation. */
export interface BareSetup {
  people: Array<[token: string, userId: string]>;
  conversations: Array<[conversationId: string, buyerId: string, sellerId: string]>;
  redisUrl: string;
  /** The Redis adapter's channel prefix: the API's is `${QUEUE_PREFIX}:socket.io`; this one differs, so the two never cross. */
  adapterKey: string;
}

/** A precise wall clock, comparable between the bench's processes. */
export const now = () => performance.timeOrigin + performance.now();
