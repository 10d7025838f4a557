import { Injectable } from '@nestjs/common';
import { AppConfig } from '@market/backend';

/** One entry of the Central Bank of Uzbekistan's answer `[{"Ccy":"USD","Rate":"12650.55",...}]`; Rate is so'm per unit. */
interface CbuRate {
  Ccy?: unknown;
  Rate?: unknown;
}

/** HTTP client of the US dollar rate source at EXCHANGE_RATE_URL (the CBU's JSON by default). */
@Injectable()
export class UsdRateClient {
  constructor(private readonly config: AppConfig) {}

  /** So'm per US dollar; throws when the source is unreachable or answers something else. */
  async fetchUsdRate(): Promise<number> {
    const response = await fetch(this.config.EXCHANGE_RATE_URL, {
      headers: { Accept: 'application/json' },
      signal: AbortSignal.timeout(this.config.EXCHANGE_RATE_TIMEOUT_MS),
    });
    if (!response.ok) {
      await response.body?.cancel();
      throw new Error(`the rate source answered HTTP ${response.status}`);
    }
    const rates: unknown = await response.json().catch(() => undefined);
    if (!Array.isArray(rates)) throw new Error('the rate source answered an unexpected shape');
    const usd = (rates as CbuRate[]).find((entry) => String(entry?.Ccy).toUpperCase() === 'USD');
    const rate = Number(String(usd?.Rate ?? '').replace(',', '.'));
    if (!(rate > 0)) throw new Error('the rate source has no US dollar rate');
    return rate;
  }
}
