import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { priceGuideQuerySchema, priceGuideSchema, type PriceGuide, type PriceGuideQuery } from '@market/contracts';
import { Answers } from '../../common/openapi';
import { PublicCache } from '../../common/public-answer-cache';
import { ZodPipe } from '../../common/zod-body.pipe';
import { PriceGuideService } from './price-guide.service';

/** Registered before the listings controller, so 'price-guide' is never taken for a listing id. */
@ApiTags('listings')
@Controller('phone')
export class PriceGuideController {
  constructor(private readonly prices: PriceGuideService) {}

  @Answers(priceGuideSchema)
  @Get('price-guide')
  @PublicCache()
  guide(@Query(new ZodPipe(priceGuideQuerySchema)) query: PriceGuideQuery): Promise<PriceGuide> {
    return this.prices.guide(query);
  }
}
