import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { EventsModule } from '../events/events.module';
import { ImagesModule } from '../uploads/images.module';
import { DeviceEntity } from './device.entity';
import { DevicePictures } from './device-pictures';
import { DeviceSpecsService } from './device-specs.service';
import { SpecSourcePacing } from './spec-source-pacing';

/** The catalogue's specs and pictures as the workers' refresh reads and writes them. */
@Module({
  imports: [TypeOrmModule.forFeature([DeviceEntity]), EventsModule, ImagesModule],
  providers: [DeviceSpecsService, DevicePictures, SpecSourcePacing],
  exports: [DeviceSpecsService, DevicePictures, SpecSourcePacing],
})
export class DeviceSpecsModule {}
