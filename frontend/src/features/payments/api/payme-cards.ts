import { PAYME_CARD_REFUSALS, translateMessage, type CardCheckout, type MessageKey, type Translated } from '@market/contracts';
import { ApiError } from '../../../lib/api-client';

/** The dialog field a refusal of Payme's belongs to, so the form shows it under that input. */
const REFUSAL_FIELD: Partial<Record<MessageKey, string>> = { cardInvalid: 'cardNumber', paymentWrongCode: 'otp' };

/** Payme's refusal as the dialog shows any error: our words for the documented codes, Payme's own for the others. */
function refusalOf(code: number, message: unknown): ApiError {
  const key = PAYME_CARD_REFUSALS[code];
  const wording = message as Partial<Translated> | undefined;
  const text: Translated = key
    ? translateMessage(key)
    : wording?.uz && wording.ru && wording.en
      ? (wording as Translated)
      : translateMessage('paymentGatewayUnavailable');
  const field = key && REFUSAL_FIELD[key];
  return new ApiError(400, { code: key ?? 'paymentRefused', message: text, fields: field ? { [field]: key } : undefined });
}

let requestId = 0;

/**
 * One of Payme's card methods, called from the browser as Payme's Subscribe API asks for them:
 * straight to Payme's checkout (or the sandbox's), with the cashbox id alone. The card number
 * and expiry go there only, never to our API.
 */
async function callPayme<T>(checkout: CardCheckout, method: string, params: Record<string, unknown>): Promise<T> {
  let answer: { result?: T; error?: { code: number; message?: unknown } };
  try {
    const response = await fetch(checkout.url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Auth': checkout.cashboxId },
      body: JSON.stringify({ id: ++requestId, method, params }),
      credentials: 'omit',
    });
    answer = await response.json();
  } catch {
    throw new ApiError(503, { code: 'paymentGatewayUnavailable', message: translateMessage('paymentGatewayUnavailable') });
  }
  if (answer.error) throw refusalOf(answer.error.code, answer.error.message);
  return answer.result as T;
}

/** cards.create and cards.get_verify_code: Payme registers the card (for this payment only) and texts its code. */
export async function registerCard(checkout: CardCheckout, card: { number: string; mmyy: string }): Promise<{ token: string; phone: string }> {
  const { card: registered } = await callPayme<{ card: { token: string } }>(checkout, 'cards.create', {
    card: { number: card.number, expire: card.mmyy },
    save: false,
  });
  const { phone } = await callPayme<{ phone: string }>(checkout, 'cards.get_verify_code', { token: registered.token });
  return { token: registered.token, phone };
}

/** cards.verify: the SMS code confirms the card; the token is then all our API receives. */
export async function verifyCard(checkout: CardCheckout, token: string, code: string): Promise<void> {
  await callPayme(checkout, 'cards.verify', { token, code });
}
