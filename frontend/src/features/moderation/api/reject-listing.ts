import { useMutation } from '@tanstack/react-query';
import type { ModerationOutcome, RejectListing } from '@market/contracts';
import { api } from '../../../lib/api-client';
import { useDecisionCallbacks, type DecisionVariables } from '../hooks/use-decision-callbacks';
import type { ModerationQueueParams } from './get-moderation-queue';

/** `POST /api/phone/reject {id, reason, text?}` (admins): the listing is cancelled; its author sees the reason. */
export function rejectListing(body: RejectListing): Promise<ModerationOutcome> {
  return api.post<ModerationOutcome>('/phone/reject', body);
}

export interface RejectVariables extends DecisionVariables {
  reason: RejectListing['reason'];
  text?: string;
}

/** The card leaves its tab for 'cancelled' at once. */
export function useRejectListing(params: ModerationQueueParams) {
  const callbacks = useDecisionCallbacks(params, 'reject');
  return useMutation({
    ...callbacks,
    mutationFn: ({ card, reason, text }: RejectVariables) => rejectListing({ id: card._id, reason, text }),
  });
}
