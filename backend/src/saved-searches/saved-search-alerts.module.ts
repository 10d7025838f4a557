import { Module } from '@nestjs/common';
import { BuyerListingsModule } from '../browse/buyer-listings/buyer-listings.module';
import { SavedSearchAlertsService } from './saved-search-alerts.service';

/** Saved searches' matches and alerts, for the workers. */
@Module({
  imports: [BuyerListingsModule],
  providers: [SavedSearchAlertsService],
  exports: [SavedSearchAlertsService],
})
export class SavedSearchAlertsModule {}
