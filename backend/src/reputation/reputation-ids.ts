import { HttpStatus, ParseUUIDPipe } from '@nestjs/common';
import { AppException } from '../common/app.exception';

/** An id that is no UUID names nothing: 404, as for one that does not exist. */
export const dealId = new ParseUUIDPipe({ exceptionFactory: () => new AppException(HttpStatus.NOT_FOUND, 'dealNotFound') });
export const reviewId = new ParseUUIDPipe({ exceptionFactory: () => new AppException(HttpStatus.NOT_FOUND, 'reviewNotFound') });
