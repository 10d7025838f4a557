import { once } from 'node:events';
import Redis from 'ioredis';
import { startPrivateRedis } from '../../../test/support/redis-server';
import { closeRedis } from './redis.module';

describe('closeRedis', () => {
  it('closes at once when Redis answers, and within about a second when Redis hangs', async () => {
    const redis = await startPrivateRedis();
    try {
      const answering = new Redis(redis.url);
      await answering.ping();
      const answeringEnded = once(answering, 'end');
      await closeRedis(answering);
      await answeringEnded;

      const hanging = new Redis(redis.url, { maxRetriesPerRequest: 1 });
      hanging.on('error', () => undefined);
      await hanging.ping();
      const hangingEnded = once(hanging, 'end');
      redis.pause();
      const started = Date.now();
      await closeRedis(hanging);
      expect(Date.now() - started).toBeLessThan(2_500);
      // The socket itself closes a little later (ioredis ends it, then destroys it): nothing awaits that.
      await hangingEnded;
    } finally {
      redis.resume();
      await redis.stop();
    }
  });
});
