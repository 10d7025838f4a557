import { Controller, Delete, Get, HttpCode, HttpStatus, Param, ParseUUIDPipe, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  favouriteIdsSchema,
  favouritePageSchema,
  favouritesQuerySchema,
  favouriteStatusSchema,
  type FavouriteIds,
  type FavouritePage,
  type FavouritesQuery,
  type FavouriteStatus,
} from '@market/contracts';
import { CurrentUser, OptionalUser, SignedIn, type SessionUser } from '../auth/auth.decorators';
import { AppException } from '../common/app.exception';
import { Answers } from '../common/openapi';
import { ZodPipe } from '../common/zod-body.pipe';
import { FavouritesService } from './favourites.service';

const listingId = new ParseUUIDPipe({ exceptionFactory: () => new AppException(HttpStatus.NOT_FOUND, 'listingNotFound') });

@ApiTags('favourites')
@Controller()
export class FavouritesController {
  constructor(private readonly favourites: FavouritesService) {}

  /** Whether the viewer keeps the listing; its seller also sees how many keep it. */
  @Answers(favouriteStatusSchema)
  @Get('phone/:id/favourite')
  status(@Param('id', listingId) id: string, @OptionalUser() user: SessionUser | undefined): Promise<FavouriteStatus> {
    return this.favourites.status(user?.id, id);
  }

  @SignedIn()
  @Answers(favouriteStatusSchema)
  @Post('phone/:id/favourite')
  @HttpCode(HttpStatus.OK)
  keep(@CurrentUser() user: SessionUser, @Param('id', listingId) id: string): Promise<FavouriteStatus> {
    return this.favourites.keep(user.id, id);
  }

  @SignedIn()
  @Answers(favouriteStatusSchema)
  @Delete('phone/:id/favourite')
  letGo(@CurrentUser() user: SessionUser, @Param('id', listingId) id: string): Promise<FavouriteStatus> {
    return this.favourites.letGo(user.id, id);
  }

  @SignedIn()
  @Answers(favouritePageSchema)
  @Get('user/favourites')
  page(@CurrentUser() user: SessionUser, @Query(new ZodPipe(favouritesQuerySchema)) query: FavouritesQuery): Promise<FavouritePage> {
    return this.favourites.page(user.id, query.page);
  }

  /** Every listing the user keeps, for the hearts on the feed's cards. */
  @SignedIn()
  @Answers(favouriteIdsSchema)
  @Get('user/favourites/ids')
  ids(@CurrentUser() user: SessionUser): Promise<FavouriteIds> {
    return this.favourites.ids(user.id);
  }
}
