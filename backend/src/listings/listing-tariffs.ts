import { Injectable } from '@nestjs/common';
import { tariffCost, tariffOf } from '@market/contracts';

/**
 * What a tariff costs when a listing is posted: the contracts' price minus discount, the same
 * numbers the tariff step shows. A service of its own so the charging path can be exercised
 * with a priced tariff while 'Super 4x' is discounted to 0.
 */
@Injectable()
export class ListingTariffs {
  costOf(tarif: 0 | 1): number {
    return tariffCost(tariffOf(tarif));
  }
}
