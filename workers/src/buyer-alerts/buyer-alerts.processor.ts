import { QUEUES, parseEventPayload } from '@market/contracts';
import { FavouritesService, NotificationsService, SavedSearchAlertsService } from '@market/backend';
import { ProcessorOf, QueueProcessor, type JobHandlers } from '../queue-processor';
import { BuyerMessages } from './buyer-messages';

/**
 * Matches each approved listing against the saved searches and sends the instant alerts
 * through the bot: one message per matching search, at most once per listing and search
 * (SavedSearchAlertsService records each one sent), so a job that runs again sends nothing more.
 * Tells those who keep a listing when its price was lowered: once per lowering and holder, at most
 * once a day per listing and only below the lowest price announced before.
 */
// Jobs of several listings at once: a job sends its alerts one after another, each waiting for its chat's
// turn, while the pacer (shared by every job and process) keeps the bot within Telegram's limits.
@ProcessorOf(QUEUES.buyerAlerts, { concurrency: 4 })
export class BuyerAlertsProcessor extends QueueProcessor<typeof QUEUES.buyerAlerts> {
  readonly handlers: JobHandlers<typeof QUEUES.buyerAlerts> = {
    'listing.approved': async (job) => {
      const { listingId } = parseEventPayload('listing.approved', job.data);
      const listing = await this.alerts.recordMatches(listingId);
      if (!listing) return;
      // The job's id is the outbox event's: one inbox entry per listing and person, however many of their searches match.
      for (const userId of await this.alerts.matchedUsers(listingId)) {
        await this.inbox.record({ eventId: String(job.id), userId, kind: 'savedSearchMatch', text: this.messages.matchedInbox(listing), link: `/phone/${listingId}` });
      }
      // Without the bot the matches still count as new listings on the site.
      if (!this.messages.configured) return;
      await this.alerts.deliverInstant(listing, (alert) => this.messages.matched(alert));
    },
    'listing.price-lowered': async (job) => {
      const { listingId, oldPrice, oldValut } = parseEventPayload('listing.price-lowered', job.data);
      const kept = await this.favourites.priceDropToAnnounce(String(job.id), listingId);
      if (!kept) return;
      for (const userId of kept.userIds) {
        const text = this.messages.priceLoweredInbox(kept.listing, { price: oldPrice, valut: oldValut });
        await this.inbox.record({ eventId: String(job.id), userId, kind: 'priceDrop', text, link: `/phone/${listingId}` });
      }
      if (!this.messages.configured) return;
      // The job's id is the outbox event's: one message per lowering and holder.
      await this.favourites.deliverPriceDrop(String(job.id), listingId, ({ userId, listing }) =>
        this.messages.priceLowered(userId, listing, { price: oldPrice, valut: oldValut }),
      );
    },
  };

  constructor(
    private readonly alerts: SavedSearchAlertsService,
    private readonly favourites: FavouritesService,
    private readonly messages: BuyerMessages,
    private readonly inbox: NotificationsService,
  ) {
    super();
  }
}
