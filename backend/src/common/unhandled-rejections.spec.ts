import { logUnhandledRejections } from './unhandled-rejections';

describe('logUnhandledRejections', () => {
  it('logs a rejection nobody catches, and the process lives on', async () => {
    const before = process.listeners('unhandledRejection');
    const logger = { error: jest.fn() };
    logUnhandledRejections(logger);
    const added = process.listeners('unhandledRejection').filter((listener) => !before.includes(listener));
    try {
      expect(added).toHaveLength(1);
      // What Node does with a rejection nobody handled: only its listeners hear of it.
      process.emit('unhandledRejection', new Error('Request timed out after 10000 ms'), Promise.resolve());
      expect(logger.error).toHaveBeenCalledWith(expect.stringContaining('Request timed out after 10000 ms'));
    } finally {
      for (const listener of added) process.off('unhandledRejection', listener);
    }
  });
});
