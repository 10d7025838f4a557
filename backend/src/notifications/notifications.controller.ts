import { Body, Controller, Get, HttpCode, HttpStatus, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  notificationPageSchema,
  notificationsQuerySchema,
  notificationsReadSchema,
  readNotificationsSchema,
  type NotificationPage,
  type NotificationsRead,
  type ReadNotifications,
} from '@market/contracts';
import type { z } from 'zod';
import { CurrentUser, SignedIn, type SessionUser } from '../auth/auth.decorators';
import { Answers } from '../common/openapi';
import { ZodPipe } from '../common/zod-body.pipe';
import { NotificationsService } from './notifications.service';

@ApiTags('notifications')
@Controller('notifications')
export class NotificationsController {
  constructor(private readonly notifications: NotificationsService) {}

  @SignedIn()
  @Answers(notificationPageSchema)
  @Get()
  page(@CurrentUser() user: SessionUser, @Query(new ZodPipe(notificationsQuerySchema)) query: z.infer<typeof notificationsQuerySchema>): Promise<NotificationPage> {
    return this.notifications.page(user.id, query.page);
  }

  @SignedIn()
  @Answers(notificationsReadSchema)
  @Post('read')
  @HttpCode(HttpStatus.OK)
  read(@CurrentUser() user: SessionUser, @Body(new ZodPipe(readNotificationsSchema)) body: ReadNotifications): Promise<NotificationsRead> {
    return this.notifications.markRead(user.id, body.upTo);
  }
}
