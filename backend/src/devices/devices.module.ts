import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CategoriesModule } from '../categories/categories.module';
import { EventsModule } from '../events/events.module';
import { DeviceEntity } from './device.entity';
import { DeviceSpecsModule } from './device-specs.module';
import { DevicesController } from './devices.controller';
import { DevicesService } from './devices.service';
import { DeviceSeeder } from './seed/device-seeder';

@Module({
  imports: [TypeOrmModule.forFeature([DeviceEntity]), CategoriesModule, EventsModule, DeviceSpecsModule],
  controllers: [DevicesController],
  providers: [DevicesService, DeviceSeeder],
  exports: [DevicesService],
})
export class DevicesModule {}
