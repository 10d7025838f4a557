import type { EntityManager } from 'typeorm';

/** Eskiz's (the operators' SMPP) final statuses of an SMS that did not reach the phone. */
export const NOT_DELIVERED = new Set(['UNDELIV', 'REJECTD', 'EXPIRED', 'DELETED', 'UNKNOWN']);

/** What the admins' queue dashboard shows on an SMS's job (its log) when the operator did not deliver it; null when it did. */
export function notDeliveredNote(status: string, reportedAt: Date): string | null {
  return NOT_DELIVERED.has(status) ? `Not delivered: Eskiz reported ${status} at ${reportedAt.toISOString()}` : null;
}

/**
 * Serialises a delivery report with the record of its SMS's send, by Eskiz's message id: a report
 * that finds no SMS waits in sms_early_delivery_report, and the send's record takes it, so whichever
 * comes second finds the other.
 */
export async function lockMessageId(transaction: EntityManager, messageId: string): Promise<void> {
  await transaction.query(`SELECT pg_advisory_xact_lock(hashtext('sms-message:' || $1))`, [messageId]);
}
