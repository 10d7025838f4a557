import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, ParseUUIDPipe, Post, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  savedSearchAlertsSchema,
  savedSearchCreateSchema,
  savedSearchListSchema,
  savedSearchSchema,
  type SavedSearch,
  type SavedSearchAlertsChange,
  type SavedSearchCreate,
  type SavedSearchList,
} from '@market/contracts';
import { CurrentUser, SignedIn, type SessionUser } from '../auth/auth.decorators';
import { AppException } from '../common/app.exception';
import { Answers } from '../common/openapi';
import { ZodPipe } from '../common/zod-body.pipe';
import { SavedSearchesService } from './saved-searches.service';

const savedSearchId = new ParseUUIDPipe({ exceptionFactory: () => new AppException(HttpStatus.NOT_FOUND, 'savedSearchNotFound') });

@ApiTags('saved searches')
@SignedIn()
@Controller('user/saved-searches')
export class SavedSearchesController {
  constructor(private readonly searches: SavedSearchesService) {}

  @Answers(savedSearchSchema)
  @Post()
  save(@CurrentUser() user: SessionUser, @Body(new ZodPipe(savedSearchCreateSchema)) body: SavedSearchCreate): Promise<SavedSearch> {
    return this.searches.save(user.id, body);
  }

  @Answers(savedSearchListSchema)
  @Get()
  list(@CurrentUser() user: SessionUser): Promise<SavedSearchList> {
    return this.searches.list(user.id);
  }

  /** The user opens the search's feed: its count of new listings starts again from zero. */
  @Answers(savedSearchSchema)
  @Post(':id/open')
  @HttpCode(HttpStatus.OK)
  open(@CurrentUser() user: SessionUser, @Param('id', savedSearchId) id: string): Promise<SavedSearch> {
    return this.searches.open(user.id, id);
  }

  /** Instant alerts, a daily digest at 20:00 Tashkent time, or none. */
  @Answers(savedSearchSchema)
  @Put(':id')
  setAlerts(
    @CurrentUser() user: SessionUser,
    @Param('id', savedSearchId) id: string,
    @Body(new ZodPipe(savedSearchAlertsSchema)) body: SavedSearchAlertsChange,
  ): Promise<SavedSearch> {
    return this.searches.setAlerts(user.id, id, body.alerts);
  }

  @Delete(':id')
  @HttpCode(HttpStatus.NO_CONTENT)
  remove(@CurrentUser() user: SessionUser, @Param('id', savedSearchId) id: string): Promise<void> {
    return this.searches.remove(user.id, id);
  }
}
