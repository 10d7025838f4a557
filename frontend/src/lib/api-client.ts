import type { ErrorEnvelope, MessageKey } from '@market/contracts';
import { currentLanguage, messageText } from './i18n';
import { headerSessionToSend } from './telegram-launch';

/** The status of an answer that never came: the browser is offline, or the connection broke. */
export const NO_ANSWER = 0;

/** An error answer of the API, carrying the server's envelope. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly envelope: ErrorEnvelope | undefined,
  ) {
    super(wordsOf(status, envelope));
  }

  /** Its words in the language on screen now (`message` has them in the language shown when it came). */
  get text(): string {
    return wordsOf(this.status, this.envelope);
  }

  /** Field errors as message keys, to show under each field. */
  get fields(): Record<string, MessageKey> {
    return (this.envelope?.fields ?? {}) as Record<string, MessageKey>;
  }
}

/** Without the server's words: 'offline' when no answer came, else the server's fault; in the language on screen. */
function wordsOf(status: number, envelope: ErrorEnvelope | undefined): string {
  return envelope?.message[currentLanguage()] ?? messageText(status === NO_ANSWER ? 'offline' : 'serverNotWorking');
}

/** Whether an answer's body is the API's error envelope; a plain check keeps the schema library out of the first page load. */
export function isErrorEnvelope(payload: unknown): payload is ErrorEnvelope {
  const message = (payload as ErrorEnvelope | undefined)?.message;
  return typeof message === 'object' && message !== null && typeof message.uz === 'string';
}

export interface ApiResponse<T> {
  status: number;
  data: T;
}

/** The Mini App's session header (its token as `Authorization: Bearer`), empty on the web. */
export async function sessionHeader(): Promise<Record<string, string>> {
  const token = await headerSessionToSend();
  return token ? { Authorization: `Bearer ${token}` } : {};
}

/**
 * Every request of the app goes through here: same-origin cookies (inside Telegram, the session
 * header instead: Telegram Web's iframe keeps no cookies of ours), JSON in and out, envelope errors. A request that gets no answer is an ApiError with status NO_ANSWER, which says
 * 'offline' in the reader's language, never the browser's 'Failed to fetch'.
 */
export async function apiRequest<T>(method: string, path: string, body?: unknown, init: Pick<RequestInit, 'keepalive'> = {}): Promise<ApiResponse<T>> {
  const isForm = body instanceof FormData;
  const session = await sessionHeader();
  const response = await fetch(`/api${path}`, {
    ...init,
    method,
    credentials: 'include',
    headers: {
      ...(body !== undefined && !isForm && { 'Content-Type': 'application/json' }),
      ...session,
    },
    body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
  }).catch(() => {
    throw new ApiError(NO_ANSWER, undefined);
  });
  const payload: unknown = response.status === 204 ? undefined : await response.json().catch(() => undefined);
  if (!response.ok) {
    throw new ApiError(response.status, isErrorEnvelope(payload) ? payload : undefined);
  }
  return { status: response.status, data: payload as T };
}

export const api = {
  get: <T>(path: string) => apiRequest<T>('GET', path).then((response) => response.data),
  post: <T>(path: string, body?: unknown, init?: Pick<RequestInit, 'keepalive'>) => apiRequest<T>('POST', path, body, init).then((response) => response.data),
  put: <T>(path: string, body?: unknown) => apiRequest<T>('PUT', path, body).then((response) => response.data),
  delete: <T>(path: string, body?: unknown) => apiRequest<T>('DELETE', path, body).then((response) => response.data),
};
