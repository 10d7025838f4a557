import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface EskizSentSms {
  id: string;
  mobile_phone: string;
  message: string;
  from: string;
}

async function readForm(request: IncomingMessage): Promise<Record<string, string>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
}

/**
 * A fake Eskiz (notify.eskiz.uz/api) on 127.0.0.1: `POST /api/auth/login` with the right
 * e-mail and password issues a bearer token; `POST /api/message/sms/send` with a valid token
 * takes the message (recorded in `sent`), with an expired or unknown token answers 401.
 * Tests expire tokens, script 5xx answers, or hold an answer longer than the client waits.
 */
export async function startFakeEskiz(credentials = { email: 'dev@telefon-bozor.uz', password: 'eskiz-secret' }) {
  const validTokens = new Set<string>();
  const sent: EskizSentSms[] = [];
  let logins = 0;
  let sendAttempts = 0;
  const scriptedSendFailures: number[] = [];
  let sendDelayMs = 0;

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
      const sms = { id: randomUUID(), mobile_phone: form.mobile_phone, message: form.message, from: form.from };
      sent.push(sms);
      // The message is taken before a slow answer: a client that gives up has still sent it.
      if (sendDelayMs) await new Promise((resolve) => setTimeout(resolve, sendDelayMs));
      return answer(response, 200, { id: sms.id, message: 'Waiting for SMS provider', status: 'waiting' });
    }
    answer(response, 404, { message: 'Not found' });
  });
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
    /** Every issued token stops working, as after Eskiz's 30-day token lifetime. */
    expireTokens(): void {
      validTokens.clear();
    },
    /** The next sends answer these HTTP statuses (e.g. 500, 502) before working again. */
    failNextSends(...statuses: number[]): void {
      scriptedSendFailures.push(...statuses);
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
