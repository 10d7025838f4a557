import { HttpStatus } from '@nestjs/common';
import { statusAfter, type ListingAction, type ListingOrigin, type MessageKey, type StatusAfter } from '@market/contracts';
import { AppException } from '../common/app.exception';

/** The status `action` leaves a listing in, as the contracts' lifecycle says; a 409 `refusal` when the listing's status does not allow it. */
export function nextStatus<A extends ListingAction>(action: A, from: ListingOrigin, refusal: MessageKey): StatusAfter<A> {
  const next = statusAfter(action, from);
  if (next === undefined) throw new AppException(HttpStatus.CONFLICT, refusal);
  return next;
}
