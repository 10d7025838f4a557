import { z } from 'zod';
import { listingStatusSchema } from './listing';

/** Why an admin turns a listing down; 'other' carries the admin's own words. */
export const REJECTION_REASONS = ['duplicate', 'wrongPrice', 'poorPhotos', 'notAPhone', 'prohibited', 'other'] as const;
export type RejectionReason = (typeof REJECTION_REASONS)[number];

export const approveListingSchema = z.object({ id: z.uuid('invalidValue') });

export const rejectListingSchema = z
  .object({
    id: z.uuid('invalidValue'),
    reason: z.enum(REJECTION_REASONS, 'required'),
    text: z.string().trim().max(200, 'descriptionMax').optional(),
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
