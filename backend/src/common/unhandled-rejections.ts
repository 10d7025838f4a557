import { Logger } from '@nestjs/common';

/**
 * Logs a promise rejected with nobody to catch it, instead of letting Node end the process (its
 * default since Node 15): one forgotten rejection, such as grammY's webhook timeout was, would
 * otherwise cut off every request and job in flight. The log says where, to be fixed.
 */
export function logUnhandledRejections(logger: Pick<Logger, 'error'> = new Logger('Process')): void {
  process.on('unhandledRejection', (reason) => {
    logger.error(`Unhandled rejection: ${reason instanceof Error ? (reason.stack ?? reason.message) : String(reason)}`);
  });
}
