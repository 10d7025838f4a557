import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { parseEventPayload, type EventName, type EventPayload } from '@market/contracts';
import { OutboxEvent } from './outbox-event.entity';

/**
 * Records domain events in the caller's transaction: the event exists exactly when the
 * change it describes was committed. The workers' relay moves it to its queues.
 */
@Injectable()
export class OutboxService {
  async record<E extends EventName>(transaction: EntityManager, name: E, payload: EventPayload<E>): Promise<string> {
    const checked = parseEventPayload(name, payload);
    const { identifiers } = await transaction.insert(OutboxEvent, { name, payload: checked });
    return identifiers[0].id as string;
  }
}
