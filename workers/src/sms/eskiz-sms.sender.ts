import { SmsSendError, SmsSender } from './sms-sender';

export interface EskizSettings {
  /** e.g. https://notify.eskiz.uz/api */
  baseUrl: string;
  email: string;
  password: string;
  /** The approved sender name (nickname). */
  from: string;
  timeoutMs: number;
}

interface EskizLoginAnswer {
  data?: { token?: string };
}

interface EskizSendAnswer {
  id?: string;
}

/** Network failures where the request certainly never reached the gateway. */
const NOT_DELIVERED_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * Eskiz (notify.eskiz.uz): a bearer token from `POST /auth/login` (e-mail and password), then
 * `POST /message/sms/send` with `mobile_phone`, `message`, `from`. The token lives about a
 * month; when Eskiz answers 401 the client signs in again once and repeats the send.
 */
export class EskizSmsSender extends SmsSender {
  readonly name = 'eskiz';
  private token: Promise<string> | null = null;

  constructor(private readonly settings: EskizSettings) {
    super();
  }

  async send(phoneNumber: string, text: string): Promise<{ messageId: string | null }> {
    const form = { mobile_phone: phoneNumber, message: text, from: this.settings.from };
    let response = await this.post('/message/sms/send', form, await this.currentToken());
    if (response.status === 401) {
      this.token = null;
      response = await this.post('/message/sms/send', form, await this.currentToken());
    }
    if (!response.ok) {
      // 4xx other than 401 and 429 is a refusal of this message (number, text): retrying cannot help.
      const permanent = response.status >= 400 && response.status < 500 && response.status !== 429;
      throw new SmsSendError(`Eskiz refused the SMS with HTTP ${response.status}`, true, permanent);
    }
    const answer = (await response.json().catch(() => ({}))) as EskizSendAnswer;
    return { messageId: answer.id ?? null };
  }

  /** One sign-in shared by concurrent sends; a failed sign-in is forgotten so the next send tries again. */
  private currentToken(): Promise<string> {
    this.token ??= this.login().catch((error: unknown) => {
      this.token = null;
      throw error;
    });
    return this.token;
  }

  private async login(): Promise<string> {
    const response = await this.post('/auth/login', { email: this.settings.email, password: this.settings.password });
    const answer = (await response.json().catch(() => ({}))) as EskizLoginAnswer;
    const token = answer.data?.token;
    // Without a token nothing was sent, whatever the reason.
    if (!response.ok || !token) throw new SmsSendError(`Eskiz sign-in failed with HTTP ${response.status}`, true);
    return token;
  }

  private async post(path: string, form: Record<string, string>, token?: string): Promise<Response> {
    try {
      return await fetch(`${this.settings.baseUrl.replace(/\/+$/, '')}${path}`, {
        method: 'POST',
        headers: { ...(token && { Authorization: `Bearer ${token}` }), Accept: 'application/json' },
        body: new URLSearchParams(form),
        signal: AbortSignal.timeout(this.settings.timeoutMs),
      });
    } catch (error) {
      const code = ((error as { cause?: { code?: string } }).cause ?? {}).code ?? '';
      // A timeout leaves the outcome unknown: Eskiz may have taken the message.
      const notSent = path === '/auth/login' || NOT_DELIVERED_CODES.has(code);
      throw new SmsSendError(`Eskiz unreachable (${code || (error as Error).name})`, notSent);
    }
  }
}
