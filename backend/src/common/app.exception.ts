import { HttpException, HttpStatus } from '@nestjs/common';
import type { MessageKey, Translated } from '@market/contracts';

/**
 * An error the user should read: a message key translated into every language by the error filter,
 * or, with `wording`, an outside service's own words in every language under that key (a provider's refusal).
 */
export class AppException extends HttpException {
  constructor(
    status: HttpStatus,
    readonly messageKey: MessageKey,
    readonly params: Record<string, string | number> = {},
    readonly fields?: Record<string, MessageKey>,
    readonly wording?: Translated,
  ) {
    super(messageKey, status);
  }
}
