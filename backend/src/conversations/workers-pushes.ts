import { Injectable, Module, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
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
export class WorkersPushes implements OnModuleInit, OnApplicationShutdown {
  private closeAdapter: (() => Promise<unknown>) | undefined;

  constructor(
    private readonly config: AppConfig,
    private readonly live: ConversationsLive,
  ) {}

  onModuleInit(): void {
    const { adapter, close } = pushAdapter(this.config);
    this.closeAdapter = close;
    this.live.attach(new Server().adapter(adapter));
  }

  // Not server.close(): a server attached to no HTTP server has no engine to close.
  async onApplicationShutdown(): Promise<void> {
    await this.closeAdapter?.();
  }
}

@Module({ imports: [ConversationsModule], providers: [WorkersPushes] })
export class WorkersPushesModule {}
