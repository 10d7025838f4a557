import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { matchesSmsTemplate, smsTemplates } from '../../contracts/src/sms-texts';

export interface EskizSentSms {
  id: string;
  mobile_phone: string;
  message: string;
  from: string;
  callback_url?: string;
}

/** A delivery report as Eskiz posts it to a message's callback_url. */
export interface EskizDeliveryReport {
  /** The `id` the send answered with. */
  request_id: string;
  /** Eskiz's own id of the message, never seen before the report. */
  message_id: string;
  user_sms_id: string;
  country: string;
  phone_number: string;
  sms_count: number;
  status: string;
  status_date: string;
}

/** Eskiz's own test text: the only one an account in test status may send. */
export const ESKIZ_TEST_TEXT = 'Bu Eskiz dan test';

/** How Eskiz answers a text that is not an approved template. */
export const ESKIZ_NOT_APPROVED = "Ushbu SMS matni moderatsiyadan o'tmagan. Shablonni my.eskiz.uz orqali moderatsiyaga yuboring";

async function readForm(request: IncomingMessage): Promise<Record<string, string>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
}

/**
 * A fake Eskiz (notify.eskiz.uz/api) on 127.0.0.1: `POST /api/auth/login` with the right
 * e-mail and password issues a bearer token; `POST /api/message/sms/send` with a valid token
 * takes the message (recorded in `sent`) when its text is an approved template (by default the
 * site's templates from contracts, as after moderation; `{ approved: [] }` is an account in test
 * status, which may send only Eskiz's test text), refuses any other text with 400, answers 401
 * to an expired or unknown token, and posts a delivery report (DELIVRD unless scripted per
 * number) to the message's callback_url: the send's `id` as `request_id`, Eskiz's own
 * `message_id` beside it, as Eskiz's documentation gives it. Tests expire tokens, script 5xx answers, or hold an
 * answer longer than the client waits.
 */
export async function startFakeEskiz(
  credentials = { email: 'dev@telefon-bozor.uz', password: 'eskiz-secret' },
  options: { approved?: string[]; deliveryStatusOf?: (phoneNumber: string) => string } = {},
) {
  const approved = [ESKIZ_TEST_TEXT, ...(options.approved ?? smsTemplates().map(({ template }) => template))];
  const validTokens = new Set<string>();
  const sent: EskizSentSms[] = [];
  const reports: { url: string; report: EskizDeliveryReport; answeredWith: number | string }[] = [];
  const deliveryStatuses = new Map<string, string>();
  let logins = 0;
  let sendAttempts = 0;
  const scriptedSendFailures: number[] = [];
  const scriptedAnswers: { status: string }[] = [];
  let sendDelayMs = 0;
  /** Eskiz numbers its messages itself, apart from the send's id. */
  let lastMessageId = 4_385_000;

  const answer = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'Content-Type': 'application/json' });
    response.end(JSON.stringify(body));
  };

  const server = createServer(async (request, response) => {
    const form = await readForm(request);
    const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
    if (request.method === 'POST' && path === '/api/auth/login') {
      logins += 1;
      if (form.email !== credentials.email || form.password !== credentials.password) {
        return answer(response, 401, { message: 'Invalid credentials' });
      }
      const token = randomUUID();
      validTokens.add(token);
      return answer(response, 200, { message: 'token_generated', data: { token }, token_type: 'bearer' });
    }
    if (request.method === 'POST' && path === '/api/message/sms/send') {
      sendAttempts += 1;
      const token = (request.headers.authorization ?? '').replace(/^Bearer /, '');
      if (!validTokens.has(token)) return answer(response, 401, { status: 'token-invalid', message: 'Expired' });
      const failure = scriptedSendFailures.shift();
      if (failure) return answer(response, failure, { status: 'error', message: 'Internal Server Error' });
      if (!form.mobile_phone || !form.message || !form.from) return answer(response, 400, { status: 'error', message: 'Missing fields' });
      const scripted = scriptedAnswers.shift();
      if (scripted) return answer(response, 200, { id: randomUUID(), message: 'Not taken', ...scripted });
      if (!approved.some((template) => matchesSmsTemplate(template, form.message))) {
        return answer(response, 400, { status: 'error', message: ESKIZ_NOT_APPROVED });
      }
      const sms: EskizSentSms = { id: randomUUID(), mobile_phone: form.mobile_phone, message: form.message, from: form.from };
      if (form.callback_url) sms.callback_url = form.callback_url;
      sent.push(sms);
      if (sms.callback_url) setTimeout(() => void report(sms), 20).unref();
      // The message is taken before a slow answer: a client that gives up has still sent it.
      if (sendDelayMs) await new Promise((resolve) => setTimeout(resolve, sendDelayMs));
      return answer(response, 200, { id: sms.id, message: 'Waiting for SMS provider', status: 'waiting' });
    }
    answer(response, 404, { message: 'Not found' });
  });
  async function report(sms: EskizSentSms): Promise<void> {
    const body: EskizDeliveryReport = {
      request_id: sms.id,
      message_id: String(++lastMessageId),
      user_sms_id: '',
      country: 'UZ',
      phone_number: sms.mobile_phone,
      sms_count: 1,
      status: deliveryStatuses.get(sms.mobile_phone) ?? options.deliveryStatusOf?.(sms.mobile_phone) ?? 'DELIVRD',
      status_date: new Date().toISOString().slice(0, 19).replace('T', ' '),
    };
    const entry = { url: sms.callback_url!, report: body, answeredWith: 0 as number | string };
    reports.push(entry);
    try {
      const answered = await fetch(sms.callback_url!, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
      entry.answeredWith = answered.status;
    } catch (error) {
      entry.answeredWith = (error as Error).message;
    }
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  return {
    /** The base URL to configure as ESKIZ_BASE_URL. */
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`,
    credentials,
    sent,
    get logins() {
      return logins;
    },
    get sendAttempts() {
      return sendAttempts;
    },
    /** Delivery reports posted to callback URLs, with the HTTP status each was answered with. */
    reports,
    /** The operator's delivery status for messages to `phoneNumber` from now on: UNDELIV, REJECTD, EXPIRED... */
    setDeliveryStatus(phoneNumber: string, status: string): void {
      deliveryStatuses.set(phoneNumber, status);
    },
    /** Every issued token stops working, as after Eskiz's 30-day token lifetime. */
    expireTokens(): void {
      validTokens.clear();
    },
    /** The next sends answer these HTTP statuses (e.g. 500, 502) before working again. */
    failNextSends(...statuses: number[]): void {
      scriptedSendFailures.push(...statuses);
    },
    /** The next send is answered 200 with this status and not taken (e.g. 'rejected'). */
    answerNextSend(body: { status: string }): void {
      scriptedAnswers.push(body);
    },
    /** Sends are taken but answered only after this delay. */
    delaySends(ms: number): void {
      sendDelayMs = ms;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export type FakeEskiz = Awaited<ReturnType<typeof startFakeEskiz>>;
