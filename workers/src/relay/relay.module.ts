import { Module } from '@nestjs/common';
import { EventsModule } from '@market/backend';
import { OutboxRelay } from './outbox-relay.service';
import { QueueProducers } from './queue-producers';

@Module({
  imports: [EventsModule],
  providers: [QueueProducers, OutboxRelay],
  exports: [OutboxRelay],
})
export class RelayModule {}
