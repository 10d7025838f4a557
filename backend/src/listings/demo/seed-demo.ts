import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import { AppModule } from '../../app.module';
import { ConfigError, loadConfig, redactUrl } from '../../config/config.schema';
import { DemoListings } from './demo-listings';

/**
 * `npm run seed:demo` (after `npm run build`): the demo listings, into any development
 * database, unless the demo sellers already have theirs. Starts the API's modules without
 * HTTP so the catalogue and the image storage are the ones the API uses. Answers the exit code.
 */
export async function seedDemoCommand(env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const config = loadConfig(env);
  if (config.NODE_ENV === 'production') {
    console.error('Demo listings are never put into a production database (NODE_ENV=production).');
    return 2;
  }
  // The start-up seeding is off here: this command decides itself.
  const app = await NestFactory.createApplicationContext(AppModule.forRoot({ ...config, DEMO_LISTINGS: 'false' }), {
    bufferLogs: true,
  }).catch((error: Error) => {
    throw new Error(`${error.message} (is PostgreSQL reachable at ${redactUrl(config.DATABASE_URL)}?)`);
  });
  app.useLogger(app.get(Logger));
  try {
    await app.init();
    const report = await app.get(DemoListings).seed('on-demand');
    console.log(report.skipped ? 'The demo listings are already there; nothing added.' : `${report.listings} demo listings added.`);
    return 0;
  } finally {
    await app.close();
  }
}

if (require.main === module) {
  seedDemoCommand()
    .then((code) => process.exit(code))
    .catch((error: Error) => {
      console.error(error instanceof ConfigError ? error.message : `Seeding the demo listings failed: ${error.message}`);
      process.exit(1);
    });
}
