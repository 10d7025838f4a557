import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedCall {
  method: string;
  path: string;
  body: Record<string, unknown>;
  /** When the call arrived, in milliseconds since the epoch. */
  receivedAt: number;
  /** What the fake answered (set as soon as the answer is chosen). */
  answer?: { status: number; body: unknown };
}

export interface FakeAnswer {
  status?: number;
  body: unknown;
  delayMs?: number;
  headers?: Record<string, string>;
}

export interface ScriptedFailure {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

async function readBody(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text) return {};
  if ((request.headers['content-type'] ?? '').includes('application/json')) return JSON.parse(text);
  return Object.fromEntries(new URLSearchParams(text));
}

/**
 * A fake of an outside HTTP API on 127.0.0.1: it records every call and its answer, answers
 * through the given handler (the fakes enforce the platforms' limits there), and can be told to
 * fail the next calls to a path (500, an invalid token, ...).
 */
export async function startHttpFake(
  /** `gone` aborts when the client closes the connection before its answer (a held request abandoned). */
  handle: (call: RecordedCall, url: URL, gone: AbortSignal) => FakeAnswer | Promise<FakeAnswer>,
): Promise<{
  url: string;
  calls: RecordedCall[];
  failNext(pathPattern: RegExp, failure: ScriptedFailure, times?: number): void;
  /** Calls to matching paths take effect at once but are answered only after the delay. */
  slowDown(pattern: RegExp, delayMs: number): void;
  close(): Promise<void>;
}> {
  const calls: RecordedCall[] = [];
  const failures: Array<{ pathPattern: RegExp; failure: ScriptedFailure; remaining: number }> = [];
  let slowPaths: { pattern: RegExp; delayMs: number } | undefined;

  function scriptedFailure(path: string): ScriptedFailure | undefined {
    const next = failures.find((entry) => entry.remaining > 0 && entry.pathPattern.test(path));
    if (!next) return undefined;
    next.remaining -= 1;
    return next.failure;
  }

  const server: Server = createServer(async (request: IncomingMessage, response: ServerResponse) => {
    const receivedAt = Date.now();
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const query = Object.fromEntries(url.searchParams);
    const call: RecordedCall = { method: request.method ?? 'GET', path: url.pathname, body: { ...query, ...(await readBody(request)) }, receivedAt };
    calls.push(call);
    const gone = new AbortController();
    // A client that closes its connection before the answer is seen at its FIN, before the socket's close.
    const leave = () => {
      if (!response.writableFinished) gone.abort();
    };
    request.socket.once('end', leave);
    response.once('close', () => {
      request.socket.off('end', leave);
      leave();
    });
    const scripted = scriptedFailure(url.pathname);
    const answer = scripted ?? (await handle(call, url, gone.signal));
    call.answer = { status: answer.status ?? 200, body: answer.body };
    const delayMs = ('delayMs' in answer && answer.delayMs) || (slowPaths?.pattern.test(url.pathname) ? slowPaths.delayMs : 0);
    if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
    response.writeHead(call.answer.status, { 'Content-Type': 'application/json', ...(answer.headers ?? {}) });
    response.end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    failNext(pathPattern, failure, times = 1) {
      failures.push({ pathPattern, failure, remaining: times });
    },
    slowDown(pattern, delayMs) {
      slowPaths = { pattern, delayMs };
    },
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
