import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { EventName } from '@market/contracts';

@Entity('outbox_event')
export class OutboxEvent {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'text' })
  name: EventName;

  @Column({ type: 'jsonb' })
  payload: unknown;

  @Column({ name: 'created_at', type: 'timestamptz', insert: false })
  createdAt: Date;

  @Column({ name: 'dispatched_at', type: 'timestamptz', nullable: true })
  dispatchedAt: Date | null;
}
