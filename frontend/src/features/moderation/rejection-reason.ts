import { REJECTION_REASONS, type RejectionReason } from '@market/contracts';
import type { TFunction } from '../../lib/i18n';

/** A stored rejection reason as shown: a fixed reason's label in the reader's language, or the admin's own words. */
export function rejectionReasonText(stored: string, t: TFunction): string {
  return REJECTION_REASONS.includes(stored as RejectionReason) ? t(`reasons.${stored as RejectionReason}`) : stored;
}
