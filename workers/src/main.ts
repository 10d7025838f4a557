import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import { ConfigError, loadConfig, logUnhandledRejections } from '@market/backend';
import { WorkersModule } from './workers.module';

/**
 * The workers process: the outbox relay, the queue processors and the scheduled jobs.
 * On SIGTERM Nest's shutdown hooks stop the relay and let BullMQ workers finish their
 * running jobs (a job cut off harder is retried: every handler is idempotent).
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const app = await NestFactory.createApplicationContext(WorkersModule.forRoot(config), { bufferLogs: true });
  app.useLogger(app.get(Logger));
  logUnhandledRejections();
  app.enableShutdownHooks(['SIGTERM', 'SIGINT']);
  await app.init();
  console.log('Workers running');
}

main().catch((error: Error) => {
  console.error(error instanceof ConfigError ? error.message : `Workers failed to start: ${error.message}`);
  process.exit(1);
});
