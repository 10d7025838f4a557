import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  confirmDealSchema,
  dealCandidatesSchema,
  dealPageSchema,
  dealSchema,
  messageResponseSchema,
  replyToReviewSchema,
  reputationPageQuerySchema,
  reputationQueueSchema,
  removeReviewSchema,
  reviewReportSchema,
  reviewSchema,
  translateMessage,
  writeReviewSchema,
  type ConfirmDeal,
  type Deal,
  type DealCandidates,
  type DealPage,
  type MessageResponse,
  type RemoveReview,
  type ReplyToReview,
  type ReputationQueue,
  type Review,
  type ReviewReport,
  type WriteReview,
} from '@market/contracts';
import type { z } from 'zod';
import { AdminOnly, CurrentUser, SignedIn, type SessionUser } from '../auth/auth.decorators';
import { Answers } from '../common/openapi';
import { VisitorAddress } from '../common/visitor-address';
import { ZodPipe } from '../common/zod-body.pipe';
import { listingId } from '../listings/listing-id.pipe';
import { DealsService } from './deals.service';
import { dealId, reviewId } from './reputation-ids';
import { ReviewsService } from './reviews.service';

/** Deals and the reviews both ways (issue 38); the sale itself is `POST /api/phone/{id}/sold`. */
@ApiTags('reputation')
@Controller()
export class ReputationController {
  constructor(
    private readonly deals: DealsService,
    private readonly reviews: ReviewsService,
  ) {}

  /** My deals, as seller and as buyer. */
  @SignedIn()
  @Answers(dealPageSchema)
  @Get('deals')
  page(@CurrentUser() user: SessionUser, @Query(new ZodPipe(reputationPageQuerySchema)) query: z.infer<typeof reputationPageQuerySchema>): Promise<DealPage> {
    return this.deals.page(user.id, query.page);
  }

  /** Whom the seller of a listing can name as its buyer: the people who wrote about it and got an answer. */
  @SignedIn()
  @Answers(dealCandidatesSchema)
  @Get('deals/candidates/:listingId')
  candidates(@CurrentUser() user: SessionUser, @Param('listingId', listingId) listing: string): Promise<DealCandidates> {
    return this.deals.candidates(user.id, listing);
  }

  /** The buyer's "Ha, men sotib oldim" (`bought: true`) or "I did not buy it". */
  @SignedIn()
  @Answers(dealSchema)
  @Post('deals/:id/confirm')
  @HttpCode(HttpStatus.OK)
  confirm(
    @CurrentUser() user: SessionUser,
    @Param('id', dealId) id: string,
    @Body(new ZodPipe(confirmDealSchema)) body: ConfirmDeal,
    @VisitorAddress() address: string,
  ): Promise<Deal> {
    return this.deals.confirm(user.id, id, body.bought, address);
  }

  @SignedIn()
  @Answers(dealSchema)
  @Post('deals/:id/review')
  async review(@CurrentUser() user: SessionUser, @Param('id', dealId) id: string, @Body(new ZodPipe(writeReviewSchema)) body: WriteReview): Promise<Deal> {
    await this.reviews.write(user.id, id, body);
    return this.deals.one(user.id, id);
  }

  @SignedIn()
  @Answers(reviewSchema)
  @Post('reviews/:id/reply')
  @HttpCode(HttpStatus.OK)
  reply(@CurrentUser() user: SessionUser, @Param('id', reviewId) id: string, @Body(new ZodPipe(replyToReviewSchema)) body: ReplyToReview): Promise<Review> {
    return this.reviews.reply(user.id, id, body.text);
  }

  @SignedIn()
  @Answers(messageResponseSchema)
  @Post('reviews/:id/report')
  @HttpCode(HttpStatus.OK)
  async report(@CurrentUser() user: SessionUser, @Param('id', reviewId) id: string, @Body(new ZodPipe(reviewReportSchema)) body: ReviewReport): Promise<MessageResponse> {
    await this.reviews.report(user.id, id, body);
    return { message: translateMessage('reviewReported') };
  }

  /** The moderators' list: deals held as linked accounts, reported reviews. */
  @AdminOnly()
  @Answers(reputationQueueSchema)
  @Get('moderation/reputation')
  queue(): Promise<ReputationQueue> {
    return this.reviews.queue();
  }

  @AdminOnly()
  @Answers(messageResponseSchema)
  @Post('moderation/deals/:id/clear')
  @HttpCode(HttpStatus.OK)
  async clear(@CurrentUser() moderator: SessionUser, @Param('id', dealId) id: string): Promise<MessageResponse> {
    await this.reviews.clearDeal(moderator.id, id);
    return { message: translateMessage('dealCleared') };
  }

  @AdminOnly()
  @Answers(messageResponseSchema)
  @Post('moderation/reviews/:id/remove')
  @HttpCode(HttpStatus.OK)
  async remove(@Param('id', reviewId) id: string, @Body(new ZodPipe(removeReviewSchema)) body: RemoveReview): Promise<MessageResponse> {
    await this.reviews.remove(id, body.reason);
    return { message: translateMessage('reviewRemoved') };
  }
}
