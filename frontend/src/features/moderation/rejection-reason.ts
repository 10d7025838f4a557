import type { TFunction } from 'i18next';
import { REJECTION_REASONS, type RejectionReason } from '@market/contracts';

/** A stored rejection reason as shown: a fixed reason's label in the reader's language, or the admin's own words. */
export function rejectionReasonText(stored: string, t: TFunction<'moderation'>): string {
  return REJECTION_REASONS.includes(stored as RejectionReason) ? t(`reasons.${stored as RejectionReason}`) : stored;
}
