import { Module } from '@nestjs/common';
import { CategoriesModule } from '../categories/categories.module';
import { DevicesModule } from '../devices/devices.module';
import { SavedSearchesController } from './saved-searches.controller';
import { SavedSearchesService } from './saved-searches.service';

/** Saved searches as users keep them through the API. */
@Module({
  imports: [CategoriesModule, DevicesModule],
  controllers: [SavedSearchesController],
  providers: [SavedSearchesService],
})
export class SavedSearchesModule {}
