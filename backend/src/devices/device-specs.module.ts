import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { EventsModule } from '../events/events.module';
import { DeviceEntity } from './device.entity';
import { DeviceSpecsService } from './device-specs.service';

/** The catalogue's specs as the workers' refresh reads and writes them. */
@Module({
  imports: [TypeOrmModule.forFeature([DeviceEntity]), EventsModule],
  providers: [DeviceSpecsService],
  exports: [DeviceSpecsService],
})
export class DeviceSpecsModule {}
