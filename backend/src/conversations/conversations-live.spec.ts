import { Server } from 'socket.io';
import type { AppConfig } from '../config/app-config';
import { ConversationsLive, pushAdapter } from './conversations-live';

describe('ConversationsLive', () => {
  it('pushes to nothing once shut down: a job still finishing does not publish on the closed Redis', async () => {
    const config = { REDIS_QUEUE_URL: 'redis://127.0.0.1:6379', QUEUE_PREFIX: `live_${process.pid}` } as AppConfig;
    const { adapter, close } = pushAdapter(config);
    const live = new ConversationsLive();
    live.attach(new Server().adapter(adapter), close);
    live.push('someone', 'message', { id: 1 });

    const unhandled: unknown[] = [];
    const record = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', record);
    try {
      await live.onApplicationShutdown();
      // A notification job finishing after the workers began to stop (as in a run's teardown).
      live.push('someone', 'notification', { unread: 1 });
      await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      process.off('unhandledRejection', record);
    }
    expect(unhandled).toEqual([]);
  });
});
