import { z } from 'zod';
import { socialChannelSchema } from './listing';
import { phoneNumberSchema } from './user';

/** BullMQ queues, one per kind of work the workers do. */
export const QUEUES = {
  sms: 'sms',
  social: 'social',
  notify: 'notify',
  deviceSpecs: 'device-specs',
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
  'payment.confirmed': z.object({ userId: uuid, transactionId: uuid, amount: z.number().int().positive() }),
  'device.refresh-requested': z.object({ deviceId: uuid }),
} as const;

export type EventName = keyof typeof EVENT_PAYLOADS;
export type EventPayload<E extends EventName> = z.infer<(typeof EVENT_PAYLOADS)[E]>;
export const EVENT_NAMES = Object.keys(EVENT_PAYLOADS) as EventName[];

/** Which queues receive each event; the relay adds one job per queue with jobId = event id. */
export const EVENT_QUEUES = {
  'sms.requested': [QUEUES.sms],
  'listing.approved': [QUEUES.notify],
  'listing.rejected': [QUEUES.notify],
  'listing.publish-requested': [QUEUES.social],
  'listing.posted': [QUEUES.notify],
  'payment.confirmed': [QUEUES.notify],
  'device.refresh-requested': [QUEUES.deviceSpecs],
} as const satisfies Record<EventName, readonly QueueName[]>;

/** The social queue's per-channel job, added by the fan-out of 'listing.publish-requested'. */
export const CHANNEL_PUBLISH_JOB = 'channel.publish';
export const channelPublishJobSchema = z.object({ listingId: uuid, channel: socialChannelSchema });
export type ChannelPublishJob = z.infer<typeof channelPublishJobSchema>;

/** Jobs the workers add to a queue themselves, beside the events routed to it. */
const FOLLOW_UP_JOBS = { [CHANNEL_PUBLISH_JOB]: QUEUES.social } as const;
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
};

export function parseEventPayload<E extends EventName>(name: E, payload: unknown): EventPayload<E> {
  return EVENT_PAYLOADS[name].parse(payload) as EventPayload<E>;
}
