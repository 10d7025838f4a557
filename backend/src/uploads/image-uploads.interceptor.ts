import { HttpStatus, Injectable, mixin, type CallHandler, type ExecutionContext, type NestInterceptor, type Type } from '@nestjs/common';
import type { Request, Response } from 'express';
import multer, { MulterError } from 'multer';
import { from, lastValueFrom, type Observable } from 'rxjs';
import { LIMITS, type MessageKey } from '@market/contracts';
import type { RequestWithSession } from '../auth/auth.decorators';
import { AppException } from '../common/app.exception';
import { RateLimitService, type RateLimit } from '../rate-limit/rate-limit.service';
import { TemporaryUploadFiles } from './temporary-upload-files';

/** A multipart field of images a route takes. */
export interface ImageField {
  name: string;
  maxCount: number;
  /** The refusal of a file beyond `maxCount`; `unexpectedField` when not given. */
  tooMany?: MessageKey;
  /** Each file counts against this limit of the signed-in user as its headers arrive, before a byte of it is read. */
  limit?: RateLimit;
}

/** A route's uploaded files by field, as `@UploadedFiles()` hands them over. */
type UploadedFilesByField = Partial<Record<string, Express.Multer.File[]>>;

/** Busboy's words for a body that is not well-formed multipart, and multer's for one the client broke off. */
const MALFORMED_MULTIPART = /^(Multipart: Boundary not found|Malformed part header|Unexpected end of (form|file)|Request (aborted|closed|error))$/;

/**
 * Reads a route's multipart body of images: only the given file fields, at most `maxCount` files
 * each and 15 MB a file, no text fields. Each file is counted against its field's limit, then
 * streamed to a temporary file (TemporaryUploadFiles) that is deleted once the request is
 * answered. A refused body is drained, never kept: every refusal is a translated 4xx.
 */
export function ImageUploads(fields: readonly ImageField[]): Type<NestInterceptor> {
  const fieldsByName = new Map(fields.map((field) => [field.name, field]));

  function refusalOf(error: unknown): unknown {
    if (error instanceof MulterError) {
      if (error.code === 'LIMIT_FILE_SIZE') return new AppException(HttpStatus.PAYLOAD_TOO_LARGE, 'payloadTooLarge');
      // Only the route's own field names are echoed in `fields`, never a name the client made up.
      const field = error.code === 'LIMIT_UNEXPECTED_FILE' ? fieldsByName.get(error.field ?? '') : undefined;
      const key = field?.tooMany ?? 'unexpectedField';
      return new AppException(HttpStatus.BAD_REQUEST, key, {}, field && { [field.name]: key });
    }
    if (error instanceof Error && MALFORMED_MULTIPART.test(error.message)) return new AppException(HttpStatus.BAD_REQUEST, 'validationFailed');
    return error;
  }

  @Injectable()
  class ImageUploadsInterceptor implements NestInterceptor {
    private readonly readBody: ReturnType<multer.Multer['fields']>;

    constructor(
      private readonly rateLimits: RateLimitService,
      private readonly temporaryFiles: TemporaryUploadFiles,
    ) {
      this.readBody = multer({
        storage: temporaryFiles,
        limits: { fileSize: LIMITS.photoMaxBytes, fields: 0 },
        fileFilter: (request, file, accept) => this.count(request, file).then(() => accept(null, true), accept),
      }).fields(fields.map(({ name, maxCount }) => ({ name, maxCount })));
    }

    async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
      const http = context.switchToHttp();
      const request = http.getRequest<Request>();
      await new Promise<void>((resolve, reject) =>
        this.readBody(request, http.getResponse<Response>(), (error?: unknown) => (error ? reject(refusalOf(error)) : resolve())),
      );
      const files = Object.values((request.files ?? {}) as UploadedFilesByField).flatMap((list) => list ?? []);
      // Deleted before the answer goes out: a request answered has left nothing behind.
      return from(lastValueFrom(next.handle()).finally(() => this.temporaryFiles.discard(files)));
    }

    private async count(request: Request, file: Express.Multer.File): Promise<void> {
      const limit = fieldsByName.get(file.fieldname)?.limit;
      if (!limit) return;
      const user = (request as RequestWithSession).sessionUser;
      if (!user) throw new AppException(HttpStatus.UNAUTHORIZED, 'unauthorized');
      await this.rateLimits.consume(limit, user.id);
    }
  }
  return mixin(ImageUploadsInterceptor);
}
