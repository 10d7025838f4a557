import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import {
  CONVERSATION_LIMITS,
  CONVERSATION_SOCKET_EVENTS,
  messageWarnings,
  mayCompleteCardNumber,
  SPLIT_CARD_LOOKBACK,
  type MessagePush,
  type ReadPush,
  type Conversation,
  type ConversationMessage,
  type ConversationListing,
  type ConversationPage,
  type ConversationReport,
  type FavouriteState,
  type ListingCard,
  type ModeratorThreadPage,
  type MessagePage,
  type MessageWarning,
  type ReportedConversationPage,
  type StartConversation,
  type sendMessageSchema,
} from '@market/contracts';
import type { z } from 'zod';
import type { SessionUser } from '../auth/auth.decorators';
import { AppException } from '../common/app.exception';
import { recordedBy } from '../events/outbox.service';
import { listingOnSale } from '../browse/buyer-listings/buyer-listing-reads';
import { BuyerListingsService } from '../browse/buyer-listings/buyer-listings.service';
import { queryPrepared } from '../database/prepared-statement';
import { PublicReads } from '../database/public-reads';
import { CHANNEL_VARIANT, SCREEN_VARIANT } from '../listings/listing-photo-shapes';
import { RateLimitService } from '../rate-limit/rate-limit.service';
import { ImagesService } from '../uploads/images.service';
import { accountName, sellerNameAndPicture } from '../users/user-reads';
import { CONVERSATION_RATE_LIMITS } from './conversation.limits';
import { ConversationsLive } from './conversations-live';

interface ConversationRow {
  id: string;
  listing_id: string;
  buyer_id: string;
  seller_id: string;
  buyer_read_id: string;
  seller_read_id: string;
}

interface MessageRow {
  id: string;
  author_id: string;
  text: string;
  image_ids: string[];
  warnings: MessageWarning[];
  created_at: Date;
}

/** A message as it was written, with what the API tells each participant about it. */
interface StoredMessage {
  conversation: ConversationRow;
  message: MessageRow;
}

/** A message just sent. */
export interface SentMessage extends StoredMessage {
  /** Sent again with its key: the message stored the first time, nothing written or told now. */
  repeated: boolean;
}

/** A reply in the bot's chat to the message that relayed a conversation's message (`botMessageId`). */
export interface ChatReply {
  chatId: string;
  repliedTo: number;
  /** The reply's own message id in the chat: Telegram sends an update again until the bot confirms it. */
  messageId: number;
  text: string;
}

type SendMessageBody = z.output<typeof sendMessageSchema>;

/** A message as its recipient is told of it away from the thread (ConversationsService.aboutMessage). */
export interface MessageAbout {
  conversationId: string;
  listingName: string | null;
  text: string;
  warnings: MessageWarning[];
  photoLocations: string[];
  authorId: string;
  recipientId: string;
}

const MESSAGE_COLUMNS = 'm.id, m.author_id, m.text, m.image_ids, m.warnings, m.created_at';

/**
 * Conversations between a buyer and a listing's seller, one per listing and buyer. Only the two
 * participants reach one (anyone else gets 404). A message is written with its outbox event in one
 * statement (`write`); its id is its place in the thread, and messages of one
 * conversation are written one at a time (the conversation's row is locked), so ids commit in
 * order and a client catching up after an id never skips one.
 */
@Injectable()
export class ConversationsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly listings: BuyerListingsService,
    private readonly images: ImagesService,
    private readonly limits: RateLimitService,
    private readonly live: ConversationsLive,
    private readonly reads: PublicReads,
  ) {}

  /** Writes to a listing's seller: opens the conversation the first time, continues it after. */
  async start(user: SessionUser, request: StartConversation): Promise<{ conversation: Conversation; sent: SentMessage }> {
    const listing = await this.listings.find(request.listingId);
    const [existing] = (await this.dataSource.query(`SELECT id FROM conversation WHERE listing_id = $1 AND buyer_id = $2`, [
      request.listingId,
      user.id,
    ])) as Array<{ id: string }>;
    if (!listing || (!listing.onSale && !existing)) throw new AppException(HttpStatus.NOT_FOUND, 'listingNotFound');
    if (listing.authorId === user.id) throw new AppException(HttpStatus.FORBIDDEN, 'conversationOwnListing');
    const taken = [
      ...(existing ? [] : [[CONVERSATION_RATE_LIMITS.newConversations, user.id] as const]),
      [CONVERSATION_RATE_LIMITS.messages, user.id] as const,
    ];
    // Both or neither: a start the minute's messages refuse takes none of the hour's new conversations.
    await this.limits.consumeAll(taken);
    const { sent, opened } = await this.dataSource
      .transaction(async (transaction) => {
        // After the pair's lock, this statement reads any block made before it: a new conversation starts marked.
        if (!existing) await lockPair(transaction, user.id, listing.authorId);
        const inserted = (await transaction.query(
          `INSERT INTO conversation (listing_id, buyer_id, seller_id, blocked)
           SELECT $1, c.buyer_id, c.seller_id, ${PAIR_BLOCKED} FROM (SELECT $2::uuid AS buyer_id, $3::uuid AS seller_id) c
           ON CONFLICT (listing_id, buyer_id) DO NOTHING RETURNING id`,
          [listing.id, user.id, listing.authorId],
        )) as unknown[];
        return { sent: await this.write(transaction, user.id, { listingId: listing.id }, request.text, [], request.clientKey), opened: inserted.length > 0 };
      })
      .catch(async (refusal: unknown) => {
        // Refused (a block, a listing sold or removed meanwhile) and rolled back: nothing was sent, nothing counts.
        for (const [limit, key] of taken) await this.limits.refund(limit, key);
        throw refusal;
      });
    // The same buyer's other page opened it meanwhile: this message continued it, and takes none of the hour's new ones.
    if (!existing && !opened) await this.limits.refund(CONVERSATION_RATE_LIMITS.newConversations, user.id);
    if (sent.repeated) await this.limits.refund(CONVERSATION_RATE_LIMITS.messages, user.id);
    await this.pushMessage(sent);
    return { conversation: await this.one(user.id, sent.conversation.id), sent };
  }

  /**
   * A message sent by a signed-in person, through `POST /api/conversations/{id}/messages` or on their page's socket
   * (`conversation:send`) alike, its body already checked with the contracts' `sendMessageSchema`: answered as its
   * author sees it.
   */
  async sendMessage(user: SessionUser, conversationId: string, { text, images, clientKey }: SendMessageBody): Promise<ConversationMessage> {
    return this.messageFor(user.id, await this.send(user, conversationId, text, images, clientKey));
  }

  /**
   * Sends a message with up to 4 photos uploaded through `POST /api/upload`. Sent again with the same `clientKey`, it
   * is answered with the message stored the first time, its photos, limits and event untouched.
   */
  async send(user: SessionUser, conversationId: string, text: string, imageIds: readonly string[], clientKey?: string): Promise<SentMessage> {
    await this.limits.consume(CONVERSATION_RATE_LIMITS.messages, user.id);
    const photos = [...new Set(imageIds)];
    if (photos.length) {
      try {
        await this.limits.consume(CONVERSATION_RATE_LIMITS.photos, user.id, photos.length);
      } catch (refusal) {
        await this.limits.refund(CONVERSATION_RATE_LIMITS.messages, user.id);
        throw refusal;
      }
    }
    // Without photos the message is one statement; photos join it in a transaction that takes them as the author's.
    const sent = photos.length
      ? await this.dataSource.transaction(async (transaction) => {
          const written = await this.write(transaction, user.id, { conversationId }, text, photos, clientKey);
          if (written.repeated) return written;
          const owned = await this.images.lockOwned(transaction, photos, [user.id], 'listing');
          if (owned.length !== photos.length) throw new AppException(HttpStatus.BAD_REQUEST, 'messagePhotoNotFound');
          await this.images.markAttached(transaction, photos, 'listing');
          return written;
        })
      : await this.write(this.dataSource.manager, user.id, { conversationId }, text, [], clientKey);
    if (sent.repeated) {
      await this.limits.refund(CONVERSATION_RATE_LIMITS.messages, user.id);
      if (photos.length) await this.limits.refund(CONVERSATION_RATE_LIMITS.photos, user.id, photos.length);
    }
    // Pushed again when repeated: the pages de-duplicate, and the first push may be what was lost.
    await this.pushMessage(sent);
    return sent;
  }

  /** The user's conversations, the latest message first, and their unread messages in all. */
  async page(userId: string, page: number): Promise<ConversationPage> {
    const perPage = CONVERSATION_LIMITS.conversationsPerPage;
    const [ids, [{ total, unread }]] = (await Promise.all([
      this.dataSource.query(
        `SELECT id FROM conversation WHERE buyer_id = $1 OR seller_id = $1 ORDER BY last_message_at DESC, id LIMIT $2 OFFSET $3`,
        [userId, perPage, (page - 1) * perPage],
      ),
      this.dataSource.query(
        `SELECT count(*)::int AS total, coalesce(sum(${UNREAD}), 0)::int AS unread FROM conversation c WHERE c.buyer_id = $1 OR c.seller_id = $1`,
        [userId],
      ),
    ])) as [Array<{ id: string }>, Array<{ total: number; unread: number }>];
    return { conversations: await this.cards(userId, ids.map((row) => row.id)), pages: Math.ceil(total / perPage), unread };
  }

  async one(userId: string, conversationId: string): Promise<Conversation> {
    const [conversation] = await this.cards(userId, [conversationId]);
    if (!conversation) throw new AppException(HttpStatus.NOT_FOUND, 'conversationNotFound');
    return conversation;
  }

  /** A page of the thread, oldest first, ending before message `before` (the latest page without it). */
  async messages(userId: string, conversationId: string, before?: number): Promise<MessagePage> {
    const conversation = await this.participantOf(userId, conversationId);
    return this.thread(userId, conversation, before);
  }

  /** Marks every message the other person wrote so far as read. */
  async read(userId: string, conversationId: string): Promise<Conversation> {
    const conversation = await this.participantOf(userId, conversationId);
    const mark = conversation.buyer_id === userId ? 'buyer_read_id' : 'seller_read_id';
    const [[{ read_id: readId }]] = (await this.dataSource.query(
      `UPDATE conversation SET ${mark} = greatest(${mark}, (SELECT coalesce(max(id), 0) FROM conversation_message WHERE conversation_id = $1)) WHERE id = $1
       RETURNING ${mark} AS read_id`,
      [conversationId],
    )) as [Array<{ read_id: string }>, number];
    const push: ReadPush = { conversationId, readerId: userId, readId: Number(readId) };
    for (const person of [conversation.buyer_id, conversation.seller_id]) this.live.push(person, CONVERSATION_SOCKET_EVENTS.read, push);
    return this.one(userId, conversationId);
  }

  /**
   * Either side blocks the other person: no more messages either way in any conversation of theirs, and no new one;
   * the threads stay readable. A message being written at that moment is stored before the block is answered, or
   * refused: none arrives after it.
   */
  async block(userId: string, conversationId: string): Promise<Conversation> {
    const conversation = await this.participantOf(userId, conversationId);
    await this.changeBlock(userId, otherOf(conversation, userId), 'block');
    return this.one(userId, conversationId);
  }

  /** Lifts the block `userId` put on the other person; one the other put on them stays. */
  async unblock(userId: string, conversationId: string): Promise<Conversation> {
    const conversation = await this.participantOf(userId, conversationId);
    await this.changeBlock(userId, otherOf(conversation, userId), 'unblock');
    return this.one(userId, conversationId);
  }

  /**
   * Records a block or its lifting and marks every conversation of the two people with what is left. Marking waits
   * for a message holding a conversation's row, and a message waiting for the row then reads the mark; the pair's
   * lock keeps a conversation being opened meanwhile from missing it.
   */
  private changeBlock(blockerId: string, blockedId: string, change: keyof typeof BLOCK_CHANGES): Promise<void> {
    return this.dataSource.transaction(async (transaction) => {
      await lockPair(transaction, blockerId, blockedId);
      await transaction.query(BLOCK_CHANGES[change], [blockerId, blockedId]);
      await transaction.query(`UPDATE conversation c SET blocked = ${PAIR_BLOCKED} WHERE (c.buyer_id, c.seller_id) IN (($1, $2), ($2, $1))`, [
        blockerId,
        blockedId,
      ]);
    });
  }

  /** A participant's report opens the conversation to the moderators; a second report by the same person changes nothing. */
  async report(userId: string, conversationId: string, report: ConversationReport): Promise<void> {
    await this.participantOf(userId, conversationId);
    await this.dataSource.query(
      `INSERT INTO conversation_report (conversation_id, reporter_id, reason, text) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`,
      [conversationId, userId, report.reason, report.text ?? null],
    );
  }

  /** Reported conversations, the latest report first, for the moderators: each report with who made it, the buyer or the seller. */
  async reported(page: number): Promise<ReportedConversationPage> {
    const perPage = CONVERSATION_LIMITS.conversationsPerPage;
    const reporter = accountName('r.reporter_id', 'reporter');
    const [rows, [{ total }]] = (await Promise.all([
      this.dataSource.query(
        `SELECT c.id, c.listing_id, max(r.created_at) AS reported_at,
                json_agg(json_build_object('reason', r.reason, 'text', r.text, 'name', r.reporter_name,
                                           'role', CASE WHEN r.reporter_id = c.buyer_id THEN 'buyer' ELSE 'seller' END) ORDER BY r.created_at) AS reports
           FROM conversation c JOIN (SELECT r.*, ${reporter.columns} FROM conversation_report r ${reporter.join}) r ON r.conversation_id = c.id
          GROUP BY c.id ORDER BY reported_at DESC, c.id LIMIT $1 OFFSET $2`,
        [perPage, (page - 1) * perPage],
      ),
      this.dataSource.query(`SELECT count(DISTINCT conversation_id)::int AS total FROM conversation_report`),
    ])) as [
      Array<{
        id: string;
        listing_id: string;
        reported_at: Date;
        reports: Array<{ reason: ConversationReport['reason']; text: string | null; role: 'buyer' | 'seller'; name: string | null }>;
      }>,
      Array<{ total: number }>,
    ];
    const listings = await this.listings.cards(rows.map((row) => row.listing_id));
    return {
      conversations: rows.flatMap((row) => {
        const listing = listings.get(row.listing_id);
        if (!listing) return [];
        return {
          id: row.id,
          listing: conversationListing(listing),
          reportedAt: row.reported_at.toISOString(),
          reports: row.reports.map((report) => ({ reason: report.reason, text: report.text ?? undefined, reporter: { role: report.role, name: report.name } })),
        };
      }),
      pages: Math.ceil(total / perPage),
    };
  }

  /**
   * A reported conversation's thread for a moderator, with its listing and its two people (whose messages are whose);
   * the read is recorded. Any other conversation is not found.
   */
  async moderatorRead(moderatorId: string, conversationId: string, before?: number): Promise<ModeratorThreadPage> {
    const [buyer, seller] = [accountName('c.buyer_id', 'buyer'), accountName('c.seller_id', 'seller')];
    const [conversation] = (await this.dataSource.query(
      `SELECT c.*, ${buyer.columns}, ${seller.columns} FROM conversation c ${buyer.join} ${seller.join}
        WHERE c.id = $1 AND EXISTS (SELECT 1 FROM conversation_report r WHERE r.conversation_id = c.id)`,
      [conversationId],
    )) as Array<ConversationRow & { buyer_name: string | null; seller_name: string | null }>;
    const listing = conversation && (await this.listings.cards([conversation.listing_id])).get(conversation.listing_id);
    if (!listing) throw new AppException(HttpStatus.NOT_FOUND, 'conversationNotFound');
    await this.dataSource.query(`INSERT INTO conversation_moderator_read (conversation_id, moderator_id) VALUES ($1, $2)`, [conversationId, moderatorId]);
    return {
      ...(await this.thread(moderatorId, conversation, before)),
      listing: conversationListing(listing),
      buyer: { id: conversation.buyer_id, name: conversation.buyer_name },
      seller: { id: conversation.seller_id, name: conversation.seller_name },
    };
  }

  /** The messages after message `after`, oldest first: what a page that reconnects missed. `hasOlder` here: more follow. */
  async after(userId: string, conversationId: string, after: number): Promise<MessagePage> {
    const conversation = await this.participantOf(userId, conversationId);
    const perPage = CONVERSATION_LIMITS.messagesPerPage;
    const rows = (await this.dataSource.query(
      `SELECT ${MESSAGE_COLUMNS} FROM conversation_message m WHERE m.conversation_id = $1 AND m.id > $2 ORDER BY m.id LIMIT $3`,
      [conversationId, after, perPage + 1],
    )) as MessageRow[];
    const othersMark = Number(conversation.buyer_id === userId ? conversation.seller_read_id : conversation.buyer_read_id);
    return { messages: await Promise.all(rows.slice(0, perPage).map((row) => this.toMessage(userId, row, othersMark))), hasOlder: rows.length > perPage };
  }

  /**
   * What the inbox and the bot tell the recipient of a message: the listing's name, the words and their warnings, never
   * who wrote them; its photos as the JPEG copies Telegram takes by address (`photoLocations`, the site's paths).
   */
  async aboutMessage(messageId: number): Promise<MessageAbout | null> {
    const [row] = (await this.dataSource.query(
      `SELECT m.conversation_id, m.text, m.warnings, m.image_ids, m.author_id, c.buyer_id, c.seller_id, c.listing_id
         FROM conversation_message m JOIN conversation c ON c.id = m.conversation_id WHERE m.id = $1`,
      [messageId],
    )) as Array<{
      conversation_id: string;
      text: string;
      warnings: MessageWarning[];
      image_ids: string[];
      author_id: string;
      buyer_id: string;
      seller_id: string;
      listing_id: string;
    }>;
    if (!row) return null;
    const [listing, photoLocations] = await Promise.all([this.listings.find(row.listing_id), this.images.locationsOf(row.image_ids, CHANNEL_VARIANT)]);
    return {
      conversationId: row.conversation_id,
      listingName: listing?.name ?? null,
      text: row.text,
      warnings: row.warnings,
      photoLocations,
      authorId: row.author_id,
      recipientId: row.author_id === row.buyer_id ? row.seller_id : row.buyer_id,
    };
  }

  /**
   * Pushes a committed message to both people's open pages again, from its outbox event (the workers): the push that
   * leaves right after the commit is lost if its API process dies in between, this one is not. Pages keep each id once.
   */
  async pushFromOutbox(messageId: number): Promise<void> {
    const stored = await this.stored(this.dataSource.manager, 'm.id = $1', [messageId]);
    if (stored) await this.pushMessage(stored);
  }

  /** Remembers the bot's message that relayed a conversation's message to `userId`'s chat: a reply to it answers there. */
  async recordRelay(chatId: string, botMessageId: number, conversationId: string, userId: string): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO conversation_relay (chat_id, bot_message_id, conversation_id, user_id) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`,
      [chatId, botMessageId, conversationId, userId],
    );
  }

  /**
   * A reply in Telegram to a relayed message: sent into its conversation as `userId`'s message, with
   * the site's rules and limits. Null when the replied message relayed nothing to this person.
   */
  async replyFromChat(userId: string, reply: ChatReply): Promise<SentMessage | null> {
    const [relay] = (await this.dataSource.query(
      `SELECT conversation_id FROM conversation_relay WHERE chat_id = $1 AND bot_message_id = $2 AND user_id = $3`,
      [reply.chatId, reply.repliedTo, userId],
    )) as Array<{ conversation_id: string }>;
    if (!relay) return null;
    const words = reply.text.trim();
    if (!words) throw new AppException(HttpStatus.BAD_REQUEST, 'messageEmpty');
    if (words.length > CONVERSATION_LIMITS.textMax) throw new AppException(HttpStatus.BAD_REQUEST, 'messageTooLong');
    return this.send({ id: userId, role: 'user' }, relay.conversation_id, words, [], `telegram:${reply.chatId}:${reply.messageId}`);
  }

  /**
   * The buyers who wrote about a listing and got its seller's answer, the latest conversation first:
   * those a sale can name as its buyer (issue 38), as a deal needs messages from both sides. Not one
   * blocked either way: the deal's question and notices would reach them.
   */
  async answeredBuyers(listingId: string, transaction: EntityManager = this.dataSource.manager): Promise<string[]> {
    const rows = (await transaction.query(
      `SELECT c.buyer_id FROM conversation c
        WHERE c.listing_id = $1 AND NOT c.blocked
          AND EXISTS (SELECT 1 FROM conversation_message m WHERE m.conversation_id = c.id AND m.author_id = c.buyer_id)
          AND EXISTS (SELECT 1 FROM conversation_message m WHERE m.conversation_id = c.id AND m.author_id = c.seller_id)
        ORDER BY c.last_message_at DESC`,
      [listingId],
    )) as Array<{ buyer_id: string }>;
    return rows.map((row) => row.buyer_id);
  }

  /**
   * Whether `authorId` sent photo `imageId` in a message, in the caller's transaction: the thread shows it for good,
   * to the other person and to the moderators of a reported thread. Looked up through the author's conversations,
   * which their indexes find: a message's photos are its author's uploads.
   */
  async photoSent(transaction: EntityManager, authorId: string, imageId: string): Promise<boolean> {
    const [{ sent }] = (await transaction.query(
      `SELECT EXISTS (
         SELECT 1 FROM conversation c JOIN conversation_message m ON m.conversation_id = c.id
          WHERE (c.buyer_id = $1 OR c.seller_id = $1) AND m.author_id = $1 AND m.image_ids @> ARRAY[$2::uuid]
       ) AS sent`,
      [authorId, imageId],
    )) as [{ sent: boolean }];
    return sent;
  }

  /**
   * How a seller answers buyers, from the conversations buyers opened with them in the last `days`:
   * the share answered at all (%), and the median minutes from a buyer's first message to the
   * seller's first answer. Null without a conversation, or without an answer.
   */
  async replyStats(sellerId: string, days: number): Promise<{ replyRate: number | null; replyMinutes: number | null }> {
    const [row] = await this.reads.query<{ opened: number; answered: number; minutes: number | null }>(
      `SELECT count(*)::int AS opened, count(answered_at)::int AS answered,
              round(percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM answered_at - asked_at) / 60))::int AS minutes
         FROM (SELECT (SELECT min(m.created_at) FROM conversation_message m WHERE m.conversation_id = c.id AND m.author_id = c.buyer_id) AS asked_at,
                      (SELECT min(m.created_at) FROM conversation_message m WHERE m.conversation_id = c.id AND m.author_id = c.seller_id) AS answered_at
                 FROM conversation c WHERE c.seller_id = $1 AND c.created_at > now() - make_interval(days => $2)) opened`,
      [sellerId, days],
      { prepared: true },
    );
    return { replyRate: row.opened ? Math.round((row.answered / row.opened) * 100) : null, replyMinutes: row.minutes };
  }

  /** The message as `viewerId` sees it: whether it is theirs, and whether the other person has read it. */
  private async messageFor(viewerId: string, { conversation, message }: StoredMessage): Promise<ConversationMessage> {
    const othersMark = conversation.buyer_id === viewerId ? conversation.seller_read_id : conversation.buyer_read_id;
    return this.toMessage(viewerId, message, Number(othersMark));
  }

  /** Pushes a committed message to both people's open pages, each seeing it as theirs or not. */
  private async pushMessage(sent: StoredMessage): Promise<void> {
    for (const person of [sent.conversation.buyer_id, sent.conversation.seller_id]) {
      const push: MessagePush = { conversationId: sent.conversation.id, message: await this.messageFor(person, sent) };
      this.live.push(person, CONVERSATION_SOCKET_EVENTS.message, push);
    }
  }

  private async thread(viewerId: string, conversation: ConversationRow, before?: number): Promise<MessagePage> {
    const perPage = CONVERSATION_LIMITS.messagesPerPage;
    const rows = (await this.dataSource.query(
      `SELECT ${MESSAGE_COLUMNS} FROM conversation_message m
        WHERE m.conversation_id = $1 AND ($2::bigint IS NULL OR m.id < $2) ORDER BY m.id DESC LIMIT $3`,
      [conversation.id, before ?? null, perPage + 1],
    )) as MessageRow[];
    // A moderator is neither side: read receipts are the buyer's marks on the seller's messages and back.
    const othersMark = Number(conversation.buyer_id === viewerId ? conversation.seller_read_id : conversation.buyer_read_id);
    const page = rows.slice(0, perPage).reverse();
    return {
      messages: await Promise.all(page.map((row) => this.toMessage(viewerId, row, othersMark))),
      hasOlder: rows.length > perPage,
    };
  }

  private async toMessage(viewerId: string, row: MessageRow, othersReadId: number): Promise<ConversationMessage> {
    const id = Number(row.id);
    const mine = row.author_id === viewerId;
    return {
      id,
      authorId: row.author_id,
      mine,
      text: row.text,
      images: await this.images.locationsOf(row.image_ids, SCREEN_VARIANT),
      warnings: row.warnings,
      read: mine && id <= othersReadId,
      createdAt: row.created_at.toISOString(),
    };
  }

  /** The conversations as their list shows them, in the order of `ids`. */
  private async cards(userId: string, ids: readonly string[]): Promise<Conversation[]> {
    if (ids.length === 0) return [];
    const other = sellerNameAndPicture('CASE WHEN c.buyer_id = $1 THEN c.seller_id ELSE c.buyer_id END');
    const rows = (await this.dataSource.query(
      `SELECT c.id, c.listing_id, c.buyer_id, c.seller_id, c.buyer_read_id, c.seller_read_id, c.last_message_at,
              c.blocked, EXISTS (SELECT 1 FROM user_block b WHERE b.blocker_id = $1 AND b.blocked_id IN (c.buyer_id, c.seller_id)) AS blocked_by_me,
              ${UNREAD}::int AS unread, ${other.columns},
              to_json(last) AS last_message
         FROM conversation c ${other.join}
         LEFT JOIN LATERAL (SELECT ${MESSAGE_COLUMNS} FROM conversation_message m WHERE m.conversation_id = c.id ORDER BY m.id DESC LIMIT 1) last ON true
        WHERE c.id = ANY($2::uuid[]) AND (c.buyer_id = $1 OR c.seller_id = $1)`,
      [userId, ids],
    )) as Array<
      ConversationRow & {
        blocked: boolean;
        blocked_by_me: boolean;
        last_message_at: Date;
        unread: number;
        seller_name: string | null;
        seller_image_id: string | null;
        seller_image_location: string | null;
        last_message: (Omit<MessageRow, 'created_at'> & { created_at: string }) | null;
      }
    >;
    const listings = await this.listings.cards(rows.map((row) => row.listing_id));
    const conversations = await Promise.all(
      rows.map(async (row): Promise<Conversation | null> => {
        const listing = listings.get(row.listing_id);
        if (!listing) return null;
        const role = row.buyer_id === userId ? 'buyer' : 'seller';
        const othersMark = Number(role === 'buyer' ? row.seller_read_id : row.buyer_read_id);
        const last = row.last_message;
        return {
          id: row.id,
          role,
          state: row.blocked ? 'blocked' : listing.state === 'onSale' ? 'open' : 'closed',
          blockedByMe: row.blocked_by_me,
          listing: conversationListing(listing),
          other: {
            id: role === 'buyer' ? row.seller_id : row.buyer_id,
            name: row.seller_name,
            image: row.seller_image_id ? { _id: row.seller_image_id, location: row.seller_image_location! } : null,
          },
          lastMessage: last ? await this.toMessage(userId, { ...last, created_at: new Date(last.created_at) }, othersMark) : null,
          unread: row.unread,
          updatedAt: row.last_message_at.toISOString(),
        };
      }),
    );
    const byId = new Map(conversations.flatMap((conversation) => (conversation ? [[conversation.id, conversation] as const] : [])));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  /** The conversation if `userId` is one of its two people; 404 to anyone else, as if it did not exist. */
  private async participantOf(userId: string, conversationId: string): Promise<ConversationRow> {
    const [conversation] = (await this.dataSource.query(`SELECT * FROM conversation WHERE id = $1 AND (buyer_id = $2 OR seller_id = $2)`, [
      conversationId,
      userId,
    ])) as ConversationRow[];
    if (!conversation) throw new AppException(HttpStatus.NOT_FOUND, 'conversationNotFound');
    return conversation;
  }

  /**
   * Writes the message, the conversation's latest time and its author's read mark (they have read
   * what they answered), and the message's event, in one statement: atomic, one round trip. It
   * refuses (writing nothing) anyone but the two people, two people one of whom blocked the other, and one whose
   * listing was sold or removed. The conversation's row is locked before the message takes its id,
   * so ids commit in order. A message with a card number, prepayment wording or an outside link
   * carries its warnings: shown beside it, never blocked or masked.
   */
  private async write(
    database: EntityManager,
    authorId: string,
    by: { conversationId: string } | { listingId: string },
    text: string,
    imageIds: string[],
    clientKey: string | undefined,
  ): Promise<SentMessage> {
    // Only a message opening with digits or holding a group of four can complete a card number its author began in earlier ones.
    const earlier = mayCompleteCardNumber(text) ? await this.recentTexts(database, authorId, by) : [];
    const listing = listingOnSale('c.listing_id');
    const event = recordedBy(
      'conversation.message-sent',
      { conversationId: 'c.id', messageId: 'm.id', recipientId: 'CASE WHEN c.buyer_id = $2 THEN c.seller_id ELSE c.buyer_id END', first: 'c.first' },
      'c JOIN m ON true',
    );
    // `first`: the statement's snapshot holds every earlier message, as a conversation commits with its first one.
    // Prepared: planning this statement afresh took two thirds of its time in PostgreSQL.
    const [row] = await queryPrepared<ConversationRow & Omit<MessageRow, 'id'> & { blocked: boolean; listing_on_sale: boolean; message_id: string | null }>(
      database,
      `WITH c AS (
         SELECT c.id, c.listing_id, c.buyer_id, c.seller_id, c.blocked, ${listing.columns},
                NOT EXISTS (SELECT 1 FROM conversation_message earlier WHERE earlier.conversation_id = c.id) AS first
           FROM conversation c ${listing.join}
          WHERE ${authorsConversation(by)}
            FOR UPDATE OF c
       ), m AS (
         INSERT INTO conversation_message (conversation_id, author_id, text, image_ids, warnings, client_key)
         SELECT c.id, $2, $3, $4, $5, $6 FROM c WHERE NOT c.blocked AND c.listing_on_sale
         ON CONFLICT (conversation_id, author_id, client_key) WHERE client_key IS NOT NULL DO NOTHING
         RETURNING id, conversation_id, author_id, text, image_ids, warnings, created_at
       ), u AS (
         UPDATE conversation SET last_message_at = m.created_at,
                buyer_read_id = CASE WHEN conversation.buyer_id = $2 THEN m.id ELSE conversation.buyer_read_id END,
                seller_read_id = CASE WHEN conversation.seller_id = $2 THEN m.id ELSE conversation.seller_read_id END
           FROM m WHERE conversation.id = m.conversation_id
         RETURNING conversation.buyer_read_id, conversation.seller_read_id
       ), e AS (${event})
       SELECT c.id, c.listing_id, c.buyer_id, c.seller_id, c.blocked, c.listing_on_sale, u.buyer_read_id, u.seller_read_id,
              m.id AS message_id, m.author_id, m.text, m.image_ids, m.warnings, m.created_at
         FROM c LEFT JOIN m ON true LEFT JOIN u ON true`,
      ['conversationId' in by ? by.conversationId : by.listingId, authorId, text, imageIds, messageWarnings(text, earlier), clientKey ?? null],
    );
    if (!row) throw new AppException(HttpStatus.NOT_FOUND, 'conversationNotFound');
    if (row.blocked) throw new AppException(HttpStatus.CONFLICT, 'conversationBlocked');
    if (!row.listing_on_sale) throw new AppException(HttpStatus.CONFLICT, 'conversationClosed');
    // Nothing inserted, and the conversation open: the key's message is stored (the conversation's lock waited for it).
    if (!row.message_id) {
      const stored = await this.stored(database, 'm.conversation_id = $1 AND m.author_id = $2 AND m.client_key = $3', [row.id, authorId, clientKey]);
      return { ...stored!, repeated: true };
    }
    const { id, listing_id, buyer_id, seller_id, buyer_read_id, seller_read_id } = row;
    return {
      conversation: { id, listing_id, buyer_id, seller_id, buyer_read_id, seller_read_id },
      message: { id: row.message_id, author_id: row.author_id, text: row.text, image_ids: row.image_ids, warnings: row.warnings, created_at: row.created_at },
      repeated: false,
    };
  }

  /** The author's last messages in the conversation while recent (SPLIT_CARD_LOOKBACK), oldest first. */
  private async recentTexts(database: EntityManager, authorId: string, by: { conversationId: string } | { listingId: string }): Promise<string[]> {
    const rows = (await database.query(
      `SELECT m.text FROM conversation c JOIN conversation_message m ON m.conversation_id = c.id
        WHERE ${authorsConversation(by)} AND m.author_id = $2 AND m.created_at > now() - make_interval(mins => $3)
        ORDER BY m.id DESC LIMIT $4`,
      ['conversationId' in by ? by.conversationId : by.listingId, authorId, SPLIT_CARD_LOOKBACK.minutes, SPLIT_CARD_LOOKBACK.messages],
    )) as Array<{ text: string }>;
    return rows.map((row) => row.text).reverse();
  }

  /** A message of the conversation found by `condition` (on its alias `m`), with that conversation. */
  private async stored(database: EntityManager, condition: string, parameters: unknown[]): Promise<StoredMessage | undefined> {
    const [row] = (await database.query(
      `SELECT ${MESSAGE_COLUMNS}, c.id AS conversation_id, c.listing_id, c.buyer_id, c.seller_id, c.buyer_read_id, c.seller_read_id
         FROM conversation_message m JOIN conversation c ON c.id = m.conversation_id WHERE ${condition}`,
      parameters,
    )) as Array<MessageRow & Omit<ConversationRow, 'id'> & { conversation_id: string }>;
    if (!row) return undefined;
    const { conversation_id, listing_id, buyer_id, seller_id, buyer_read_id, seller_read_id, ...message } = row;
    return { conversation: { id: conversation_id, listing_id, buyer_id, seller_id, buyer_read_id, seller_read_id }, message };
  }
}

/** Conversation `c` by its id ($1) with the author ($2) one of its people, or by its listing ($1) and its buyer ($2). */
const authorsConversation = (by: { conversationId: string } | { listingId: string }) =>
  'conversationId' in by ? 'c.id = $1 AND (c.buyer_id = $2 OR c.seller_id = $2)' : 'c.listing_id = $1 AND c.buyer_id = $2';

/** A block put or lifted, on $1 the blocker and $2 the blocked person. */
const BLOCK_CHANGES = {
  block: `INSERT INTO user_block (blocker_id, blocked_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`,
  unblock: `DELETE FROM user_block WHERE blocker_id = $1 AND blocked_id = $2`,
};

/** Whether either person of conversation `c` blocked the other (user_block), kept on the conversation's row as `blocked`. */
const PAIR_BLOCKED = `EXISTS (SELECT 1 FROM user_block b WHERE (b.blocker_id, b.blocked_id) IN ((c.buyer_id, c.seller_id), (c.seller_id, c.buyer_id)))`;

/** Blocks, their lifting and new conversations between two people, one at a time (a transaction's lock). */
const lockPair = (transaction: EntityManager, oneId: string, otherId: string) =>
  transaction.query(`SELECT pg_advisory_xact_lock(hashtext('person-pair:' || least($1::text, $2::text) || greatest($1::text, $2::text)))`, [oneId, otherId]);

/** A listing's card (BuyerListingsService.cards) as a conversation shows it. */
const conversationListing = ({ card, state }: { card: ListingCard; state: FavouriteState }): ConversationListing => ({
  _id: card._id,
  name: card.name,
  price: card.price,
  valut: card.valut,
  image: card.image,
  state,
});

const otherOf = (conversation: ConversationRow, userId: string) => (conversation.buyer_id === userId ? conversation.seller_id : conversation.buyer_id);

/** The viewer's ($1) unread messages of conversation `c`: the other person's, after the viewer's read mark. */
const UNREAD = `(SELECT count(*) FROM conversation_message u
   WHERE u.conversation_id = c.id AND u.author_id <> $1
     AND u.id > CASE WHEN c.buyer_id = $1 THEN c.buyer_read_id ELSE c.seller_read_id END)`;
