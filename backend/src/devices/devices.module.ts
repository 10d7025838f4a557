import { Module, OnModuleInit } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CategoriesModule } from '../categories/categories.module';
import { CategoryUsage } from '../categories/category-usage';
import { EventsModule } from '../events/events.module';
import { DeviceEntity } from './device.entity';
import { DevicesController } from './devices.controller';
import { DevicesService } from './devices.service';
import { DeviceSeeder } from './seed/device-seeder';

@Module({
  imports: [TypeOrmModule.forFeature([DeviceEntity]), CategoriesModule, EventsModule],
  controllers: [DevicesController],
  providers: [DevicesService, DeviceSeeder],
  exports: [DevicesService],
})
export class DevicesModule implements OnModuleInit {
  constructor(
    private readonly usage: CategoryUsage,
    private readonly devices: DevicesService,
  ) {}

  /** The categories page counts each brand's devices, and a brand with devices is not deleted. */
  onModuleInit(): void {
    this.usage.countDevicesWith(this.devices);
  }
}
