import { HttpStatus, ParseUUIDPipe } from '@nestjs/common';
import { AppException } from '../common/app.exception';

/** A malformed id names no listing: the same 404 as an unknown one. */
export const listingId = new ParseUUIDPipe({ exceptionFactory: () => new AppException(HttpStatus.NOT_FOUND, 'listingNotFound') });
