import { Injectable, Logger } from '@nestjs/common';
import { ImagesService } from '@market/backend';
import { removeInBatches } from '../remove-in-batches';

/** How long an upload may wait for the listing (or category) that will use it. */
export const UNUSED_IMAGE_LIFETIME_MS = 24 * 3600 * 1000;
const BATCH = 200;

/**
 * Removes images nothing uses after 24 hours: photos uploaded in a wizard that was never
 * finished, photos dropped from an edited listing or left by a deleted one, category images
 * never saved, every ten minutes (schedules.ts). Their rows go first, their files after the commit.
 */
@Injectable()
export class PhotoCleanupScheduler {
  private readonly logger = new Logger(PhotoCleanupScheduler.name);

  constructor(private readonly images: ImagesService) {}

  /** Answers how many images were removed. */
  async removeUnused(now = new Date()): Promise<number> {
    const olderThan = new Date(now.getTime() - UNUSED_IMAGE_LIFETIME_MS);
    const total = await removeInBatches(BATCH, (limit) => this.images.removeUnattached(olderThan, limit));
    if (total) this.logger.log(`Removed ${total} unused images`);
    return total;
  }
}
