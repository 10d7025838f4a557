import { z } from 'zod';
import { currencySchema, socialChannelSchema } from './listing';
import { CHANNEL_SKIP_REASONS } from './listing-constants';
import { phoneNumberSchema } from './user';

/** BullMQ queues, one per kind of work the workers do. */
export const QUEUES = {
  sms: 'sms',
  social: 'social',
  notify: 'notify',
  deviceSpecs: 'device-specs',
  payments: 'payments',
  /** Buyers' alerts: saved searches matched by approved listings. */
  buyerAlerts: 'buyer-alerts',
  drafts: 'drafts',
  /** The workers' periodic ticks (SCHEDULED_JOBS), each run once across all worker processes. */
  schedules: 'schedules',
  /**
   * Pushes to people's open pages from the outbox: a message's push that survives the death of the API process that
   * wrote it. Its own queue, so that the bot's pacing on `notify` never holds it back.
   */
  pushes: 'pushes',
} as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

const uuid = z.uuid();

/** An SMS as the gateway takes it. It may hold a password or a code: events and jobs carry it sealed (SMS_SECRET_KEY). */
export const smsTextSchema = z.string().min(1).max(480);

/** Domain events written to the outbox in the transaction of the change they describe. */
export const EVENT_PAYLOADS = {
  // The workers check the number again: a job that reached the queue some other way texts no foreign number.
  'sms.requested': z.object({ phoneNumber: phoneNumberSchema, sealedText: z.string().min(1) }),
  'listing.approved': z.object({ listingId: uuid, approvedBy: uuid }),
  'listing.rejected': z.object({ listingId: uuid, reason: z.string().min(1) }),
  'listing.publish-requested': z.object({ listingId: uuid, channels: z.array(socialChannelSchema).min(1) }),
  'listing.posted': z.object({ listingId: uuid, channel: socialChannelSchema, link: z.url() }),
  'listing.channel-skipped': z.object({ listingId: uuid, channel: socialChannelSchema, reason: z.enum(CHANNEL_SKIP_REASONS) }),
  'listing.price-lowered': z.object({ listingId: uuid, oldPrice: z.number().int().nonnegative(), oldValut: currencySchema }),
  // A bought repost (issue 39): one more post of the listing to the configured channels, its steps under the promotion's id.
  'promotion.repost-requested': z.object({ promotionId: uuid, listingId: uuid }),
  'payment.confirmed': z.object({ userId: uuid, transactionId: uuid, amount: z.number().int().positive() }),
  'device.refresh-requested': z.object({ deviceId: uuid }),
  // `first`: the message opened the conversation (the seller's inbox says so).
  'conversation.message-sent': z.object({ conversationId: uuid, messageId: z.number().int().positive(), recipientId: uuid, first: z.boolean() }),
  // A sale naming its buyer (issue 38): the buyer is told the deal awaits their confirmation.
  'deal.opened': z.object({ dealId: uuid, listingId: uuid, buyerId: uuid }),
} as const;

export type EventName = keyof typeof EVENT_PAYLOADS;
export type EventPayload<E extends EventName> = z.infer<(typeof EVENT_PAYLOADS)[E]>;
export const EVENT_NAMES = Object.keys(EVENT_PAYLOADS) as EventName[];

/** Which queues receive each event; the relay adds one job per queue with jobId = event id. */
export const EVENT_QUEUES = {
  'sms.requested': [QUEUES.sms],
  'listing.approved': [QUEUES.notify, QUEUES.buyerAlerts],
  'listing.rejected': [QUEUES.notify],
  'listing.publish-requested': [QUEUES.social],
  'listing.posted': [QUEUES.notify],
  'listing.channel-skipped': [QUEUES.notify],
  'listing.price-lowered': [QUEUES.buyerAlerts],
  'promotion.repost-requested': [QUEUES.social],
  'payment.confirmed': [QUEUES.notify],
  'device.refresh-requested': [QUEUES.deviceSpecs],
  'conversation.message-sent': [QUEUES.notify, QUEUES.pushes],
  'deal.opened': [QUEUES.notify],
} as const satisfies Record<EventName, readonly QueueName[]>;

/** The social queue's per-channel job, added by the fan-out of 'listing.publish-requested'. */
export const CHANNEL_PUBLISH_JOB = 'channel.publish';
export const channelPublishJobSchema = z.object({
  listingId: uuid,
  channel: socialChannelSchema,
  /** A bought repost's promotion (issue 39): posted again whatever the tariff, its steps kept apart from the first post's. */
  repostOf: uuid.optional(),
});
export type ChannelPublishJob = z.infer<typeof channelPublishJobSchema>;

/**
 * The social queue's one-off job: listing photos stored before the channel copy existed, or with one in
 * the photo's own ratio that Instagram refuses, get the JPEG copy padded to Instagram's ratios. Added
 * once (a fixed job id, kept when done); a second run makes no copy twice.
 */
export const CHANNEL_COPIES_BACKFILL_JOB = 'photos.backfill-channel-copies';

/**
 * The payments queue's scheduled job: card payments whose Payme receipt was taken but not yet
 * paid are asked about again until it is paid (credited once) or cancelled. Re-runnable: it only
 * reads Payme's receipt states and records what it finds.
 */
export const PAYMENT_RECHECK_JOB = 'payments.recheck-settling';
export const PAYMENT_RECHECK_EVERY_MS = 60_000;

/**
 * The payments queue's scheduled job (issue 39): TOPs that ran their days end, and promotions whose
 * listing left sale are refunded what they could not run, once (the ledger's reference is the promotion).
 */
export const PROMOTION_SETTLE_JOB = 'promotions.settle';
export const PROMOTION_SETTLE_EVERY_MS = 60_000;

/** The drafts queue's scheduled job: drafts untouched for 30 days are removed with their photos. */
export const ABANDONED_DRAFTS_JOB = 'drafts.remove-abandoned';

/**
 * The schedules queue's jobs: work the workers do on a clock, each added by a BullMQ job scheduler
 * (workers/src/schedules) so that a tick runs on one worker process, not on each. Every one is safe
 * to run again: a retried or overlapping run sends, fetches or removes nothing twice.
 */
export const SCHEDULED_JOBS = {
  savedSearchDigests: 'saved-searches.send-digests',
  sellerRatings: 'sellers.refresh-ratings',
  usdRate: 'exchange-rate.refresh-usd',
  dispatchedEventsPrune: 'outbox.prune-dispatched',
  unusedPhotos: 'photos.remove-unused',
  listingChecks: 'listings.check-waiting',
  staleDeviceSpecs: 'devices.request-stale-specs',
} as const;

/** Jobs the workers add to a queue themselves, beside the events routed to it: follow-ups and scheduled jobs. */
const FOLLOW_UP_JOBS = {
  [CHANNEL_PUBLISH_JOB]: QUEUES.social,
  [CHANNEL_COPIES_BACKFILL_JOB]: QUEUES.social,
  [PAYMENT_RECHECK_JOB]: QUEUES.payments,
  [PROMOTION_SETTLE_JOB]: QUEUES.payments,
  [ABANDONED_DRAFTS_JOB]: QUEUES.drafts,
  [SCHEDULED_JOBS.savedSearchDigests]: QUEUES.schedules,
  [SCHEDULED_JOBS.sellerRatings]: QUEUES.schedules,
  [SCHEDULED_JOBS.usdRate]: QUEUES.schedules,
  [SCHEDULED_JOBS.dispatchedEventsPrune]: QUEUES.schedules,
  [SCHEDULED_JOBS.unusedPhotos]: QUEUES.schedules,
  [SCHEDULED_JOBS.listingChecks]: QUEUES.schedules,
  [SCHEDULED_JOBS.staleDeviceSpecs]: QUEUES.schedules,
} as const;
type FollowUpJob = keyof typeof FOLLOW_UP_JOBS;

/** The name of each job a queue carries: the events routed to it and its follow-up jobs. */
export type QueueJobName<Q extends QueueName> =
  | { [E in EventName]: Q extends (typeof EVENT_QUEUES)[E][number] ? E : never }[EventName]
  | { [J in FollowUpJob]: Q extends (typeof FOLLOW_UP_JOBS)[J] ? J : never }[FollowUpJob];

function jobsOf<Q extends QueueName>(queue: Q): readonly QueueJobName<Q>[] {
  const events = EVENT_NAMES.filter((event) => (EVENT_QUEUES[event] as readonly QueueName[]).includes(queue));
  const followUps = (Object.keys(FOLLOW_UP_JOBS) as FollowUpJob[]).filter((job) => FOLLOW_UP_JOBS[job] === queue);
  return [...events, ...followUps] as QueueJobName<Q>[];
}

/**
 * The job table: every job name of every queue. The workers have one handler for each name
 * (typed by QueueJobName) and refuse to start when a name has none, or a handler has no name.
 */
export const QUEUE_JOBS: { [Q in QueueName]: readonly QueueJobName<Q>[] } = {
  [QUEUES.sms]: jobsOf(QUEUES.sms),
  [QUEUES.social]: jobsOf(QUEUES.social),
  [QUEUES.notify]: jobsOf(QUEUES.notify),
  [QUEUES.deviceSpecs]: jobsOf(QUEUES.deviceSpecs),
  [QUEUES.payments]: jobsOf(QUEUES.payments),
  [QUEUES.buyerAlerts]: jobsOf(QUEUES.buyerAlerts),
  [QUEUES.drafts]: jobsOf(QUEUES.drafts),
  [QUEUES.schedules]: jobsOf(QUEUES.schedules),
  [QUEUES.pushes]: jobsOf(QUEUES.pushes),
};

export function parseEventPayload<E extends EventName>(name: E, payload: unknown): EventPayload<E> {
  return EVENT_PAYLOADS[name].parse(payload) as EventPayload<E>;
}
