import { HttpStatus, Injectable } from '@nestjs/common';
import { REPUTATION_LIMITS, type ReviewPage, type SellerPage, type SellerSignals } from '@market/contracts';
import { AppException } from '../common/app.exception';
import { BuyerListingsService } from '../browse/buyer-listings/buyer-listings.service';
import { ConversationsService } from '../conversations/conversations.service';
import { DealsService } from '../reputation/deals.service';
import { ReviewsService } from '../reputation/reviews.service';
import { SellerRatingsService } from '../reputation/seller-ratings.service';
import { UsersService } from '../users/users.service';

/** A seller's public page: who they are, their listings on sale, and what a buyer can trust about them (issue 38). */
@Injectable()
export class SellersService {
  constructor(
    private readonly users: UsersService,
    private readonly listings: BuyerListingsService,
    private readonly conversations: ConversationsService,
    private readonly deals: DealsService,
    private readonly reviews: ReviewsService,
    private readonly ratings: SellerRatingsService,
  ) {}

  async page(sellerId: string, page: number): Promise<SellerPage> {
    const profile = await this.profileOf(sellerId);
    const { phones, pages, sold } = await this.listings.ofSeller(sellerId, page);
    return { _id: sellerId, ...profile, memberSince: profile.memberSince.toISOString(), sold, phones, pages };
  }

  /** The seller's signals; docs/reputation.md says how each figure is computed. */
  async signals(sellerId: string): Promise<SellerSignals> {
    const profile = await this.profileOf(sellerId);
    const [rating, soldCount, replies, latest] = await Promise.all([
      this.ratings.of(sellerId),
      this.deals.soldCount(sellerId),
      this.conversations.replyStats(sellerId, REPUTATION_LIMITS.replyWindowDays),
      this.reviews.about(sellerId, 1, REPUTATION_LIMITS.latestReviews),
    ]);
    return {
      id: sellerId,
      name: profile.name,
      rating,
      soldCount,
      memberSince: profile.memberSince.toISOString(),
      ...replies,
      phoneConfirmed: profile.phoneConfirmed,
      latestReviews: latest.reviews,
    };
  }

  async reviewsOf(sellerId: string, page: number): Promise<ReviewPage> {
    await this.profileOf(sellerId);
    return this.reviews.about(sellerId, page);
  }

  private async profileOf(sellerId: string) {
    const profile = await this.users.publicProfile(sellerId);
    if (!profile) throw new AppException(HttpStatus.NOT_FOUND, 'sellerNotFound');
    return profile;
  }
}
