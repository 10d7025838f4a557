import { QUEUES, SCHEDULED_JOBS } from '@market/contracts';
import { SavedSearchDigestScheduler } from '../buyer-alerts/saved-search-digest.scheduler';
import { StaleSpecsScheduler } from '../device-specs/stale-specs.scheduler';
import { ExchangeRateScheduler } from '../exchange-rate/exchange-rate.scheduler';
import { PhotoCleanupScheduler } from '../photo-cleanup/photo-cleanup.scheduler';
import { ProcessorOf, QueueProcessor, type JobHandlers } from '../queue-processor';
import { OutboxRelay } from '../relay/outbox-relay.service';
import { SellerRatingsScheduler } from '../reputation/seller-ratings.scheduler';
import { ListingChecksScheduler } from '../trust/listing-checks.scheduler';

/**
 * Runs the ticks of the schedules queue (their clocks are in schedules.ts). A worker process takes
 * up to one tick of each at a time, so a long digest holds back no listing check.
 */
@ProcessorOf(QUEUES.schedules, { concurrency: Object.keys(SCHEDULED_JOBS).length })
export class ScheduledJobsProcessor extends QueueProcessor<typeof QUEUES.schedules> {
  readonly handlers: JobHandlers<typeof QUEUES.schedules> = {
    [SCHEDULED_JOBS.savedSearchDigests]: () => this.digests.sendDigests(),
    [SCHEDULED_JOBS.sellerRatings]: () => this.ratings.refreshDue(),
    [SCHEDULED_JOBS.usdRate]: () => this.usdRate.refresh(),
    [SCHEDULED_JOBS.dispatchedEventsPrune]: () => this.relay.pruneDispatched(),
    [SCHEDULED_JOBS.unusedPhotos]: () => this.photos.removeUnused(),
    [SCHEDULED_JOBS.listingChecks]: () => this.listingChecks.checkWaiting(),
    [SCHEDULED_JOBS.staleDeviceSpecs]: () => this.staleSpecs.requestStaleRefreshes(),
  };

  constructor(
    private readonly digests: SavedSearchDigestScheduler,
    private readonly ratings: SellerRatingsScheduler,
    private readonly usdRate: ExchangeRateScheduler,
    private readonly relay: OutboxRelay,
    private readonly photos: PhotoCleanupScheduler,
    private readonly listingChecks: ListingChecksScheduler,
    private readonly staleSpecs: StaleSpecsScheduler,
  ) {
    super();
  }
}
