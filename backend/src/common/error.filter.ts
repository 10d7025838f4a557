import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { Response } from 'express';
import { translateMessage, type ErrorEnvelope, type MessageKey } from '@market/contracts';
import { AppException } from './app.exception';

/** Request Header Fields Too Large (RFC 6585), which Nest's HttpStatus lacks. */
export const HEADERS_TOO_LARGE = 431;

const KEY_BY_STATUS: Partial<Record<number, MessageKey>> = {
  [HttpStatus.BAD_REQUEST]: 'validationFailed',
  [HttpStatus.UNAUTHORIZED]: 'unauthorized',
  [HttpStatus.FORBIDDEN]: 'forbidden',
  [HttpStatus.NOT_FOUND]: 'notFound',
  [HttpStatus.PAYLOAD_TOO_LARGE]: 'payloadTooLarge',
  [HEADERS_TOO_LARGE]: 'payloadTooLarge',
  [HttpStatus.UNSUPPORTED_MEDIA_TYPE]: 'unsupportedMediaType',
  [HttpStatus.TOO_MANY_REQUESTS]: 'tooManyRequests',
  [HttpStatus.SERVICE_UNAVAILABLE]: 'serviceUnavailable',
};

/**
 * The database is out of reach or every pooled connection is busy: the pool gave up waiting
 * (DATABASE pool `connectionTimeoutMillis`) or the server refused. The request is answered
 * 503 at once instead of hanging, and the next one tries again.
 */
function isDatabaseUnavailable(error: unknown): boolean {
  const { message = '', code = '' } = (error ?? {}) as { message?: string; code?: string };
  return (
    /timeout exceeded when trying to connect|Connection terminated|connect ECONNREFUSED/.test(message) ||
    ['ECONNREFUSED', '53300', '57P01', '57P03'].includes(code)
  );
}

/** Errors raised outside Nest's handlers (the body parser) carry their status here. */
interface HttpLikeError {
  status?: number;
  statusCode?: number;
}

/** The envelope of a refusal that carries no message of its own, by its status. */
export function statusEnvelope(status: number): ErrorEnvelope {
  // A refusal of the request itself never tells the user the server is broken.
  const key = KEY_BY_STATUS[status] ?? (status < 500 ? 'validationFailed' : 'serverNotWorking');
  return { message: translateMessage(key), code: key };
}

/** Turns every error into the envelope `{ message: { uz, ru, en }, code, fields? }`; stack traces stay in the log. */
@Catch()
export class ErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger(ErrorFilter.name);

  catch(error: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    const status = this.statusOf(error);
    const envelope = this.envelopeOf(error, status);
    if (status >= 500) this.logger.error(error instanceof Error ? error.stack : String(error));
    if (envelope.retryAfterSeconds) response.setHeader('Retry-After', String(envelope.retryAfterSeconds));
    response.status(status).json(envelope);
  }

  private statusOf(error: unknown): number {
    if (error instanceof HttpException) return error.getStatus();
    if (isDatabaseUnavailable(error)) return HttpStatus.SERVICE_UNAVAILABLE;
    const httpLike = error as HttpLikeError | null;
    const status = httpLike?.status ?? httpLike?.statusCode;
    return typeof status === 'number' && status >= 400 && status < 600 ? status : HttpStatus.INTERNAL_SERVER_ERROR;
  }

  private envelopeOf(error: unknown, status: number): ErrorEnvelope {
    if (error instanceof AppException) {
      const { seconds, shortfall } = error.params;
      return {
        message: error.wording ?? translateMessage(error.messageKey, error.params),
        code: error.messageKey,
        ...(error.fields && { fields: error.fields }),
        ...(typeof seconds === 'number' && { retryAfterSeconds: seconds }),
        ...(typeof shortfall === 'number' && { shortfall }),
      };
    }
    return statusEnvelope(status);
  }
}
