import { Injectable } from '@nestjs/common';
import { TARIFFS, tariffCost, tariffOf, type OfferedTariffs } from '@market/contracts';
import { AppConfig } from '../config/app-config';
import { configuredChannels } from '../config/configured-channels';

/**
 * What a tariff costs when a listing is posted: the contracts' price minus discount, the same
 * numbers the tariff step shows. A service of its own so the charging path can be exercised
 * with a priced tariff while 'Super 4x' is discounted to 0.
 */
@Injectable()
export class ListingTariffs {
  constructor(private readonly config: AppConfig) {}

  costOf(tarif: 0 | 1): number {
    return tariffCost(tariffOf(tarif));
  }

  /** The channels each tariff reaches here: a channel not set up would only be skipped, so the tariff step does not promise it. */
  offered(): OfferedTariffs {
    const configured = configuredChannels(this.config);
    return { tariffs: TARIFFS.map(({ value, channels }) => ({ value, channels: channels.filter((channel) => configured.includes(channel)) })) };
  }
}
