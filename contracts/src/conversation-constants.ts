/*
 * The conversations' limits without the schema library: the listing page's "write to the seller"
 * form reads them on a visit's first page, and a module that builds schemas brings zod along.
 * The schemas built on them are in conversations.ts.
 */

/** Conversations between a buyer and a seller about one listing (issue 37). */
export const CONVERSATION_LIMITS = {
  textMax: 1000,
  photosPerMessage: 4,
  conversationsPerPage: 20,
  messagesPerPage: 30,
} as const;
