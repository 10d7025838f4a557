import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import { ConfigError, loadConfig, logUnhandledRejections } from '@market/backend';
import { OperationsServer } from './operations/operations-server';
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
  // Without their port the workers still send SMS and post listings: the failure is logged, not fatal.
  await app.get(OperationsServer).listen().then(
    (port) => console.log(`Workers running; metrics and health on port ${port}`),
    (error: Error) => console.error(`Workers running without their metrics and health port: ${error.message}`),
  );
}

main().catch((error: Error) => {
  console.error(error instanceof ConfigError ? error.message : `Workers failed to start: ${error.message}`);
  process.exit(1);
});
