import { HttpStatus } from '@nestjs/common';
import type { EntityManager, EntityTarget, FindOptionsWhere, ObjectLiteral } from 'typeorm';
import type { MessageKey } from '@market/contracts';
import { AppException } from '../common/app.exception';

/**
 * The row `where` names, locked (FOR UPDATE) until `transaction` ends, for a service about to
 * decide about it; 404 with `notFound` when there is none. Concurrent decisions about the same
 * row wait for each other and each reads what the one before it wrote.
 */
export async function lockedRow<Entity extends ObjectLiteral>(
  transaction: EntityManager,
  entity: EntityTarget<Entity>,
  where: FindOptionsWhere<Entity>,
  notFound: MessageKey,
): Promise<Entity> {
  const row = await transaction.findOne(entity, { where, lock: { mode: 'pessimistic_write' } });
  if (!row) throw new AppException(HttpStatus.NOT_FOUND, notFound);
  return row;
}
