import type { ChannelPostingService } from '@market/backend';
import type { SocialChannel } from '@market/contracts';
import type { PublishProgress } from './channels/channel-publisher';

/** The remote ids of one listing's post to one channel, stored as soon as the channel answers. */
export async function loadPublicationProgress(
  posting: ChannelPostingService,
  listingId: string,
  channel: SocialChannel,
): Promise<PublishProgress> {
  const steps = await posting.publicationSteps(listingId, channel);
  return {
    get: (step) => steps.get(step),
    async remember(step, remoteId) {
      await posting.rememberStep(listingId, channel, step, remoteId);
      steps.set(step, remoteId);
    },
    async forget(step) {
      await posting.forgetStep(listingId, channel, step);
      steps.delete(step);
    },
  };
}
