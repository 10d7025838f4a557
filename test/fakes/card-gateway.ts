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
  /** 0 created, 4 paid, as receipts.check reports. */
  state: number;
}

export interface FakePaymeCall {
  method: string;
  params: Record<string, unknown>;
  auth: string | undefined;
}

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
  blocked: () => new PaymeError(-31301, { ru: 'Карта заблокирована', uz: 'Karta bloklangan', en: 'Card is blocked' }),
  cardNotFound: () => new PaymeError(-31400, { ru: 'Карта не найдена', uz: 'Karta topilmadi', en: 'Card not found' }),
  wrongCode: () => new PaymeError(-31103, { ru: 'Неверный код', uz: "Kod noto'g'ri", en: 'Invalid code' }),
  attempts: () => new PaymeError(-31102, { ru: 'Превышено количество попыток', uz: 'Urinishlar tugadi', en: 'Too many attempts' }),
  receiptNotFound: () => new PaymeError(-31401, { ru: 'Чек не найден', uz: 'Chek topilmadi', en: 'Receipt not found' }),
  insufficientFunds: () =>
    new PaymeError(-31630, { ru: 'Недостаточно средств', uz: "Mablag' yetarli emas", en: 'Insufficient funds' }),
};

/** Payme masks a phone like '99890*****67'. */
function maskPhone(phone: string): string {
  return `${phone.slice(0, 5)}*****${phone.slice(-2)}`;
}

/**
 * A fake of Payme's Subscribe API on 127.0.0.1: JSON-RPC over POST with the X-Auth header,
 * the card, code and receipt methods, Payme's error codes, and hooks to delay or break a method.
 */
export async function startFakePayme(options: { merchantId: string; key: string; cards: FakePaymeCard[] }) {
  const tokens = new Map<string, CardToken>();
  const receipts = new Map<string, Receipt>();
  const calls: FakePaymeCall[] = [];
  const delays = new Map<string, number>();
  let outage = false;

  const methods: Record<string, (params: Record<string, unknown>) => unknown> = {
    'cards.create': (params) => {
      const { number, expire } = params.card as { number: string; expire: string };
      const card = options.cards.find((candidate) => candidate.number === number && candidate.expire === expire);
      if (!card) throw errors.cardNumber();
      if (card.blocked) throw errors.blocked();
      const token = `tok_${randomUUID()}`;
      tokens.set(token, { card, verified: false, wrongCodes: 0 });
      return { card: { number: `${number.slice(0, 6)}******${number.slice(-4)}`, expire: `${expire.slice(0, 2)}/${expire.slice(2)}`, token, recurrent: false, verify: false } };
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
      const receipt: Receipt = { id: randomUUID().replace(/-/g, '').slice(0, 24), amount: params.amount as number, account: params.account, state: 0 };
      receipts.set(receipt.id, receipt);
      return { receipt: { _id: receipt.id, state: receipt.state, amount: receipt.amount, account: receipt.account } };
    },
    'receipts.pay': (params) => {
      const receipt = receipts.get(params.id as string);
      if (!receipt) throw errors.receiptNotFound();
      const token = tokens.get(params.token as string);
      if (!token?.verified) throw errors.cardNotFound();
      if (receipt.state !== 4) {
        if (token.card.balance < receipt.amount) throw errors.insufficientFunds();
        token.card.balance -= receipt.amount;
        receipt.state = 4;
      }
      return { receipt: { _id: receipt.id, state: receipt.state, amount: receipt.amount } };
    },
    'receipts.check': (params) => {
      const receipt = receipts.get(params.id as string);
      if (!receipt) throw errors.receiptNotFound();
      return { state: receipt.state };
    },
  };

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
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
        if (auth !== `${options.merchantId}:${options.key}`) throw errors.auth();
        const run = methods[method];
        if (!run) throw errors.method();
        return { jsonrpc: '2.0', id, result: run(params) };
      } catch (error) {
        if (!(error instanceof PaymeError)) throw error;
        return { jsonrpc: '2.0', id, error: { code: error.code, message: error.texts, data: null } };
      }
    })();
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
    /** Holds the next call of `method` for `ms` before answering (a slow or hanging provider). */
    delayNext(method: string, ms: number): void {
      delays.set(method, ms);
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
