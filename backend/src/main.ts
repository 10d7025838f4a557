import 'reflect-metadata';
import { createApp } from './app.factory';
import { logUnhandledRejections } from './common/unhandled-rejections';
import { ConfigError, loadConfig, redactUrl } from './config/config.schema';

async function main(): Promise<void> {
  const config = loadConfig();
  const app = await createApp(config).catch((error: Error) => {
    throw new Error(
      `${error.message}\nThe API could not start. Is PostgreSQL reachable at ${redactUrl(config.DATABASE_URL)}? ` +
        'Start it with `docker compose up -d` or set DATABASE_URL.',
    );
  });
  logUnhandledRejections();
  await app.listen(config.PORT);
  console.log(`API listening on http://localhost:${config.PORT}`);
}

main().catch((error: Error) => {
  console.error(error instanceof ConfigError ? error.message : `Start-up failed: ${error.message}`);
  process.exit(1);
});
