import { HttpStatus, Injectable } from '@nestjs/common';
import type { SellerPage } from '@market/contracts';
import { AppException } from '../common/app.exception';
import { BuyerListingsService } from '../browse/buyer-listings/buyer-listings.service';
import { UsersService } from '../users/users.service';

/** A seller's public page: who they are and their listings on sale. */
@Injectable()
export class SellersService {
  constructor(
    private readonly users: UsersService,
    private readonly listings: BuyerListingsService,
  ) {}

  async page(sellerId: string, page: number): Promise<SellerPage> {
    const profile = await this.users.publicProfile(sellerId);
    if (!profile) throw new AppException(HttpStatus.NOT_FOUND, 'sellerNotFound');
    const { phones, pages, sold } = await this.listings.ofSeller(sellerId, page);
    return { _id: sellerId, ...profile, memberSince: profile.memberSince.toISOString(), sold, phones, pages };
  }
}
