import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { ConversationsGateway } from './conversations.gateway';
import { ConversationsModule } from './conversations.module';

/** The API's real time for conversations; apart from ConversationsModule, which the workers use without sockets or sessions. */
@Module({
  imports: [ConversationsModule, AuthModule],
  providers: [ConversationsGateway],
})
export class ConversationsGatewayModule {}
