import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { OutboxEvent } from '../../../backend/src/events/outbox-event.entity';
import { OutboxRelay } from './outbox-relay.service';
import { QueueProducers } from './queue-producers';

@Module({
  imports: [TypeOrmModule.forFeature([OutboxEvent])],
  providers: [QueueProducers, OutboxRelay],
  exports: [OutboxRelay],
})
export class RelayModule {}
