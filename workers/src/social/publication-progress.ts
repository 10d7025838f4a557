import type { DataSource } from 'typeorm';
import type { SocialChannel } from '@market/contracts';
import type { PublishProgress } from './channels/channel-publisher';

/** The remote ids of one listing's post to one channel, stored as soon as the channel answers. */
export async function loadPublicationProgress(
  dataSource: DataSource,
  listingId: string,
  channel: SocialChannel,
): Promise<PublishProgress> {
  const rows: Array<{ step: string; remote_id: string }> = await dataSource.query(
    `SELECT step, remote_id FROM channel_publication_step WHERE listing_id = $1 AND channel = $2`,
    [listingId, channel],
  );
  const steps = new Map(rows.map((row) => [row.step, row.remote_id]));
  return {
    get: (step) => steps.get(step),
    async remember(step, remoteId) {
      await dataSource.query(
        `INSERT INTO channel_publication_step (listing_id, channel, step, remote_id) VALUES ($1, $2, $3, $4)
         ON CONFLICT (listing_id, channel, step) DO NOTHING`,
        [listingId, channel, step, remoteId],
      );
      steps.set(step, remoteId);
    },
    async forget(step) {
      await dataSource.query(`DELETE FROM channel_publication_step WHERE listing_id = $1 AND channel = $2 AND step = $3`, [
        listingId,
        channel,
        step,
      ]);
      steps.delete(step);
    },
  };
}
