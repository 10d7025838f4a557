// What bench:conversations' processes agree on: the messages' words, the pages to open, what a page records, the bare server's setup.

/** The servers compared, as numbers in the receipts. */
export const SERVERS = ['api', 'bare'] as const;

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
