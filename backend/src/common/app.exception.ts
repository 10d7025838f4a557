import { HttpException, HttpStatus } from '@nestjs/common';
import type { MessageKey } from '@market/contracts';

/** An error the user should read: a message key translated into every language by the error filter. */
export class AppException extends HttpException {
  constructor(
    status: HttpStatus,
    readonly messageKey: MessageKey,
    readonly params: Record<string, string | number> = {},
    readonly fields?: Record<string, MessageKey>,
  ) {
    super(messageKey, status);
  }
}
