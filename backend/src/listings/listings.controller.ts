import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Post, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  listingDraftSchema,
  listingFormSchema,
  translateMessage,
  type ListingDraftForm,
  type ListingDraftSaved,
  type ListingForm,
  type ListingSaved,
  type MessageResponse,
  type MyListings,
  myListingsSchema,
  listingSavedSchema,
  listingDraftSavedSchema,
  messageResponseSchema,
  listingStatusChangedSchema,
  markSoldSchema,
  type ListingStatusChanged,
  type MarkSold,
  offeredTariffsSchema,
  type OfferedTariffs,
} from '@market/contracts';
import { CurrentUser, SignedIn, type SessionUser } from '../auth/auth.decorators';
import { ZodPipe } from '../common/zod-body.pipe';
import { listingId } from './listing-id.pipe';
import { ListingTariffs } from './listing-tariffs';
import { ListingsService } from './listings.service';
import { MyListingsService } from './my-listings.service';
import { VisitorAddress } from '../common/visitor-address';
import { Answers } from '../common/openapi';

/**
 * The sellers' side of phone listings under the spec's `/api/phone` paths: the wizard, drafts,
 * edits and the lifecycle. Its fixed `GET /phone/my` and `/phone/tariffs` come before BrowseController's
 * `GET /phone/:id` (AppModule registers ListingsModule first).
 */
@ApiTags('listings')
@Controller('phone')
export class ListingsController {
  constructor(
    private readonly listings: ListingsService,
    private readonly myListings: MyListingsService,
    private readonly tariffs: ListingTariffs,
  ) {}

  /** The wizard's tariff step names the channels a tariff posts to as they are set up. */
  @Answers(offeredTariffsSchema)
  @Get('tariffs')
  offeredTariffs(): OfferedTariffs {
    return this.tariffs.offered();
  }

  @SignedIn()
  @Answers(myListingsSchema)
  @Get('my')
  mine(@CurrentUser() user: SessionUser): Promise<MyListings> {
    return this.myListings.mine(user.id);
  }

  /** The wizard's last step: a new listing (or a finished draft) waiting for moderation. */
  @SignedIn()
  @Answers(listingSavedSchema)
  @Post()
  create(
    @CurrentUser() user: SessionUser,
    @Body(new ZodPipe(listingFormSchema)) form: ListingForm,
    @VisitorAddress() ip: string,
  ): Promise<ListingSaved> {
    return this.listings.create(user, form, ip);
  }

  /** Keeps an unfinished wizard as a draft; `GET /api/phone/{id}` gives it back (`owner.form`, with its step). */
  @SignedIn()
  @Answers(listingDraftSavedSchema)
  @Post('draft')
  createDraft(@CurrentUser() user: SessionUser, @Body(new ZodPipe(listingDraftSchema)) form: ListingDraftForm): Promise<ListingDraftSaved> {
    return this.listings.createDraft(user, form);
  }

  @SignedIn()
  @Answers(listingDraftSavedSchema)
  @Put('draft/:id')
  updateDraft(
    @CurrentUser() user: SessionUser,
    @Param('id', listingId) id: string,
    @Body(new ZodPipe(listingDraftSchema)) form: ListingDraftForm,
  ): Promise<ListingDraftSaved> {
    return this.listings.updateDraft(user, id, form);
  }

  @SignedIn()
  @Answers(listingSavedSchema)
  @Put(':id')
  update(
    @CurrentUser() user: SessionUser,
    @Param('id', listingId) id: string,
    @Body(new ZodPipe(listingFormSchema)) form: ListingForm,
    @VisitorAddress() ip: string,
  ): Promise<ListingSaved> {
    return this.listings.update(user, id, form, ip);
  }

  @SignedIn()
  @Answers(messageResponseSchema)
  @Delete(':id')
  @HttpCode(HttpStatus.OK)
  async remove(@CurrentUser() user: SessionUser, @Param('id', listingId) id: string): Promise<MessageResponse> {
    await this.listings.remove(user, id);
    return { message: translateMessage('listingDeleted') };
  }

  @SignedIn()
  @Answers(listingStatusChangedSchema)
  @Post(':id/off-sale')
  @HttpCode(HttpStatus.OK)
  async takeOffSale(
    @CurrentUser() user: SessionUser,
    @Param('id', listingId) id: string,
  ): Promise<ListingStatusChanged> {
    return { status: await this.listings.takeOffSale(user, id), message: translateMessage('listingTakenOffSale') };
  }

  @SignedIn()
  @Answers(listingStatusChangedSchema)
  @Post(':id/sold')
  @HttpCode(HttpStatus.OK)
  async markSold(
    @CurrentUser() user: SessionUser,
    @Param('id', listingId) id: string,
    @Body(new ZodPipe(markSoldSchema)) sale: MarkSold,
    @VisitorAddress() address: string,
  ): Promise<ListingStatusChanged> {
    return { status: await this.listings.markSold(user, id, sale, address), message: translateMessage('listingMarkedSold') };
  }

  @SignedIn()
  @Answers(listingStatusChangedSchema)
  @Post(':id/on-sale')
  @HttpCode(HttpStatus.OK)
  async putBackOnSale(
    @CurrentUser() user: SessionUser,
    @Param('id', listingId) id: string,
  ): Promise<ListingStatusChanged> {
    const status = await this.listings.putBackOnSale(user, id);
    return { status, message: translateMessage(status === 'waiting' ? 'listingBackOnSaleForReview' : 'listingBackOnSale') };
  }
}
