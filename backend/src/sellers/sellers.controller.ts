import { Controller, Get, HttpStatus, Param, ParseUUIDPipe, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  favouritesQuerySchema,
  reputationPageQuerySchema,
  reviewPageSchema,
  sellerPageSchema,
  sellerSignalsSchema,
  type FavouritesQuery,
  type ReviewPage,
  type SellerPage,
  type SellerSignals,
} from '@market/contracts';
import type { z } from 'zod';
import { AppException } from '../common/app.exception';
import { Answers } from '../common/openapi';
import { ZodPipe } from '../common/zod-body.pipe';
import { SellersService } from './sellers.service';

const sellerId = new ParseUUIDPipe({ exceptionFactory: () => new AppException(HttpStatus.NOT_FOUND, 'sellerNotFound') });

@ApiTags('sellers')
@Controller('seller')
export class SellersController {
  constructor(private readonly sellers: SellersService) {}

  /** `/seller/{id}`: the seller's name, region, member since, listings sold, and listings on sale. */
  @Answers(sellerPageSchema)
  @Get(':id')
  page(@Param('id', sellerId) id: string, @Query(new ZodPipe(favouritesQuerySchema)) query: FavouritesQuery): Promise<SellerPage> {
    return this.sellers.page(id, query.page);
  }
}

/** What a buyer can trust about a seller (issue 38): rating, phones sold through the site, replies, reviews. */
@ApiTags('sellers')
@Controller('sellers')
export class SellerSignalsController {
  constructor(private readonly sellers: SellersService) {}

  @Answers(sellerSignalsSchema)
  @Get(':id')
  signals(@Param('id', sellerId) id: string): Promise<SellerSignals> {
    return this.sellers.signals(id);
  }

  @Answers(reviewPageSchema)
  @Get(':id/reviews')
  reviews(@Param('id', sellerId) id: string, @Query(new ZodPipe(reputationPageQuerySchema)) query: z.infer<typeof reputationPageQuerySchema>): Promise<ReviewPage> {
    return this.sellers.reviewsOf(id, query.page);
  }
}
