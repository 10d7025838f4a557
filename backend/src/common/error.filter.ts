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

const logger = new Logger('ErrorFilter');

/**
 * What the API answers for an error, over HTTP and on the conversations' socket alike: its status
 * and the envelope `{ message: { uz, ru, en }, code, fields? }`. A server fault's stack trace goes
 * to the log, never to the user.
 */
export function errorAnswer(error: unknown): { status: number; envelope: ErrorEnvelope } {
  const status = statusOf(error);
  if (status >= 500) logger.error(error instanceof Error ? error.stack : String(error));
  return { status, envelope: envelopeOf(error, status) };
}

function statusOf(error: unknown): number {
  if (error instanceof HttpException) return error.getStatus();
  if (isDatabaseUnavailable(error)) return HttpStatus.SERVICE_UNAVAILABLE;
  const httpLike = error as HttpLikeError | null;
  const status = httpLike?.status ?? httpLike?.statusCode;
  return typeof status === 'number' && status >= 400 && status < 600 ? status : HttpStatus.INTERNAL_SERVER_ERROR;
}

function envelopeOf(error: unknown, status: number): ErrorEnvelope {
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

/** Turns every error of an HTTP request into its answer (errorAnswer), with Retry-After when the envelope says when to retry. */
@Catch()
export class ErrorFilter implements ExceptionFilter {
  catch(error: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    const { status, envelope } = errorAnswer(error);
    if (envelope.retryAfterSeconds) response.setHeader('Retry-After', String(envelope.retryAfterSeconds));
    response.status(status).json(envelope);
  }
}
