import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { DeviceSpecsModule } from '@market/backend';
import { QUEUES } from '@market/contracts';
import { DeviceSpecsProcessor } from './device-specs.processor';
import { DeviceSpecsRefresh } from './device-specs-refresh.service';
import { SpecSourceClient } from './spec-source.client';
import { StaleSpecsScheduler } from './stale-specs.scheduler';

/** The device spec refresh: the `device-specs` queue's processor and the scheduled refresh of stale specs. */
@Module({
  imports: [BullModule.registerQueue({ name: QUEUES.deviceSpecs }), DeviceSpecsModule],
  providers: [SpecSourceClient, DeviceSpecsRefresh, DeviceSpecsProcessor, StaleSpecsScheduler],
  exports: [StaleSpecsScheduler],
})
export class DeviceSpecRefreshModule {}
