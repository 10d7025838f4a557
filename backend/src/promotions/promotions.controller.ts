import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  listingPromotionsSchema,
  promotionBoughtSchema,
  promotionOffersSchema,
  promotionPricesSchema,
  promotionPurchaseSchema,
  type ListingPromotions,
  type PromotionBought,
  type PromotionOffers,
  type PromotionPrices,
  type PromotionPurchase,
} from '@market/contracts';
import { AdminOnly, CurrentUser, SignedIn, type SessionUser } from '../auth/auth.decorators';
import { Answers } from '../common/openapi';
import { ZodPipe } from '../common/zod-body.pipe';
import { listingId } from '../listings/listing-id.pipe';
import { PromotionsService } from './promotions.service';

/** Promotion (issue 39): the products and prices, a listing's purchases, the admins' prices. */
@ApiTags('promotions')
@Controller()
export class PromotionsController {
  constructor(private readonly promotions: PromotionsService) {}

  /** The products and their prices in so'm. */
  @Answers(promotionOffersSchema)
  @Get('promotions')
  offers(): Promise<PromotionOffers> {
    return this.promotions.offers();
  }

  @AdminOnly()
  @Answers(promotionOffersSchema)
  @Put('admin/promotions/prices')
  setPrices(@CurrentUser() admin: SessionUser, @Body(new ZodPipe(promotionPricesSchema)) prices: PromotionPrices): Promise<PromotionOffers> {
    return this.promotions.setPrices(admin, prices);
  }

  /** Buys a product for the caller's listing on sale: 402 promotionBalanceShort with the `shortfall` when the balance is short. */
  @SignedIn()
  @Answers(promotionBoughtSchema)
  @HttpCode(HttpStatus.OK)
  @Post('phone/:id/promotions')
  buy(
    @CurrentUser() buyer: SessionUser,
    @Param('id', listingId) id: string,
    @Body(new ZodPipe(promotionPurchaseSchema)) purchase: PromotionPurchase,
  ): Promise<PromotionBought> {
    return this.promotions.buy(buyer, id, purchase);
  }

  @SignedIn()
  @Answers(listingPromotionsSchema)
  @Get('phone/:id/promotions')
  ofListing(@CurrentUser() viewer: SessionUser, @Param('id', listingId) id: string): Promise<ListingPromotions> {
    return this.promotions.ofListing(viewer, id);
  }
}
