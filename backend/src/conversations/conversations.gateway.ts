import { ConnectedSocket, MessageBody, SubscribeMessage, WebSocketGateway, type OnGatewayConnection, type OnGatewayDisconnect, type OnGatewayInit } from '@nestjs/websockets';
import type { IncomingMessage } from 'node:http';
import type { Server, Socket } from 'socket.io';
import { CONVERSATION_SOCKET_EVENTS, CONVERSATION_SOCKET_PATH, sendMessageSchema, syncRequestSchema, type SendAnswer, type SocketRefusal, type SyncAnswer } from '@market/contracts';
import type { SessionUser } from '../auth/auth.decorators';
import { sessionTokenOf } from '../auth/session-cookie';
import { SessionService } from '../auth/session.service';
import { errorAnswer } from '../common/error.filter';
import { allowedOrigins, comesFromThisSite } from '../common/same-origin.middleware';
import { ZodPipe } from '../common/zod-body.pipe';
import { AppConfig } from '../config/app-config';
import { conversationPages } from '../metrics/process-series';
import { conversationId } from './conversation-id.pipe';
import { ConversationsLive, personRoom, pushAdapter } from './conversations-live';
import { ConversationsService } from './conversations.service';

/** What the handshake resolved: the page's signed-in person, for as long as the connection lasts (its session's end closes it). */
interface PageData {
  user: SessionUser;
  sessionId: string;
}
/** The Socket.IO room of one session's pages, on any API process. */
const sessionRoom = (sessionId: string) => `session:${sessionId}`;
const sendMessageBody = new ZodPipe(sendMessageSchema);
const syncRequestBody = new ZodPipe(syncRequestSchema);

/** An acknowledgement's refusal, as the matching route answers it. */
function refusal(error: unknown): SocketRefusal {
  const { status, envelope } = errorAnswer(error);
  return { status, error: envelope };
}

/**
 * Socket.IO on the API's own port (`/api/socket.io`): a page signed in by its session cookie (or,
 * in the Telegram Mini App, by its header session's token in the handshake's `auth`) joins its
 * person's room. The Redis adapter carries each push to the processes where the
 * recipient's pages are connected. The session is looked up once, at the handshake (a page's
 * messages sent on its socket need no other lookup); signing out or a password reset closes the
 * ended sessions' sockets on every process, as it refuses their requests.
 */
@WebSocketGateway({ path: CONVERSATION_SOCKET_PATH, serveClient: false })
export class ConversationsGateway implements OnGatewayInit, OnGatewayConnection, OnGatewayDisconnect {
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
    server.use((socket, next) => {
      const headerToken = (socket.handshake.auth as { token?: unknown }).token;
      const [token, carrier] = typeof headerToken === 'string' ? [headerToken, 'header' as const] : [sessionTokenOf(socket.request), 'cookie' as const];
      if (!token) return next(new Error('unauthorized'));
      this.sessions.resolve(token, carrier).then(
        (session) => {
          if (!session) return next(new Error('unauthorized'));
          Object.assign(socket.data as PageData, { user: session.user, sessionId: session.sessionId });
          next();
        },
        (error: Error) => next(error),
      );
    });
    this.live.attach(server, close);
    this.sessions.whenEnded((sessionIds) => server.in(sessionIds.map(sessionRoom)).disconnectSockets(true));
  }

  handleConnection(socket: Socket): void {
    conversationPages.inc();
    const { user, sessionId } = socket.data as PageData;
    void socket.join([personRoom(user.id), sessionRoom(sessionId)]);
  }

  /** Called only for sockets that connected: a handshake the middleware refused never counted. */
  handleDisconnect(): void {
    conversationPages.dec();
  }

  /** The messages of one conversation after the last one the page holds, in order; or the refusal, as `send`'s. */
  @SubscribeMessage(CONVERSATION_SOCKET_EVENTS.sync)
  async sync(@ConnectedSocket() socket: Socket, @MessageBody() body: unknown): Promise<SyncAnswer> {
    try {
      const { conversationId, after } = syncRequestBody.transform(body);
      return await this.conversations.after((socket.data as PageData).user.id, conversationId, after);
    } catch (error) {
      return refusal(error);
    }
  }

  /**
   * Sends a message from a connected page: `POST /api/conversations/{id}/messages` without a request's
   * work (its pipeline, its session lookup, its answer), through the same checks and the same service
   * method, so that every rule and limit is the route's. Acknowledged with the message, or with the
   * route's refusal: its status and translated envelope.
   */
  @SubscribeMessage(CONVERSATION_SOCKET_EVENTS.send)
  async send(@ConnectedSocket() socket: Socket, @MessageBody() body: unknown): Promise<SendAnswer> {
    try {
      const { conversationId: id, ...message } = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
      const conversation = await conversationId.transform(String(id), { type: 'param', data: 'id' });
      return { message: await this.conversations.sendMessage((socket.data as PageData).user, conversation, sendMessageBody.transform(message)) };
    } catch (error) {
      return refusal(error);
    }
  }
}
