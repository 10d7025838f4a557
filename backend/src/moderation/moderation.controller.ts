import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  approveListingSchema,
  catalogueModelAddedSchema,
  catalogueModelBodySchema,
  type CatalogueModelBody,
  moderationQuerySchema,
  type ApproveListing,
  rejectListingSchema,
  type ModerationQuery,
  type RejectListing,
  moderationCardSchema,
  moderationQueueSchema,
  moderationOutcomeSchema,
  channelQueueSchema,
} from '@market/contracts';
import { AdminOnly, CurrentUser, type SessionUser } from '../auth/auth.decorators';
import { ZodPipe } from '../common/zod-body.pipe';
import { listingId } from '../listings/listing-id.pipe';
import { ModerationService } from './moderation.service';
import { Answers } from '../common/openapi';

/** Registered before the listings controller so 'waiting' is never taken for a listing id. */
@ApiTags('moderation')
@AdminOnly()
@Controller('phone')
export class ModerationController {
  constructor(private readonly moderation: ModerationService) {}

  @Answers(moderationQueueSchema)
  @Get('waiting')
  queue(@Query(new ZodPipe(moderationQuerySchema)) query: ModerationQuery) {
    return this.moderation.queue(query);
  }

  @Answers(moderationCardSchema)
  @Get(':id/moderation')
  card(@Param('id', listingId) id: string) {
    return this.moderation.card(id);
  }

  @Answers(channelQueueSchema)
  @Get('channel-queue')
  channelQueue() {
    return this.moderation.channelQueue();
  }

  @Answers(moderationOutcomeSchema)
  @Post('confirm')
  @HttpCode(HttpStatus.OK)
  confirm(@Body(new ZodPipe(approveListingSchema)) body: ApproveListing, @CurrentUser() admin: SessionUser) {
    return this.moderation.confirm(body, admin);
  }

  @Answers(moderationOutcomeSchema)
  @Post('reject')
  @HttpCode(HttpStatus.OK)
  reject(@Body(new ZodPipe(rejectListingSchema)) body: RejectListing) {
    return this.moderation.reject(body);
  }

  @Post(':id/messages-looked')
  @HttpCode(HttpStatus.NO_CONTENT)
  messagesLooked(@Param('id', listingId) id: string) {
    return this.moderation.messagesLooked(id);
  }

  @Answers(catalogueModelAddedSchema)
  @Post(':id/catalogue-model')
  @HttpCode(HttpStatus.OK)
  addCatalogueModel(@Param('id', listingId) id: string, @Body(new ZodPipe(catalogueModelBodySchema)) body: CatalogueModelBody) {
    return this.moderation.addCatalogueModel(id, body);
  }
}
