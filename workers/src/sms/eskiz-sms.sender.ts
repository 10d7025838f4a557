import { SmsSendError, SmsSender } from './sms-sender';

export interface EskizSettings {
  /** e.g. https://notify.eskiz.uz/api */
  baseUrl: string;
  email: string;
  password: string;
  /** The approved sender name (nickname). */
  from: string;
  timeoutMs: number;
  /** Where Eskiz posts each message's delivery report; none when empty. */
  callbackUrl: string;
}

interface EskizLoginAnswer {
  data?: { token?: string };
}

interface EskizSendAnswer {
  id?: string;
  status?: string;
  message?: string;
}

/** The send answer's statuses of a message Eskiz took: it is on its way to the operator. */
const ACCEPTED_STATUSES = new Set(['waiting', 'new', 'stored', 'accepted', 'partdelivered', 'delivered']);

/** How Eskiz words its refusal of a text that is not an approved template (uz, ru or en). */
const NOT_APPROVED = /moderat|модерац|shablon|шаблон|template/i;

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
    const form = {
      mobile_phone: phoneNumber,
      message: text,
      from: this.settings.from,
      ...(this.settings.callbackUrl && { callback_url: this.settings.callbackUrl }),
    };
    let response = await this.post('/message/sms/send', form, await this.currentToken());
    if (response.status === 401) {
      this.token = null;
      response = await this.post('/message/sms/send', form, await this.currentToken());
    }
    const answer = (await response.json().catch(() => ({}))) as EskizSendAnswer;
    if (!response.ok) {
      if (NOT_APPROVED.test(answer.message ?? '')) {
        throw new SmsSendError(
          'Eskiz refused the text: it is not an approved SMS template. Submit the texts `npm run sms:templates` prints at my.eskiz.uz (SMS → templates) and deploy only approved wording',
          true,
          true,
        );
      }
      // 4xx other than 401 and 429 is a refusal of this message (number, text): retrying cannot help.
      const permanent = response.status >= 400 && response.status < 500 && response.status !== 429;
      throw new SmsSendError(`Eskiz refused the SMS with HTTP ${response.status}`, true, permanent);
    }
    // A 200 is not enough: only a message Eskiz says it took is sent.
    if (!answer.id || !ACCEPTED_STATUSES.has(answer.status ?? '')) {
      throw new SmsSendError(`Eskiz did not take the SMS (status '${answer.status ?? 'none'}')`, true, true);
    }
    return { messageId: answer.id };
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
