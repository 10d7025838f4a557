import { Module } from '@nestjs/common';
import { TrustModule } from '@market/backend';
import { ListingChecksScheduler } from './listing-checks.scheduler';

/** The checks of listings waiting for moderation, off the request path (issue 22). */
@Module({
  imports: [TrustModule],
  providers: [ListingChecksScheduler],
  exports: [ListingChecksScheduler],
})
export class ListingChecksModule {}
