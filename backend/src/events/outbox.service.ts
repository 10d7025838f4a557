import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, IsNull, LessThan, Not, type EntityManager } from 'typeorm';
import { parseEventPayload, type EventName, type EventPayload } from '@market/contracts';
import { OutboxEvent } from './outbox-event.entity';

/**
 * The INSERT (for a data-modifying WITH) recording event `name` for each row of `from`, its payload's
 * fields SQL expressions over that row: a change and its event written by one statement, in one round
 * trip. The statement's payload skips `record`'s check, so its caller's tests read the event back.
 */
export function recordedBy<E extends EventName>(name: E, payload: { [K in keyof EventPayload<E>]-?: string }, from: string): string {
  const fields = Object.entries(payload).map(([field, value]) => `'${field}', ${value as string}`);
  return `INSERT INTO outbox_event (name, payload) SELECT '${name}', jsonb_build_object(${fields.join(', ')}) FROM ${from}`;
}

/** An event the relay has claimed and not yet handed to its queues. */
export type PendingEvent = Pick<OutboxEvent, 'id' | 'name' | 'payload'>;

/**
 * Records domain events in the caller's transaction: the event exists exactly when the
 * change it describes was committed. The workers' relay moves it to its queues.
 */
@Injectable()
export class OutboxService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async record<E extends EventName>(transaction: EntityManager, name: E, payload: EventPayload<E>): Promise<string> {
    const checked = parseEventPayload(name, payload);
    const { identifiers } = await transaction.insert(OutboxEvent, { name, payload: checked });
    return identifiers[0].id as string;
  }

  /**
   * Hands the oldest `limit` pending events to `enqueue` and marks them dispatched once it has
   * resolved; answers how many. Rows are claimed with FOR UPDATE SKIP LOCKED so relays never
   * share one, and an `enqueue` that throws rolls the claim back: the events stay pending.
   */
  dispatchPending(limit: number, enqueue: (events: PendingEvent[]) => Promise<void>): Promise<number> {
    return this.dataSource.transaction(async (transaction) => {
      const events = await transaction
        .getRepository(OutboxEvent)
        .createQueryBuilder('event')
        .where('event.dispatched_at IS NULL')
        .orderBy('event.created_at')
        .limit(limit)
        .setLock('pessimistic_write')
        .setOnLocked('skip_locked')
        .getMany();
      if (events.length === 0) return 0;
      await enqueue(events);
      await transaction.update(OutboxEvent, events.map((event) => event.id), { dispatchedAt: () => 'now()' });
      return events.length;
    });
  }

  async pruneDispatched(createdBefore: Date): Promise<void> {
    await this.dataSource.getRepository(OutboxEvent).delete({ dispatchedAt: Not(IsNull()), createdAt: LessThan(createdBefore) });
  }

  /** Seconds since the oldest event not yet handed to its queues was recorded; 0 when none waits. */
  async oldestPendingAgeSeconds(): Promise<number> {
    const [{ age }] = await this.dataSource.query<{ age: number }[]>(
      `SELECT coalesce(extract(epoch FROM now() - min(created_at)), 0)::float8 AS age FROM outbox_event WHERE dispatched_at IS NULL`,
    );
    return age;
  }

  /** Replaces the sealed text of an 'sms.requested' event (its id is the SMS job's) once the job is over. */
  async redactSmsText(eventId: string, redactedText: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE outbox_event SET payload = jsonb_set(payload, '{sealedText}', to_jsonb($2::text)) WHERE id::text = $1 AND name = 'sms.requested'`,
      [eventId, redactedText],
    );
  }
}
