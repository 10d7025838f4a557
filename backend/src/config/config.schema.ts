import { resolve } from 'node:path';
import { z } from 'zod';
import { phoneNumberSchema } from '@market/contracts';
import { proxyTrust } from '../common/visitor-address';

const commaSeparated = z
  .string()
  .default('')
  .transform((value) => value.split(',').map((part) => part.trim()).filter(Boolean));

/** Every environment variable the API and the workers read; `.env.example` lists them with these defaults. */
export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  /** Where users reach the site (links in sitemaps, previews and local image URLs); defaults to localhost on PORT. */
  PUBLIC_URL: z.url().optional(),
  /**
   * The reverse proxies whose X-Forwarded-For is believed: a hop count or proxy-addr's names and
   * ranges ('loopback', '10.0.0.0/8'). Empty (the default) believes none: every client could forge it.
   */
  TRUST_PROXY: z.string().default('').transform((setting, context) => {
    try {
      return proxyTrust(setting);
    } catch (error) {
      context.addIssue({ code: 'custom', message: (error as Error).message });
      return z.NEVER;
    }
  }),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).default('postgres://postgres@127.0.0.1:5432/telefon_bozor'),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /**
   * Streaming replicas of DATABASE_URL (comma-separated URLs) for anonymous visitors' public reads;
   * empty: every read goes to DATABASE_URL (docs/scale-out.md).
   */
  DATABASE_REPLICA_URLS: commaSeparated.pipe(z.array(z.url({ protocol: /^postgres(ql)?$/ }))),
  /** A replica whose replay is further behind than this is left out until it catches up. */
  DATABASE_REPLICA_MAX_LAG_MS: z.coerce.number().int().min(100).max(600_000).default(2_000),
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).default('redis://127.0.0.1:6379'),
  /** BullMQ's queues, the channels' pacing and real-time pushes: a Redis that never evicts (noeviction, append-only). Defaults to REDIS_URL. */
  REDIS_QUEUE_URL: z.union([z.literal(''), z.url({ protocol: /^rediss?$/ })]).default(''),
  /** Limits and counted views: a Redis that may evict under memory pressure. Defaults to REDIS_URL. */
  REDIS_CACHE_URL: z.union([z.literal(''), z.url({ protocol: /^rediss?$/ })]).default(''),
  QUEUE_PREFIX: z.string().regex(/^[\w-]+$/).default('bull'),
  /**
   * How many processes count the limits, the API's and the workers' (the bot's replies are limited messages): while
   * Redis is unreachable each counts its share of every limit in memory, so that together they keep to the limit.
   */
  RATE_LIMIT_PROCESSES: z.coerce.number().int().min(1).max(64).default(1),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  BODY_LIMIT: z.string().regex(/^\d+(b|kb|mb)$/, 'a size such as 100kb or 1mb').default('100kb'),
  CORS_ORIGINS: commaSeparated,
  IMAGE_HOSTS: commaSeparated,
  FRONTEND_DIST: z.string().default(resolve(__dirname, '../../../frontend/dist')),
  /** Serve the built SPA from the API; on by default in production. */
  SERVE_FRONTEND: z.enum(['true', 'false']).optional(),
  RELAY_POLL_MS: z.coerce.number().int().min(10).max(60_000).default(250),
  /** How long public answers that are the same for everyone (the feed, the brands) are reused; 0 turns it off. */
  PUBLIC_CACHE_TTL_MS: z.coerce.number().int().min(0).max(60_000).default(2_000),
  /** Phone numbers (any format, 12 digits) granted the admin role at API start. */
  ADMIN_PHONES: commaSeparated.pipe(z.array(phoneNumberSchema)),
  /**
   * New listings an account may post a day (issue 35), and an account younger than a week: a
   * shop's day of phones, not a flood. Tests that post many listings per seller raise them.
   */
  LISTINGS_PER_DAY: z.coerce.number().int().min(1).default(20),
  LISTINGS_PER_DAY_NEW_ACCOUNT: z.coerce.number().int().min(1).default(5),
  /** Prometheus' bearer token for GET /api/metrics and the workers' /metrics; empty admits only an admin's session to the API's. */
  METRICS_TOKEN: z.string().regex(/^([\w-]{32,})?$/, 'at least 32 letters, digits, _ or - (openssl rand -hex 24)').default(''),
  /** The workers' own port: /metrics for Prometheus and /health/live, /health/ready for the orchestrator. */
  WORKERS_PORT: z.coerce.number().int().min(0).max(65535).default(3002),
  /** How long a stopping API answers /api/health/ready with 503 before closing, for the load balancer to move its traffic. */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(120_000).default(0),
  /** Uploaded images: local disk (served under /uploads) unless an S3 bucket is configured. */
  STORAGE_DIR: z.string().default(resolve(__dirname, '../../../storage')),
  S3_BUCKET: z.string().default(''),
  S3_ENDPOINT: z.string().default(''),
  S3_REGION: z.string().default(''),
  S3_ACCESS_KEY_ID: z.string().default(''),
  S3_SECRET_ACCESS_KEY: z.string().default(''),
  /** Where the bucket's objects are publicly readable (a CDN or the bucket's public URL), without a trailing slash. */
  S3_PUBLIC_URL: z.string().default(''),
  /** Eskiz SMS gateway; with no e-mail and password SMS are written to the workers' log (development driver). */
  ESKIZ_BASE_URL: z.url().default('https://notify.eskiz.uz/api'),
  ESKIZ_EMAIL: z.string().default(''),
  ESKIZ_PASSWORD: z.string().default(''),
  ESKIZ_FROM: z.string().default('4546'),
  ESKIZ_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /**
   * The secret path segment of the delivery-report URL given to Eskiz as callback_url
   * (PUBLIC_URL/api/sms/delivery-reports/<secret>); empty sends no callback_url and records no reports.
   */
  ESKIZ_CALLBACK_SECRET: z.string().regex(/^([\w-]{32,})?$/, 'at least 32 letters, digits, _ or - (openssl rand -hex 24)').default(''),
  /** The AES-256 key sealing SMS texts (passwords, codes) in the outbox and the queue; the API and the workers need the same. */
  SMS_SECRET_KEY: z.string().regex(/^([A-Za-z0-9+/]{43}=)?$/, '32 random bytes in base64 (openssl rand -base64 32)').default(''),
  /**
   * The key of listings' IMEIs: their keyed hashes (the duplicate check) and the sealed full numbers moderators read.
   * Keep it: with another key old IMEIs no longer match new ones nor open. Outside production an empty one is a fixed development key.
   */
  IMEI_SECRET_KEY: z.string().regex(/^([A-Za-z0-9+/]{43}=)?$/, '32 random bytes in base64 (openssl rand -base64 32)').default(''),
  /** Payme Subscribe API for card top-ups; with no merchant id and key the sandbox card gateway is used where allowed. */
  PAYME_BASE_URL: z.url().default('https://checkout.paycom.uz/api'),
  PAYME_MERCHANT_ID: z.string().default(''),
  PAYME_KEY: z.string().default(''),
  PAYME_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /** The account field configured on the Payme cashbox; receipts carry the payment's id in it. */
  PAYME_ACCOUNT_FIELD: z.string().regex(/^\w+$/).default('order_id'),
  /** The fiscal receipt's item: the service's product code (ИКПУ, 17 digits), its package code and VAT, as registered with the tax office. */
  PAYME_FISCAL_CODE: z.string().regex(/^(\d{17})?$/, 'the 17-digit ИКПУ (tasnif.soliq.uz)').default(''),
  PAYME_PACKAGE_CODE: z.string().regex(/^\d*$/).default(''),
  PAYME_VAT_PERCENT: z.coerce.number().int().min(0).max(100).default(0),
  /** Simulated card payments (the sandbox gateway) instead of Payme; on by default outside production only. */
  PAYMENTS_SANDBOX: z.enum(['true', 'false']).optional(),
  /** Device catalogue seed (one `.txt` or `.json` file per brand); empty means the files shipped in backend/src/devices/seed/data. */
  DEVICE_SEED_DIR: z.string().default(''),
  /** The device spec source, read with GSMArena's page structure. */
  SPEC_SOURCE_URL: z.url().default('https://www.gsmarena.com'),
  SPEC_SOURCE_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(4_000),
  /** Requests to the spec source an hour, across every worker process: GSMArena bans addresses after a few dozen quick ones. */
  SPEC_SOURCE_REQUESTS_PER_HOUR: z.coerce.number().int().min(1).max(600).default(30),
  /** How long `POST /api/phone/update-device-spec` waits for the refresh before answering with the stored specs. */
  DEVICE_SPEC_WAIT_MS: z.coerce.number().int().min(0).max(30_000).default(6_000),
  /** Devices whose specs are older than 30 days refreshed per minute by the workers; 0 turns it off. */
  DEVICE_SPECS_REFRESH_PER_MINUTE: z.coerce.number().int().min(0).max(60).default(3),
  /** Telegram Bot API: the sellers' bot and the channel it posts paid listings to (the bot must be a channel admin). */
  TELEGRAM_API_URL: z.url().default('https://api.telegram.org'),
  TELEGRAM_BOT_TOKEN: z.string().default(''),
  /** The bot's username, for the sellers' one-time deep links (t.me/<username>?start=<token>). */
  TELEGRAM_BOT_USERNAME: z.string().regex(/^\w*$/).default(''),
  /**
   * The Mini App's short name as registered with BotFather (/newapp): links open listings in it
   * (t.me/<bot>/<name>?startapp=<listing id>); empty: no 'open in the app' buttons (docs/mini-app.md).
   */
  TELEGRAM_MINI_APP_NAME: z.string().regex(/^\w*$/).default(''),
  /** How old a Mini App's initData may be when it signs someone in (Telegram's auth_date). */
  TELEGRAM_INIT_DATA_MAX_AGE_SECONDS: z.coerce.number().int().min(60).default(24 * 3600),
  /** '@username' of a public channel or its numeric id; empty skips Telegram channel posts. */
  TELEGRAM_CHANNEL_ID: z.string().default(''),
  /** When set, the bot receives updates on this public URL (served by the workers on TELEGRAM_WEBHOOK_PORT) instead of long polling. */
  TELEGRAM_WEBHOOK_URL: z.string().default(''),
  TELEGRAM_WEBHOOK_PORT: z.coerce.number().int().min(1).max(65535).default(3001),
  /**
   * Sent to setWebhook as secret_token; Telegram repeats it in X-Telegram-Bot-Api-Secret-Token and the
   * workers refuse updates without it. Required with TELEGRAM_WEBHOOK_URL (1-256 of A-Z a-z 0-9 _ -).
   */
  TELEGRAM_WEBHOOK_SECRET: z.string().regex(/^[A-Za-z0-9_-]{0,256}$/).default(''),
  /**
   * Without a webhook one worker long-polls the bot at a time (Telegram ends a second poller with 409):
   * it holds a lease in the queues' Redis for this long, renewed every third of it; a crashed poller's
   * lease runs out and another worker takes over (docs/scale-out.md).
   */
  TELEGRAM_POLLING_LEASE_MS: z.coerce.number().int().min(300).default(15_000),
  /** Telegram's flood limits (core.telegram.org/bots/faq): into one channel or group per minute (an album counts each photo)... */
  TELEGRAM_CHANNEL_MESSAGES_PER_MINUTE: z.coerce.number().int().min(1).default(20),
  /** ... into one private chat per second ... */
  TELEGRAM_CHAT_MESSAGES_PER_SECOND: z.coerce.number().int().min(1).default(1),
  /** ... and for the whole bot per second. */
  TELEGRAM_MESSAGES_PER_SECOND: z.coerce.number().int().min(1).default(30),
  /**
   * Graph API for Instagram content publishing and the Facebook Page; empty ids or tokens skip that channel.
   * v25.0 is available until 29 July 2028 (developers.facebook.com/docs/graph-api/changelog/versions).
   */
  GRAPH_API_URL: z.url().default('https://graph.facebook.com/v25.0'),
  /**
   * Instagram's calls go to the host of the login that issued INSTAGRAM_ACCESS_TOKEN: graph.instagram.com for
   * an Instagram-Login token, graph.facebook.com for a Facebook-Login one (empty: GRAPH_API_URL).
   */
  INSTAGRAM_GRAPH_API_URL: z.union([z.literal(''), z.url()]).default(''),
  /** Instagram's API-published posts per account in a moving 24 hours, used until content_publishing_limit answers. */
  INSTAGRAM_POSTS_PER_DAY: z.coerce.number().int().min(1).default(50),
  /** At this share of a Graph usage header (X-App-Usage, X-Business-Use-Case-Usage, X-Page-Usage) the workers slow down. */
  GRAPH_USAGE_SLOWDOWN_PERCENT: z.coerce.number().min(1).max(100).default(80),
  /**
   * Multiplies every platform window the workers pace by (Telegram's minute and second, Instagram's 24 hours,
   * Graph's hour): 1 in production; the bench and the tests shrink it together with the fakes' windows.
   */
  CHANNEL_PACING_TIME_SCALE: z.coerce.number().positive().max(1).default(1),
  INSTAGRAM_USER_ID: z.string().default(''),
  INSTAGRAM_ACCESS_TOKEN: z.string().default(''),
  FACEBOOK_PAGE_ID: z.string().default(''),
  FACEBOOK_PAGE_TOKEN: z.string().default(''),
  /** Where the workers read the US dollar rate (the Central Bank of Uzbekistan's JSON: [{"Ccy":"USD","Rate":"12650.55"}]). */
  EXCHANGE_RATE_URL: z.url().default('https://cbu.uz/uz/arkhiv-kursov-valyut/json/USD/'),
  EXCHANGE_RATE_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
  /** So'm per dollar used for dollar prices until the first rate is fetched. */
  USD_UZS_FALLBACK_RATE: z.coerce.number().positive().default(12_650),
  /** Seed demo listings into an empty database at API start; on by default in development only. */
  DEMO_LISTINGS: z.enum(['true', 'false']).optional(),
})
  .refine((config) => !config.TELEGRAM_WEBHOOK_URL || config.TELEGRAM_WEBHOOK_SECRET, {
    path: ['TELEGRAM_WEBHOOK_SECRET'],
    message: 'required with TELEGRAM_WEBHOOK_URL: anyone who learns the URL could send the bot forged updates',
  })
  .refine((config) => config.NODE_ENV !== 'production' || config.SMS_SECRET_KEY, {
    path: ['SMS_SECRET_KEY'],
    message: 'required in production: 32 random bytes in base64 (openssl rand -base64 32)',
  })
  .refine((config) => config.NODE_ENV !== 'production' || config.IMEI_SECRET_KEY, {
    path: ['IMEI_SECRET_KEY'],
    message: 'required in production: 32 random bytes in base64 (openssl rand -base64 32)',
  })
  .superRefine((config, context) => {
    const login = tokenLogin(config.INSTAGRAM_ACCESS_TOKEN);
    const host = new URL(config.INSTAGRAM_GRAPH_API_URL || config.GRAPH_API_URL).hostname;
    if (login && Object.values(GRAPH_HOST_OF_LOGIN).includes(host) && host !== GRAPH_HOST_OF_LOGIN[login]) {
      context.addIssue({
        code: 'custom',
        path: ['INSTAGRAM_GRAPH_API_URL'],
        message: `INSTAGRAM_ACCESS_TOKEN comes from ${login} Login, which ${host} refuses: set https://${GRAPH_HOST_OF_LOGIN[login]}/v25.0`,
      });
    }
  })
  .transform((config) => ({
    ...config,
    PUBLIC_URL: config.PUBLIC_URL ?? `http://localhost:${config.PORT}`,
    REDIS_QUEUE_URL: config.REDIS_QUEUE_URL || config.REDIS_URL,
    REDIS_CACHE_URL: config.REDIS_CACHE_URL || config.REDIS_URL,
    INSTAGRAM_GRAPH_API_URL: config.INSTAGRAM_GRAPH_API_URL || config.GRAPH_API_URL,
  }));

/** The Graph API host of each login. */
const GRAPH_HOST_OF_LOGIN: Record<'Instagram' | 'Facebook', string> = { Instagram: 'graph.instagram.com', Facebook: 'graph.facebook.com' };

/** Which login issued a token, by the prefix Meta's tokens carry (IG... from Instagram Login, EAA... from Facebook Login); undefined for others (the fakes'). */
function tokenLogin(token: string): keyof typeof GRAPH_HOST_OF_LOGIN | undefined {
  if (token.startsWith('IG')) return 'Instagram';
  if (token.startsWith('EAA')) return 'Facebook';
  return undefined;
}

export type Config = z.infer<typeof configSchema>;

export class ConfigError extends Error {}

/** Parses the environment; a wrong value throws an error naming each offending variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const result = configSchema.safeParse(env);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
  throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
}

/** A connection URL with its password replaced, for messages and logs. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparseable URL)';
  }
}
