import { Module } from '@nestjs/common';
import { BrowseModule } from '../../browse/browse.module';
import { DevicesModule } from '../../devices/devices.module';
import { ImagesModule } from '../../uploads/images.module';
import { UsersModule } from '../../users/users.module';
import { ExchangeRateModule } from '../exchange-rate.module';
import { ListingsModule } from '../listings.module';
import { DemoListings } from './demo-listings';

/**
 * The demo listings (DEMO_LISTINGS, `npm run seed:demo`): listed as the wizard would list them,
 * approved as moderation would, with views as browsing counts them. Its own module, after both:
 * writing listings does not depend on browsing them.
 */
@Module({
  // DevicesModule first for the order of start-up hooks too: the catalogue is seeded before the demo listings.
  imports: [DevicesModule, ListingsModule, BrowseModule, UsersModule, ImagesModule, ExchangeRateModule],
  providers: [DemoListings],
})
export class DemoModule {}
