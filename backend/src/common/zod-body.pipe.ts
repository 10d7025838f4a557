import { HttpStatus, PipeTransform } from '@nestjs/common';
import { isMessageKey, type MessageKey } from '@market/contracts';
import type { ZodType } from 'zod';
import { AppException } from './app.exception';

/**
 * Text PostgreSQL cannot keep: a text value cannot hold U+0000, and jsonb refuses a lone
 * surrogate. Such text is refused as an invalid field instead of failing the query.
 */
// eslint-disable-next-line no-control-regex -- U+0000 is exactly what this looks for
const UNSTORABLE_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function unstorableTextFields(value: unknown, path: string[] = []): string[] {
  if (typeof value === 'string') return UNSTORABLE_TEXT.test(value) ? [path.join('.') || '_'] : [];
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, field]) => unstorableTextFields(field, [...path, key]));
}

/**
 * Parses a request part with a contracts schema. Each failing field is reported with its
 * message key: schemas name the spec's keys (`minCharacters6`) as their error messages.
 */
export class ZodPipe<T> implements PipeTransform<unknown, T> {
  /** Public: `/api/docs` documents the request part with it (common/openapi.ts). */
  constructor(readonly schema: ZodType<T>) {}

  transform(value: unknown): T {
    const result = this.schema.safeParse(value);
    const fields: Record<string, MessageKey> = {};
    if (result.success) {
      for (const field of unstorableTextFields(result.data)) fields[field] = 'invalidValue';
      if (Object.keys(fields).length === 0) return result.data;
    } else {
      for (const issue of result.error.issues) {
        const field = issue.path.join('.') || '_';
        fields[field] ??= isMessageKey(issue.message) ? issue.message : 'invalidValue';
      }
    }
    throw new AppException(HttpStatus.BAD_REQUEST, 'validationFailed', {}, fields);
  }
}
