import { Controller, Get, HttpStatus, Param, ParseUUIDPipe, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { favouritesQuerySchema, sellerPageSchema, type FavouritesQuery, type SellerPage } from '@market/contracts';
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
