import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { UserRole } from '@market/contracts';

/** bigint comes back from pg as a string; balances stay far below 2^53 so'm. */
export const bigintAsNumber = { to: (value: number) => value, from: (value: string | null) => (value === null ? null : Number(value)) };

@Entity('users')
export class User {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'text', default: 'user' })
  role: UserRole;

  @Column({ type: 'text', nullable: true })
  username: string | null;

  @Column({ type: 'text', nullable: true })
  email: string | null;

  /** 12 digits, e.g. 998901234567. */
  @Column({ name: 'phone_number', type: 'text' })
  phoneNumber: string;

  @Column({ type: 'text', nullable: true })
  name: string | null;

  @Column({ type: 'text', nullable: true })
  surname: string | null;

  @Column({ type: 'text', nullable: true })
  country: string | null;

  @Column({ type: 'text', nullable: true })
  region: string | null;

  @Column({ type: 'text', nullable: true })
  gender: string | null;

  /** The avatar, in the images module's table: its URL comes from ImagesService. */
  @Column({ name: 'image_id', type: 'uuid', nullable: true })
  imageId: string | null;

  @Column({ name: 'telegram_username', type: 'text', nullable: true })
  telegramUsername: string | null;

  /** scrypt hash (see auth/password-hasher.ts); never leaves the server. */
  @Column({ name: 'password_hash', type: 'text', nullable: true, select: false })
  passwordHash: string | null;

  @Column({ name: 'phone_confirmed', type: 'boolean', default: false })
  phoneConfirmed: boolean;

  /** Integer so'm; changed only through UsersService.changeBalance. */
  @Column({ type: 'bigint', default: 0, transformer: bigintAsNumber, update: false })
  balance: number;

  @Column({ name: 'created_at', type: 'timestamptz', insert: false, update: false })
  createdAt: Date;
}
