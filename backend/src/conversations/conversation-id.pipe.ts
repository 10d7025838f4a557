import { HttpStatus, ParseUUIDPipe } from '@nestjs/common';
import { AppException } from '../common/app.exception';

/** A conversation id that is no UUID names no conversation: 404, as for one that does not exist. */
export const conversationId = new ParseUUIDPipe({ exceptionFactory: () => new AppException(HttpStatus.NOT_FOUND, 'conversationNotFound') });
