import { DataSource } from 'typeorm';
import { phoneNumberSchema } from '@market/contracts';
import { ConfigError, loadConfig, redactUrl } from '../config/config.schema';
import { dataSourceOptions } from '../database/data-source-options';
import { runMigrations } from '../database/migrate';
import { grantAdminRole } from '../users/admin-role';

/**
 * `npm run admin -- +998901234567 [more numbers]`: gives these numbers the admin role. A
 * number without an account gets one; its owner signs in as usual (step 1 sends a password).
 * Answers the process exit code.
 */
export async function grantAdminCommand(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const parsed = args.map((arg) => ({ arg, result: phoneNumberSchema.safeParse(arg) }));
  const invalid = parsed.filter(({ result }) => !result.success).map(({ arg }) => arg);
  if (parsed.length === 0 || invalid.length) {
    console.error(
      invalid.length
        ? `Not an Uzbek mobile number (+998 and an operator code, 12 digits): ${invalid.join(', ')}`
        : 'Usage: npm run admin -- +998901234567 [+998...]',
    );
    return 2;
  }
  const phoneNumbers = parsed.map(({ result }) => result.data!);
  const config = loadConfig(env);
  const dataSource = new DataSource(dataSourceOptions(config));
  try {
    await dataSource.initialize();
  } catch (error) {
    console.error(`PostgreSQL is unreachable at ${redactUrl(config.DATABASE_URL)}: ${(error as Error).message}`);
    return 1;
  }
  try {
    await runMigrations(dataSource);
    const created = await grantAdminRole(dataSource.manager, phoneNumbers);
    for (const phoneNumber of phoneNumbers) {
      const note = created.includes(phoneNumber) ? ' (new account: sign in with this number to get a password by SMS)' : '';
      console.log(`+${phoneNumber} is an admin${note}`);
    }
    return 0;
  } finally {
    await dataSource.destroy();
  }
}

if (require.main === module) {
  grantAdminCommand(process.argv.slice(2))
    .then((code) => process.exit(code))
    .catch((error: Error) => {
      console.error(error instanceof ConfigError ? error.message : `Granting the admin role failed: ${error.message}`);
      process.exit(1);
    });
}
