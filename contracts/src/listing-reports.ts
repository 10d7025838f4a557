import { z } from 'zod';
import { LIMITS } from './limits';

/** Why a buyer reports a listing (issue 22); 'other' needs the buyer's own words. */
export const REPORT_REASONS = ['spam', 'fraud', 'duplicate', 'sold', 'wrongInfo', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/**
 * Reports from this many independent established reporters take a listing off the site until an
 * admin decides (issue 35): reporters whose weight is at least ESTABLISHED_REPORTER_WEIGHT, from
 * different addresses and accounts not created together (within ACCOUNTS_TOGETHER_MINUTES).
 */
export const REPORTS_TO_HIDE = 3;
export const ESTABLISHED_REPORTER_WEIGHT = 1;
export const ACCOUNTS_TOGETHER_MINUTES = 30;

/** What the site knows of a reporter when they report. */
export interface ReporterRecord {
  accountAgeDays: number;
  approvedListings: number;
  /** Their past reports the admins upheld (the listing was rejected) and dismissed (restored). */
  upheld: number;
  dismissed: number;
}

/**
 * How much a reporter's word counts, 0 to 2: nothing on the account's first day, a quarter in
 * its first week, a half in its first month, then 1; their record adds half for a seller with an
 * approved listing and a quarter for each upheld report (up to four), at most as much as the age
 * gives; half less for each dismissed report.
 */
export function reporterWeight({ accountAgeDays, approvedListings, upheld, dismissed }: ReporterRecord): number {
  const age = accountAgeDays < 1 ? 0 : accountAgeDays < 7 ? 0.25 : accountAgeDays < 30 ? 0.5 : 1;
  // Capped by the age: a throwaway account gets a listing approved and reports upheld on a seller of its own in a day,
  // and must not be established in its first week for that (issue 35).
  const record = Math.min(age, (approvedListings > 0 ? 0.5 : 0) + 0.25 * Math.min(upheld, 4));
  return Math.max(0, age + record - 0.5 * dismissed);
}

/** A report: one of `reasons`, and the reporter's words, which 'other' needs. Listings, conversations and reviews are reported so. */
export function reportSchema<const Reason extends string>(reasons: readonly [Reason, ...Reason[]]) {
  return z
    .object({
      reason: z.enum(reasons, 'required'),
      text: z.string().trim().max(LIMITS.reportTextMax, 'reportTextMax').optional(),
    })
    .refine((body) => body.reason !== 'other' || Boolean(body.text), { message: 'required', path: ['text'] });
}

/** `POST /api/phone/{id}/report`. */
export const listingReportSchema = reportSchema(REPORT_REASONS);
export type ListingReport = z.infer<typeof listingReportSchema>;

/** A report the admins have not decided on yet, as the moderation card shows it. */
export const openReportSchema = z.object({
  reason: z.enum(REPORT_REASONS),
  text: z.string().nullable(),
  createdAt: z.string(),
});
export type OpenReport = z.infer<typeof openReportSchema>;
