import { HttpStatus, PipeTransform } from '@nestjs/common';
import { isMessageKey, type MessageKey } from '@market/contracts';
import type { ZodType } from 'zod';
import { AppException } from './app.exception';

/**
 * Parses a request part with a contracts schema. Each failing field is reported with its
 * message key: schemas name the spec's keys (`minCharacters6`) as their error messages.
 */
export class ZodPipe<T> implements PipeTransform<unknown, T> {
  constructor(private readonly schema: ZodType<T>) {}

  transform(value: unknown): T {
    const result = this.schema.safeParse(value);
    if (result.success) return result.data;
    const fields: Record<string, MessageKey> = {};
    for (const issue of result.error.issues) {
      const field = issue.path.join('.') || '_';
      fields[field] ??= isMessageKey(issue.message) ? issue.message : 'invalidValue';
    }
    throw new AppException(HttpStatus.BAD_REQUEST, 'validationFailed', {}, fields);
  }
}
