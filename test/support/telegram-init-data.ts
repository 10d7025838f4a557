import { createHmac } from 'node:crypto';

/** The bot token the tests' API and workers run with (the fake Bot API accepts any). */
export const TEST_BOT_TOKEN = '7000000001:AAtest-bot-token-of-the-test-suites';

export interface LaunchUser {
  id: number;
  first_name: string;
  last_name?: string;
  language_code?: string;
}

/**
 * Signs initData as Telegram does for a Mini App (core.telegram.org/bots/webapps, "Validating data
 * received via the Mini App"), written out here independently of the library the API uses: the
 * data-check-string is the sorted `key=value` lines, the key is HMAC-SHA-256 of the bot token
 * keyed with 'WebAppData'. `pairs` are signed in order, so a test can sign a key given twice.
 */
export function signInitData(pairs: [string, string][], botToken = TEST_BOT_TOKEN): string {
  const dataCheckString = pairs
    .map(([key, value]) => `${key}=${value}`)
    .sort()
    .join('\n');
  const secret = createHmac('sha256', 'WebAppData').update(botToken).digest();
  const hash = createHmac('sha256', secret).update(dataCheckString).digest('hex');
  return new URLSearchParams([...pairs, ['hash', hash]]).toString();
}

/** The fields Telegram gives a Mini App opened by `user`, signed; `authDate` defaults to now. */
export function launchFields(user: LaunchUser, { authDate = new Date(), startParam }: { authDate?: Date; startParam?: string } = {}): [string, string][] {
  return [
    ['query_id', 'AAHdF6IQAAAAAN0XohDhrOrc'],
    ['user', JSON.stringify(user)],
    ['auth_date', String(Math.floor(authDate.getTime() / 1000))],
    ['signature', 'not-checked-by-the-bot-token-validation'],
    ...(startParam ? ([['start_param', startParam]] as [string, string][]) : []),
  ];
}

export function signedLaunch(user: LaunchUser, options: { authDate?: Date; startParam?: string; botToken?: string } = {}): string {
  return signInitData(launchFields(user, options), options.botToken);
}
