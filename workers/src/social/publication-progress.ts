import type { ChannelPostingService, PromotionSettlement } from '@market/backend';
import type { SocialChannel } from '@market/contracts';
import type { PublishProgress } from './channels/channel-publisher';
import { RepostStoppedError } from './publish-errors';

/**
 * The remote ids of one listing's post to one channel, stored as soon as the channel answers. A
 * bought repost (issue 39) keeps its steps under its promotion's id, apart from the first post's,
 * and makes the call that shows it through its promotion (PromotionSettlement.postRepost).
 */
export async function loadPublicationProgress(
  posting: ChannelPostingService,
  promotions: PromotionSettlement,
  listingId: string,
  channel: SocialChannel,
  repostOf?: string,
): Promise<PublishProgress> {
  const steps = await posting.publicationSteps(listingId, channel);
  const key = (step: string) => (repostOf ? `repost:${repostOf}:${step}` : step);
  return {
    get: (step) => steps.get(key(step)),
    async remember(step, remoteId) {
      await posting.rememberStep(listingId, channel, key(step), remoteId);
      steps.set(key(step), remoteId);
    },
    async forget(step) {
      await posting.forgetStep(listingId, channel, key(step));
      steps.delete(key(step));
    },
    async whilePostable(call) {
      if (!repostOf) return call();
      const made = await promotions.postRepost(repostOf, call);
      if (!made) throw new RepostStoppedError(`Repost ${repostOf} was refunded`);
      return made.posted;
    },
  };
}
