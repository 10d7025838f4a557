import { Module } from '@nestjs/common';
import { BrowseModule } from '../browse/browse.module';
import { DevicesModule } from '../devices/devices.module';
import { CategoriesController } from './categories.controller';
import { CategoriesModule } from './categories.module';
import { CategoriesPageService } from './categories-page.service';

/** The categories routes, above the modules whose devices and listings they count. */
@Module({
  imports: [CategoriesModule, DevicesModule, BrowseModule],
  controllers: [CategoriesController],
  providers: [CategoriesPageService],
})
export class CategoriesPageModule {}
