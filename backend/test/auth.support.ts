import type { INestApplication } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { EventPayload } from '@market/contracts';
import { SessionService } from '../src/auth/session.service';
import { SmsTextSeal } from '../src/auth/sms-text-seal';
import { OutboxService } from '../src/events/outbox.service';
import { RedisClient } from '../src/redis/redis.module';
import { startedApp } from '../../test/support/app';

/**
 * Test helpers for accounts. `smsOutbox` records every SMS the app asks the workers to send,
 * opened (the test reads passwords and codes there, as a user reads the phone); `signedInUser`
 * makes an account with a session for tests of other areas.
 */
export function smsOutbox(app: INestApplication) {
  const sent: { phoneNumber: string; text: string }[] = [];
  const outbox = app.get(OutboxService, { strict: false });
  const seal = app.get(SmsTextSeal, { strict: false });
  const record = outbox.record.bind(outbox);
  jest.spyOn(outbox, 'record').mockImplementation(async (transaction, name, payload) => {
    const id = await record(transaction, name, payload);
    if (name === 'sms.requested') {
      const { phoneNumber, sealedText } = payload as EventPayload<'sms.requested'>;
      sent.push({ phoneNumber, text: seal.open(phoneNumber, sealedText)! });
    }
    return id;
  });
  const to = (phoneNumber: string) => sent.filter((sms) => sms.phoneNumber === phoneNumber);
  return {
    sent,
    to,
    /** The digits of the last SMS to the number: the generated password or the 5-digit code. */
    lastSecretTo(phoneNumber: string): string {
      const last = to(phoneNumber).at(-1);
      if (!last) throw new Error(`No SMS was sent to ${phoneNumber}`);
      return /(\d{5,8})/.exec(last.text)![1];
    },
  };
}

/** The app as the accounts tests start it, with every SMS it asks to send recorded in `sms`. */
export async function appWithSmsOutbox(): Promise<{ app: INestApplication; sms: ReturnType<typeof smsOutbox> }> {
  const app = await startedApp();
  return { app, sms: smsOutbox(app) };
}

export async function signedInUser(
  app: INestApplication,
  phoneNumber: string,
  role: 'admin' | 'user' = 'user',
): Promise<{ id: string; cookie: string }> {
  const dataSource = app.get(DataSource);
  const [{ id }] = await dataSource.query(
    `INSERT INTO users (phone_number, role, phone_confirmed) VALUES ($1, $2, true)
     ON CONFLICT (phone_number) DO UPDATE SET role = EXCLUDED.role RETURNING id`,
    [phoneNumber, role],
  );
  const { token } = await app.get(SessionService, { strict: false }).start(id);
  return { id, cookie: `session=${token}` };
}

/** The `session` cookie a response set, as a Cookie header value. */
export function sessionCookieOf(response: { headers: Record<string, unknown> }): string {
  const cookies = (response.headers['set-cookie'] as string[] | undefined) ?? [];
  const session = cookies.find((cookie) => cookie.startsWith('session='));
  if (!session) throw new Error('No session cookie was set');
  return session.split(';')[0];
}

/** Ends a number's 120 s SMS resend countdown, as if two minutes had passed. */
export async function forgetSmsCountdown(app: INestApplication, phoneNumber: string): Promise<void> {
  await app.get(RedisClient).del(`${process.env.QUEUE_PREFIX}:limit:sms-phone-gap:${phoneNumber}`);
}
