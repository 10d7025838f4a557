import { z } from 'zod';
import { createDeviceBodySchema, deviceSchema } from './catalogue';
import { channelPostSchema, listingCardSchema, listingStatusSchema, requestedChannelPosts, socialChannelSchema } from './listing';
import { listingCheckSchema } from './listing-checks';
import { CHANNEL_SKIP_REASONS, REJECTION_REASONS, SOCIAL_CHANNELS } from './listing-constants';
import { openReportSchema } from './listing-reports';
import { LIMITS } from './limits';

/**
 * `POST /api/phone/confirm`: approves a listing awaiting a decision, or posts an active one;
 * `channel` posts to that channel only (its Post button), else to every channel of the tariff.
 */
export const approveListingSchema = z.object({ id: z.uuid('invalidValue'), channel: z.enum(SOCIAL_CHANNELS, 'invalidValue').optional() });
export type ApproveListing = z.infer<typeof approveListingSchema>;

export const rejectListingSchema = z
  .object({
    id: z.uuid('invalidValue'),
    reason: z.enum(REJECTION_REASONS, 'required'),
    text: z.string().trim().max(LIMITS.descriptionMax, 'descriptionMax').optional(),
  })
  .refine((body) => body.reason !== 'other' || Boolean(body.text), { message: 'required', path: ['text'] });
export type RejectListing = z.infer<typeof rejectListingSchema>;

/** The admins' moderation list: one status tab at a time, with the count of every tab. */
export const moderationQuerySchema = z.object({
  status: listingStatusSchema.default('waiting'),
  page: z.coerce.number().int().catch(1).transform((page) => Math.max(page, 1)),
});
export type ModerationQuery = z.infer<typeof moderationQuerySchema>;

/** The state of the latest attempt to post a listing to one channel, for admins. */
export const CHANNEL_POST_STATES = ['queued', 'posted', 'failed', 'skipped'] as const;
export type ChannelPostState = (typeof CHANNEL_POST_STATES)[number];

// ---------------------------------------------------------------- answers for the admin page (issue 7 frontend)

/** A channel's publication as admins see it: the public flag and link plus the latest attempt. */
export const adminChannelPostSchema = channelPostSchema.extend({
  state: z.enum(CHANNEL_POST_STATES).optional(),
  /** Why the latest attempt failed or was skipped ('not configured'), or why a queued post waits. */
  reason: z.string().nullable().optional(),
  /** When a queued post is due (ISO timestamp): the platform's limit is used up until then. */
  eta: z.string().nullable().optional(),
  /** Set when the listing will not reach the channel this time: what its seller was told (not set up, or given up). */
  skipped: z.enum(CHANNEL_SKIP_REASONS).optional(),
});
export type AdminChannelPost = z.infer<typeof adminChannelPostSchema>;

/** Only the channels a publication was ever requested for have an entry. */
export const adminListingPostsSchema = requestedChannelPosts(adminChannelPostSchema);
export type AdminListingPosts = z.infer<typeof adminListingPostsSchema>;

/** A card of `GET /api/phone/waiting`: with the author and every channel's publishing state. */
export const moderationCardSchema = listingCardSchema.extend({
  authorName: z.string().nullable(),
  /** A REJECTION_REASONS code, or the admin's own words for 'other'. */
  rejectionReason: z.string().nullable(),
  posts: adminListingPostsSchema,
  /** When the seller last changed price, description, contact or delivery since it was approved (it stayed on sale). */
  editedAt: z.string().nullable(),
  /** The phone's IMEIs in full (moderators only) and the seller's UZIMEI and instalment declarations. */
  imei: z.array(z.string()),
  uzimeiRegistered: z.boolean().nullable(),
  noInstalmentDebt: z.boolean(),
  /** Buyers' reports not decided on yet, newest first; an approval or a rejection decides them. */
  reports: z.array(openReportSchema),
  /** The workers' findings on a listing waiting for moderation, and their score; empty until checked. */
  checks: z.array(listingCheckSchema),
  riskScore: z.number().int().nonnegative(),
  /** 'Boshqa model': the model the seller typed, not in the catalogue yet, and its brand; null for a catalogue device. */
  customModel: z.object({ name: z.string(), brand: z.string() }).nullable(),
  /** The description as the seller wrote it (buyers see a card number masked), and where the checks found a card number, contacts or scam wording in it. */
  description: z.string().nullable(),
  flagged: z.array(z.object({ start: z.number().int().nonnegative(), end: z.number().int().nonnegative() })),
  /** The seller's record: account created (ISO), listings posted, approved, rejected, and reports received. */
  sellerRecord: z.object({
    since: z.string(),
    listings: z.number().int().nonnegative(),
    approved: z.number().int().nonnegative(),
    rejected: z.number().int().nonnegative(),
    reports: z.number().int().nonnegative(),
  }),
});
export type ModerationCard = z.infer<typeof moderationCardSchema>;

export const moderationQueueSchema = z.object({
  phones: z.array(moderationCardSchema),
  pages: z.number().int().nonnegative(),
  counts: z.record(listingStatusSchema, z.number().int().nonnegative()),
});
export type ModerationQueue = z.infer<typeof moderationQueueSchema>;

/** `POST /api/phone/confirm` and `POST /api/phone/reject`: the listing's status and channels after the decision. */
export const moderationOutcomeSchema = z.object({ status: listingStatusSchema, posts: adminListingPostsSchema });
export type ModerationOutcome = z.infer<typeof moderationOutcomeSchema>;

/** A post that failed on a channel, for the admins' retry. */
export const channelFailureSchema = z.object({ listingId: z.uuid(), name: z.string(), reason: z.string().nullable() });
export type ChannelFailure = z.infer<typeof channelFailureSchema>;

/** One channel's line: posts waiting, when the next is due (null: as soon as a worker takes it), the latest failures. */
export const channelLineSchema = z.object({
  channel: socialChannelSchema,
  waiting: z.number().int().nonnegative(),
  nextEta: z.string().nullable(),
  failures: z.array(channelFailureSchema),
});
export type ChannelLine = z.infer<typeof channelLineSchema>;

/** `GET /api/phone/channel-queue` (admins): every channel's line, in SOCIAL_CHANNELS order. */
export const channelQueueSchema = z.object({ channels: z.array(channelLineSchema) });
export type ChannelQueue = z.infer<typeof channelQueueSchema>;

/** The latest failures shown per channel. */
export const CHANNEL_FAILURES_SHOWN = 20;

/**
 * `POST /api/phone/{id}/catalogue-model`: the model a listing was typed as ('Boshqa model') added
 * to the catalogue under the listing's brand; that listing and every other one typed the same way
 * in the same brand are linked to it.
 */
export const catalogueModelBodySchema = createDeviceBodySchema.pick({ name: true });
export type CatalogueModelBody = z.infer<typeof catalogueModelBodySchema>;
export const catalogueModelAddedSchema = z.object({ device: deviceSchema, linked: z.number().int().nonnegative() });
export type CatalogueModelAdded = z.infer<typeof catalogueModelAddedSchema>;
