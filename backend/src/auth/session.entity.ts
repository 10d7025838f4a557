import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { SessionCarrier } from './session.service';

/** A signed-in browser. Only the SHA-256 of the cookie's token is stored: a leaked table signs nobody in. */
@Entity('sessions')
export class Session {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId: string;

  @Column({ name: 'token_hash', type: 'bytea' })
  tokenHash: Buffer;

  @Column({ type: 'text' })
  carrier: SessionCarrier;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt: Date;

  @Column({ name: 'created_at', type: 'timestamptz', insert: false })
  createdAt: Date;
}
