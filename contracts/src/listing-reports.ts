import { z } from 'zod';

/** Why a buyer reports a listing (issue 22); 'other' needs the buyer's own words. */
export const REPORT_REASONS = ['spam', 'fraud', 'duplicate', 'sold', 'wrongInfo', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** Reports from this many different users take a listing off the site until an admin decides. */
export const REPORTS_TO_HIDE = 3;

/** `POST /api/phone/{id}/report`. */
export const listingReportSchema = z
  .object({
    reason: z.enum(REPORT_REASONS, 'required'),
    text: z.string().trim().max(500, 'descriptionMax').optional(),
  })
  .refine((body) => body.reason !== 'other' || Boolean(body.text), { message: 'required', path: ['text'] });
export type ListingReport = z.infer<typeof listingReportSchema>;

/** A report the admins have not decided on yet, as the moderation card shows it. */
export const openReportSchema = z.object({
  reason: z.enum(REPORT_REASONS),
  text: z.string().nullable(),
  createdAt: z.string(),
});
export type OpenReport = z.infer<typeof openReportSchema>;
