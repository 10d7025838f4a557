import { Module } from '@nestjs/common';
import { ConversationsModule } from '../conversations/conversations.module';
import { NotificationsController } from './notifications.controller';
import { NotificationsService } from './notifications.service';

/** The inbox (issue 37); owns the notification and notification_delivery tables. The workers record into them. Pushes through the conversations' real time. */
@Module({
  imports: [ConversationsModule],
  controllers: [NotificationsController],
  providers: [NotificationsService],
  exports: [NotificationsService],
})
export class NotificationsModule {}
