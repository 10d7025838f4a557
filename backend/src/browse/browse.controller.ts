import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  listingContactSchema,
  listingDetailResponseSchema,
  listingPageSchema,
  listingQuerySchema,
  type ListingContact,
  type ListingDetailResponse,
  type ListingPage,
  type ListingQuery,
} from '@market/contracts';
import { OptionalUser, type SessionUser } from '../auth/auth.decorators';
import { Answers } from '../common/openapi';
import { PublicCache } from '../common/public-answer-cache';
import { VisitorAddress } from '../common/visitor-address';
import { ZodPipe } from '../common/zod-body.pipe';
import { listingId } from '../listings/listing-id.pipe';
import { ListingDetailService } from './listing-detail.service';
import { ListingFastPath } from './listing-fast-path';
import { ListingFeedService } from './listing-feed.service';

/**
 * The buyers' side of phone listings under the spec's `/api/phone` paths: the feed, a listing's
 * detail and its seller's contact. The `:id` routes match any single segment, so the modules with
 * fixed paths under `/api/phone` (the device catalogue, the sellers' `/phone/my`, moderation's
 * `/phone/waiting`, the price guide) must be registered before this one (see AppModule).
 * Anonymous feed and detail requests are mostly answered before they reach it (ListingFastPath).
 */
@ApiTags('listings')
@Controller('phone')
export class BrowseController {
  constructor(
    private readonly feed: ListingFeedService,
    private readonly details: ListingDetailService,
  ) {}

  /** The home feed: 12 active listings a page, promoted first, then newest. */
  @Answers(listingPageSchema)
  @Get()
  @PublicCache()
  list(@Query(new ZodPipe(listingQuerySchema)) query: ListingQuery): Promise<ListingPage> {
    return this.feed.list(query);
  }

  @Answers(listingDetailResponseSchema)
  @Get(':id')
  @PublicCache(ListingFastPath)
  detail(
    @Param('id', listingId) id: string,
    @OptionalUser() user: SessionUser | undefined,
    @VisitorAddress() ip: string,
  ): Promise<ListingDetailResponse> {
    return this.details.detail(id, { user, ip });
  }

  /** The seller's phone and Telegram username, limited per visitor. */
  @Answers(listingContactSchema)
  @Get(':id/contact')
  contact(
    @Param('id', listingId) id: string,
    @OptionalUser() user: SessionUser | undefined,
    @VisitorAddress() ip: string,
  ): Promise<ListingContact> {
    return this.details.contact(id, { user, ip });
  }
}
