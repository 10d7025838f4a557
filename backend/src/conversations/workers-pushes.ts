import { Injectable, Module, type OnModuleInit } from '@nestjs/common';
import { Server } from 'socket.io';
import { AppConfig } from '../config/app-config';
import { ConversationsLive, pushAdapter } from './conversations-live';
import { ConversationsModule } from './conversations.module';

/**
 * For the workers, which have no sockets: a Socket.IO server listening nowhere, whose pushes the
 * Redis adapter carries to the API processes where the people's pages are connected (a reply
 * through the bot appears at once on the other person's page).
 */
@Injectable()
export class WorkersPushes implements OnModuleInit {
  constructor(
    private readonly config: AppConfig,
    private readonly live: ConversationsLive,
  ) {}

  onModuleInit(): void {
    const { adapter, close } = pushAdapter(this.config);
    // Never server.close() (the adapter closes at shutdown): a server attached to no HTTP server has no engine to close.
    this.live.attach(new Server().adapter(adapter), close);
  }
}

@Module({ imports: [ConversationsModule], providers: [WorkersPushes] })
export class WorkersPushesModule {}
