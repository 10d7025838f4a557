import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A card the fake Payme knows. Balances are in tiyin, as Payme counts. */
export interface FakePaymeCard {
  number: string;
  /** Month then year, as Payme takes it: '0399'. */
  expire: string;
  phone: string;
  balance: number;
  /** A card without SMS informing: Payme refuses it with -31301. */
  blocked?: boolean;
}

interface CardToken {
  card: FakePaymeCard;
  verified: boolean;
  wrongCodes: number;
}

interface Receipt {
  id: string;
  amount: number;
  account: unknown;
  detail: unknown;
  /** Payme's receipt states: 0 created, 1-3 and 5, 6, 20, 21, 30 in progress or held, 4 paid, 50 cancelled. */
  state: number;
  /** The card charged by receipts.pay, refunded when a paid receipt is cancelled. */
  card?: FakePaymeCard;
}

/** What the next receipts.pay leaves the receipt in, instead of paying it at once (4). */
export interface ScriptedPay {
  /** The state receipts.pay answers with, e.g. 30 (queued to close the provider's transaction) or 20 (paused). */
  state: number;
  /** Where the receipt goes `afterMs` later: 4 paid or 50 cancelled; left in `state` when absent. */
  settlesTo?: 4 | 50;
  afterMs?: number;
}

export interface FakePaymeCall {
  method: string;
  params: Record<string, unknown>;
  auth: string | undefined;
}

/** The card methods Payme gives the merchant's client side (the browser), with the cashbox id alone. */
const BROWSER_METHODS: ReadonlySet<string> = new Set(['cards.create', 'cards.get_verify_code', 'cards.verify']);

/** The code the fake "sends" by SMS, like Payme's test environment. */
export const FAKE_PAYME_CODE = '666666';
const MAX_WRONG_CODES = 3;

class PaymeError extends Error {
  constructor(
    readonly code: number,
    readonly texts: { ru: string; uz: string; en: string },
  ) {
    super(texts.en);
  }
}

const errors = {
  auth: () => new PaymeError(-32504, { ru: 'Недостаточно привилегий', uz: 'Ruxsat yetarli emas', en: 'Insufficient privileges' }),
  method: () => new PaymeError(-32601, { ru: 'Метод не найден', uz: 'Metod topilmadi', en: 'Method not found' }),
  cardNumber: () => new PaymeError(-31300, { ru: 'Неверный номер карты', uz: "Karta raqami noto'g'ri", en: 'Invalid card number' }),
  cardNotFound: () => new PaymeError(-31400, { ru: 'Карта не найдена', uz: 'Karta topilmadi', en: 'Card not found' }),
  wrongCode: () => new PaymeError(-31103, { ru: 'Неверный код', uz: "Kod noto'g'ri", en: 'Invalid code' }),
  attempts: () => new PaymeError(-31102, { ru: 'Превышено количество попыток', uz: 'Urinishlar tugadi', en: 'Too many attempts' }),
  receiptNotFound: () => new PaymeError(-31602, { ru: 'Чек не найден', uz: 'Chek topilmadi', en: 'Receipt not found' }),
  invalidParams: (what: string) => new PaymeError(-32602, { ru: `Неверные параметры: ${what}`, uz: `Noto'g'ri parametrlar: ${what}`, en: `Invalid params: ${what}` }),
  receiptState: () =>
    new PaymeError(-31008, { ru: 'Невозможно выполнить операцию', uz: "Amalni bajarib bo'lmaydi", en: 'Unable to perform operation' }),
  smsNotConnected: () =>
    new PaymeError(-31301, { ru: 'СМС-информирование не подключено', uz: 'SMS xabarnoma ulanmagan', en: 'SMS notification not connected' }),
  insufficientFunds: () =>
    new PaymeError(-31630, { ru: 'Недостаточно средств', uz: "Mablag' yetarli emas", en: 'Insufficient funds' }),
};

/** Payme masks a phone like '99890*****67'. */
function maskPhone(phone: string): string {
  return `${phone.slice(0, 5)}*****${phone.slice(-2)}`;
}

/** A fiscal item as receipts.create documents it: title, price and count, the ИКПУ, package code and VAT. */
function fiscalItemProblem(item: Record<string, unknown>): string | null {
  if (typeof item.title !== 'string' || !item.title) return 'detail.items[].title';
  if (!Number.isInteger(item.price) || !Number.isInteger(item.count)) return 'detail.items[].price/count';
  if (typeof item.code !== 'string' || !/^\d{17}$/.test(item.code)) return 'detail.items[].code';
  if (typeof item.package_code !== 'string' || !item.package_code) return 'detail.items[].package_code';
  if (!Number.isInteger(item.vat_percent)) return 'detail.items[].vat_percent';
  return null;
}

/**
 * A fake of Payme's Subscribe API on 127.0.0.1: JSON-RPC over POST with the X-Auth header as the
 * protocol page and its examples give it (the cashbox id alone for the card methods, id:key for
 * the receipt methods; the other form is refused with -32504), the card, code and receipt
 * methods, the receipt states (a pay can be scripted to leave a receipt in progress and settle
 * it later), fiscal receipt details, Payme's error codes with their uz/ru/en messages, and hooks
 * to delay, refuse, break or lose the answer of a method.
 */
export async function startFakePayme(options: { merchantId: string; key: string; cards: FakePaymeCard[]; accountField?: string }) {
  const accountField = options.accountField ?? 'order_id';
  const scriptedPays: ScriptedPay[] = [];
  const tokens = new Map<string, CardToken>();
  const receipts = new Map<string, Receipt>();
  const calls: FakePaymeCall[] = [];
  const delays = new Map<string, number>();
  const lostAnswers = new Set<string>();
  let landedPays = 0;
  const refusals = new Map<string, PaymeError>();
  let outage = false;

  const methods: Record<string, (params: Record<string, unknown>) => unknown> = {
    'cards.create': (params) => {
      const { number, expire } = params.card as { number: string; expire: string };
      const card = options.cards.find((candidate) => candidate.number === number && candidate.expire === expire);
      if (!card) throw errors.cardNumber();
      if (card.blocked) throw errors.smsNotConnected();
      const token = `tok_${randomUUID()}`;
      tokens.set(token, { card, verified: false, wrongCodes: 0 });
      return { card: { number: `${number.slice(0, 6)}******${number.slice(-4)}`, expire: `${expire.slice(0, 2)}/${expire.slice(2)}`, token, recurrent: false, verify: false } };
    },
    'cards.check': (params) => {
      const token = tokens.get(params.token as string);
      if (!token) throw errors.cardNotFound();
      const { number, expire } = token.card;
      return { card: { number: `${number.slice(0, 6)}******${number.slice(-4)}`, expire: `${expire.slice(0, 2)}/${expire.slice(2)}`, token: params.token, recurrent: false, verify: token.verified } };
    },
    'cards.get_verify_code': (params) => {
      const token = tokens.get(params.token as string);
      if (!token) throw errors.cardNotFound();
      return { sent: true, phone: maskPhone(token.card.phone), wait: 60_000 };
    },
    'cards.verify': (params) => {
      const token = tokens.get(params.token as string);
      if (!token) throw errors.cardNotFound();
      if (token.wrongCodes >= MAX_WRONG_CODES) throw errors.attempts();
      if (params.code !== FAKE_PAYME_CODE) {
        token.wrongCodes++;
        throw errors.wrongCode();
      }
      token.verified = true;
      return { card: { token: params.token, recurrent: false, verify: true } };
    },
    'receipts.create': (params) => {
      const account = params.account as Record<string, unknown> | undefined;
      if (!account?.[accountField]) throw errors.invalidParams(`account.${accountField}`);
      const items = (params.detail as { items?: Record<string, unknown>[] } | undefined)?.items;
      if (!items?.length) throw errors.invalidParams('detail.items');
      const problem = items.map(fiscalItemProblem).find(Boolean);
      if (problem) throw errors.invalidParams(problem);
      if (items.reduce((sum, item) => sum + (item.price as number) * (item.count as number), 0) !== params.amount) {
        throw errors.invalidParams('detail.items do not add up to amount');
      }
      const receipt: Receipt = {
        id: randomUUID().replace(/-/g, '').slice(0, 24),
        amount: params.amount as number,
        account: params.account,
        detail: params.detail,
        state: 0,
      };
      receipts.set(receipt.id, receipt);
      return { receipt: { _id: receipt.id, state: receipt.state, amount: receipt.amount, account: receipt.account } };
    },
    'receipts.pay': (params) => {
      if (landedPays > 0) {
        landedPays--;
        payLanded(params);
      }
      const receipt = receipts.get(params.id as string);
      if (!receipt) throw errors.receiptNotFound();
      const token = tokens.get(params.token as string);
      if (!token?.verified) throw errors.cardNotFound();
      // A receipt is paid once: paying one in progress, paid or cancelled is refused.
      if (receipt.state !== 0) throw errors.receiptState();
      if (token.card.balance < receipt.amount) throw errors.insufficientFunds();
      token.card.balance -= receipt.amount;
      receipt.card = token.card;
      const scripted = scriptedPays.shift();
      receipt.state = scripted ? scripted.state : 4;
      if (scripted?.settlesTo) {
        const settlesTo = scripted.settlesTo;
        setTimeout(() => settle(receipt, settlesTo), scripted.afterMs ?? 0).unref();
      }
      return { receipt: { _id: receipt.id, state: receipt.state, amount: receipt.amount } };
    },
    'receipts.cancel': (params) => {
      const receipt = receipts.get(params.id as string);
      if (!receipt) throw errors.receiptNotFound();
      settle(receipt, 50);
      return { receipt: { _id: receipt.id, state: receipt.state, amount: receipt.amount } };
    },
    'receipts.check': (params) => {
      const receipt = receipts.get(params.id as string);
      if (!receipt) throw errors.receiptNotFound();
      return { state: receipt.state };
    },
  };

  /** An earlier receipts.pay of the same receipt, whose caller stopped waiting for it, carried out now. */
  function payLanded(params: Record<string, unknown>): void {
    try {
      methods['receipts.pay'](params);
    } catch {
      // Refused as any pay is; its caller is long gone.
    }
  }

  function settle(receipt: Receipt, state: 4 | 50): void {
    if (receipt.state === 50) return;
    // A cancelled receipt's money goes back to the card.
    if (state === 50 && receipt.card) receipt.card.balance += receipt.amount;
    receipt.state = state;
  }

  /** The documented X-Auth form of each method: the cashbox id alone for the browser's card methods, id:key for the others. */
  function authorized(method: string, auth: string | undefined): boolean {
    return auth === (BROWSER_METHODS.has(method) ? options.merchantId : `${options.merchantId}:${options.key}`);
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    // The checkout answers browsers of any site: the cashbox id is no secret, the key never comes from a browser.
    response.setHeader('Access-Control-Allow-Origin', '*');
    if (request.method === 'OPTIONS') {
      response.writeHead(204, { 'Access-Control-Allow-Methods': 'POST', 'Access-Control-Allow-Headers': 'Content-Type, X-Auth' }).end();
      return;
    }
    let body = '';
    for await (const chunk of request) body += chunk;
    const { id, method, params } = JSON.parse(body) as { id: number; method: string; params: Record<string, unknown> };
    const auth = request.headers['x-auth'] as string | undefined;
    calls.push({ method, params, auth });
    const delay = delays.get(method);
    if (delay) {
      delays.delete(method);
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
    if (outage) {
      response.writeHead(502).end('Bad Gateway');
      return;
    }
    const answer = (() => {
      try {
        const run = methods[method];
        if (!run) throw errors.method();
        if (!authorized(method, auth)) throw errors.auth();
        const refusal = refusals.get(method);
        if (refusal && refusals.delete(method)) throw refusal;
        return { jsonrpc: '2.0', id, result: run(params) };
      } catch (error) {
        if (!(error instanceof PaymeError)) throw error;
        return { jsonrpc: '2.0', id, error: { code: error.code, message: error.texts, data: null } };
      }
    })();
    // Carried out, but the answer never comes back: the caller only sees its own timeout.
    if (lostAnswers.delete(method)) return;
    if (!response.destroyed) response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(answer));
  }

  const server = createServer((request, response) => {
    handle(request, response).catch(() => response.writeHead(500).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`,
    calls,
    /** Calls of one method so far. */
    callsOf: (method: string) => calls.filter((call) => call.method === method),
    cardBalance: (number: string) => options.cards.find((card) => card.number === number)?.balance,
    /** A receipt's state as receipts.check would answer it. */
    receiptState: (id: string) => receipts.get(id)?.state,
    /** The next receipts.pay leaves its receipt in `pay.state` (and settles it later when told to). */
    scriptNextPay(pay: ScriptedPay): void {
      scriptedPays.push(pay);
    },
    /** Moves a receipt on as Payme would on its own: 4 paid, 50 cancelled. */
    settleReceipt(id: string, state: 4 | 50): void {
      const receipt = receipts.get(id);
      if (receipt) settle(receipt, state);
    },
    /** Holds the next call of `method` for `ms` before answering (a slow or hanging provider). */
    delayNext(method: string, ms: number): void {
      delays.set(method, ms);
    },
    /** Refuses the next call of `method` with Payme's error `code` and its uz/ru/en `message`, changing nothing. */
    refuseNext(method: string, code: number, message: { ru: string; uz: string; en: string }): void {
      refusals.set(method, new PaymeError(code, message));
    },
    /** Carries out the next call of `method` and never answers it (the answer is lost on its way back). */
    loseAnswerOfNext(method: string): void {
      lostAnswers.add(method);
    },
    /**
     * Carries out an earlier receipts.pay of the same receipt just before the next one (its caller timed out
     * while the request was still on its way): the next is then refused as Payme refuses paying a receipt
     * paid or in progress (-31008).
     */
    landEarlierPayBeforeNext(): void {
      landedPays++;
    },
    /** Answers every call with HTTP 502 until turned off. */
    setOutage(on: boolean): void {
      outage = on;
    },
    async close(): Promise<void> {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

export type FakePayme = Awaited<ReturnType<typeof startFakePayme>>;

/** A JSON-RPC answer of Payme's (or the sandbox's) card methods. */
export interface PaymeAnswer {
  result?: Record<string, unknown>;
  error?: { code: number; message: unknown };
}

/**
 * The dialog's part, as the browser does it: cards.create, cards.get_verify_code and cards.verify with
 * the cashbox id alone, against Payme's checkout `url` (or the sandbox's). Answers the verified card
 * token, or the first refusal. `post` sends one JSON-RPC body with its headers (fetch by default).
 */
export async function confirmedCardToken(
  checkout: { url: string; cashboxId: string },
  card: { number: string; expire: string },
  code: string,
  post: (body: unknown, headers: Record<string, string>) => Promise<PaymeAnswer> = async (body, headers) =>
    (await fetch(checkout.url, { method: 'POST', headers, body: JSON.stringify(body) })).json() as Promise<PaymeAnswer>,
): Promise<{ token: string; phone: string } | { refusal: NonNullable<PaymeAnswer['error']>; method: string }> {
  const headers = { 'Content-Type': 'application/json', 'X-Auth': checkout.cashboxId };
  const call = (method: string, params: Record<string, unknown>) => post({ id: 1, method, params }, headers);
  const created = await call('cards.create', { card: { number: card.number.replace(/\s/g, ''), expire: card.expire }, save: false });
  if (created.error) return { refusal: created.error, method: 'cards.create' };
  const token = (created.result!.card as { token: string }).token;
  const sent = await call('cards.get_verify_code', { token });
  if (sent.error) return { refusal: sent.error, method: 'cards.get_verify_code' };
  const verified = await call('cards.verify', { token, code });
  if (verified.error) return { refusal: verified.error, method: 'cards.verify' };
  return { token, phone: sent.result!.phone as string };
}
