import { Injectable } from '@nestjs/common';
import type { Server } from 'socket.io';

/** The Socket.IO room of one person: every page they have open, on any API process. */
export function personRoom(userId: string): string {
  return `person:${userId}`;
}

/**
 * Pushes to people's open pages through the gateway's server, once it is up. A push is a
 * courtesy on top of PostgreSQL: a page that missed one catches up with `sync`.
 */
@Injectable()
export class ConversationsLive {
  private server: Server | undefined;

  attach(server: Server): void {
    this.server = server;
  }

  push(userId: string, event: string, payload: unknown): void {
    this.server?.to(personRoom(userId)).emit(event, payload);
  }
}
