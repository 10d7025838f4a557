import type { OnApplicationShutdown } from '@nestjs/common';
import { ConnectedSocket, MessageBody, SubscribeMessage, WebSocketGateway, type OnGatewayConnection, type OnGatewayDisconnect, type OnGatewayInit } from '@nestjs/websockets';
import type { IncomingMessage } from 'node:http';
import type { Server, Socket } from 'socket.io';
import { CONVERSATION_SOCKET_EVENTS, CONVERSATION_SOCKET_PATH, syncRequestSchema, type MessagePage } from '@market/contracts';
import { sessionTokenOf } from '../auth/session-cookie';
import { SessionService } from '../auth/session.service';
import { allowedOrigins, comesFromThisSite } from '../common/same-origin.middleware';
import { AppConfig } from '../config/app-config';
import { conversationPages } from '../metrics/process-series';
import { ConversationsLive, personRoom, pushAdapter } from './conversations-live';
import { ConversationsService } from './conversations.service';

/**
 * Socket.IO on the API's own port (`/api/socket.io`): a page signed in by its session cookie (or,
 * in the Telegram Mini App, by its header session's token in the handshake's `auth`) joins its
 * person's room. The Redis adapter carries each push to the processes where the
 * recipient's pages are connected.
 */
@WebSocketGateway({ path: CONVERSATION_SOCKET_PATH, serveClient: false })
export class ConversationsGateway implements OnGatewayInit, OnGatewayConnection, OnGatewayDisconnect, OnApplicationShutdown {
  private closeAdapter: (() => Promise<unknown>) | undefined;

  constructor(
    private readonly config: AppConfig,
    private readonly sessions: SessionService,
    private readonly conversations: ConversationsService,
    private readonly live: ConversationsLive,
  ) {}

  afterInit(server: Server): void {
    // A socket's handshake acts for the signed-in person: from another site it is refused, as a form post would be.
    const origins = allowedOrigins(this.config);
    server.engine.opts.allowRequest = (request: IncomingMessage, callback) => callback(null, comesFromThisSite(request, origins));
    const { adapter, close } = pushAdapter(this.config);
    server.adapter(adapter);
    this.closeAdapter = close;
    server.use((socket, next) => {
      const headerToken = (socket.handshake.auth as { token?: unknown }).token;
      const [token, carrier] = typeof headerToken === 'string' ? [headerToken, 'header' as const] : [sessionTokenOf(socket.request), 'cookie' as const];
      if (!token) return next(new Error('unauthorized'));
      this.sessions.resolve(token, carrier).then(
        (session) => {
          if (!session) return next(new Error('unauthorized'));
          (socket.data as { userId?: string }).userId = session.user.id;
          next();
        },
        (error: Error) => next(error),
      );
    });
    this.live.attach(server);
  }

  handleConnection(socket: Socket): void {
    conversationPages.inc();
    void socket.join(personRoom((socket.data as { userId: string }).userId));
  }

  /** Called only for sockets that connected: a handshake the middleware refused never counted. */
  handleDisconnect(): void {
    conversationPages.dec();
  }

  /** The messages of one conversation after the last one the page holds, in order. */
  @SubscribeMessage(CONVERSATION_SOCKET_EVENTS.sync)
  sync(@ConnectedSocket() socket: Socket, @MessageBody() body: unknown): Promise<MessagePage> {
    const { conversationId, after } = syncRequestSchema.parse(body);
    return this.conversations.after((socket.data as { userId: string }).userId, conversationId, after);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.closeAdapter?.();
  }
}
