import { HttpStatus, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In, QueryFailedError, type EntityManager } from 'typeorm';
import { isRegionOfCountry, type MessageKey, type UpdateUserRequest, type UpdateUserResponse, type UserDto } from '@market/contracts';
import type { SessionUser } from '../auth/auth.decorators';
import { AUTH_LIMITS } from '../auth/auth.limits';
import { OneTimeCodeService } from '../auth/one-time-codes.service';
import { PasswordAttemptsService } from '../auth/password-attempts.service';
import { verifyPassword } from '../auth/password-hasher';
import { AppException } from '../common/app.exception';
import { AppConfig } from '../config/app-config';
import { lockedRow } from '../database/locked-row';
import { PublicReads } from '../database/public-reads';
import { RateLimitService } from '../rate-limit/rate-limit.service';
import { imageRefColumns, joinImage } from '../uploads/image-reads';
import { ImagesService } from '../uploads/images.service';
import { grantAdminRole } from './admin-role';
import { User } from './user.entity';
import { serializeUser } from './user.serializer';

/** The unique indexes of `users` and the field and message each one stands for. */
const UNIQUE_FIELDS: Record<string, { field: string; key: MessageKey }> = {
  users_username_key: { field: 'username', key: 'usernameTaken' },
  users_email_key: { field: 'email', key: 'emailTaken' },
  users_phone_number_key: { field: 'phoneNumber', key: 'phoneNumberTaken' },
};

/** A translated 409 when `error` is a unique violation of a user field, the error itself otherwise. */
function asConflict(error: unknown): unknown {
  if (!(error instanceof QueryFailedError)) return error;
  const driverError = error.driverError as { code?: string; constraint?: string };
  const unique = driverError.code === '23505' ? UNIQUE_FIELDS[driverError.constraint ?? ''] : undefined;
  return unique ? new AppException(HttpStatus.CONFLICT, unique.key, {}, { [unique.field]: unique.key }) : error;
}

type PendingPhoneChange = { phoneNumber: string };

@Injectable()
export class UsersService implements OnApplicationBootstrap {
  private readonly logger = new Logger(UsersService.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly config: AppConfig,
    private readonly codes: OneTimeCodeService,
    private readonly images: ImagesService,
    private readonly limits: RateLimitService,
    private readonly passwordAttempts: PasswordAttemptsService,
    private readonly reads: PublicReads,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const created = await grantAdminRole(this.dataSource.manager, this.config.ADMIN_PHONES);
    if (this.config.ADMIN_PHONES.length) {
      this.logger.log(`ADMIN_PHONES: ${this.config.ADMIN_PHONES.length} admin(s), ${created.length} new account(s)`);
    }
  }

  async getProfile(userId: string): Promise<UserDto> {
    // The hash is read only to tell whether there is one (the settings ask for it before a new number).
    const user = await this.findWithPasswordHash(userId);
    if (!user) throw new AppException(HttpStatus.NOT_FOUND, 'notFound');
    return serializeUser(user, await this.images.refOf(user.imageId));
  }

  /** What a seller's public page shows of the account (a public read): never the number or anything private. */
  async publicProfile(userId: string): Promise<{ name: string | null; image: { _id: string; location: string } | null; region: string | null; memberSince: Date; phoneConfirmed: boolean } | null> {
    const [user] = await this.reads.query<{
      name: string | null;
      region: string | null;
      created_at: Date;
      phone_confirmed: boolean;
      image_id: string | null;
      image_location: string | null;
    }>(
      `SELECT u.name, u.region, u.created_at, u.phone_confirmed, ${imageRefColumns('picture', 'image_')}
         FROM users u ${joinImage('picture', 'u.image_id', 'LEFT JOIN')} WHERE u.id = $1`,
      [userId],
      { prepared: true },
    );
    if (!user) return null;
    const image = user.image_id ? { _id: user.image_id, location: user.image_location! } : null;
    return { name: user.name, image, region: user.region, memberSince: user.created_at, phoneConfirmed: user.phone_confirmed };
  }

  /** The account of a number with its password hash, for sign-in. */
  async findForSignIn(phoneNumber: string, database: EntityManager = this.dataSource.manager): Promise<User | null> {
    return database
      .getRepository(User)
      .createQueryBuilder('user')
      .addSelect('user.passwordHash')
      .where('user.phoneNumber = :phoneNumber', { phoneNumber })
      .getOne();
  }

  /**
   * Creates the account of a new number with its first password, or gives one to an account
   * that has none (made by `npm run admin`). Null when the number already has a password.
   */
  async createWithPassword(transaction: EntityManager, phoneNumber: string, passwordHash: string): Promise<string | null> {
    const rows: { id: string }[] = await transaction.query(
      `INSERT INTO users (phone_number, password_hash) VALUES ($1, $2)
       ON CONFLICT (phone_number) DO UPDATE SET password_hash = EXCLUDED.password_hash WHERE users.password_hash IS NULL
       RETURNING id`,
      [phoneNumber, passwordHash],
    );
    return rows[0]?.id ?? null;
  }

  /**
   * Registration after the SMS code (or Telegram, for a shared contact: no password then) confirmed
   * the number: creates the account, or takes over one that never confirmed its number. Null when
   * the number belongs to a confirmed account.
   */
  async completeRegistration(transaction: EntityManager, phoneNumber: string, name: string, passwordHash: string | null): Promise<string | null> {
    const rows: { id: string }[] = await transaction.query(
      `INSERT INTO users (phone_number, name, password_hash, phone_confirmed) VALUES ($1, $2, $3, true)
       ON CONFLICT (phone_number) DO UPDATE
         SET name = EXCLUDED.name, password_hash = EXCLUDED.password_hash, phone_confirmed = true
         WHERE NOT users.phone_confirmed
       RETURNING id`,
      [phoneNumber, name, passwordHash],
    );
    return rows[0]?.id ?? null;
  }

  /** A new password; knowing an SMS secret also proves the number. */
  async setPassword(transaction: EntityManager, userId: string, passwordHash: string): Promise<void> {
    await transaction.update(User, userId, { passwordHash, phoneConfirmed: true });
  }

  async markPhoneConfirmed(userId: string): Promise<void> {
    await this.dataSource.getRepository(User).update({ id: userId, phoneConfirmed: false }, { phoneConfirmed: true });
  }

  /**
   * Settings (spec section 7). A new phone number is not applied: a code goes to it and
   * PhoneChangeService.confirm applies it; a number with an account is answered alike (no SMS)
   * and refused at confirmation. A new number first needs the password of the person signed in,
   * if they have one (proveSignedInPerson). A new username, e-mail or number tells whether it is
   * taken, so such a save counts as an account lookup, before the transaction looks. Nothing
   * changes when any part is refused.
   */
  async update(actor: SessionUser, userId: string, changes: UpdateUserRequest, ip: string): Promise<UpdateUserResponse> {
    this.assertMayEdit(actor, userId);
    const { phoneNumber, currentPassword, ...fields } = changes;
    let newPhoneNumber: string | undefined;
    if (phoneNumber !== undefined || fields.username !== undefined || fields.email !== undefined) {
      const stored = await this.dataSource.getRepository(User).findOne({ where: { id: userId }, select: ['id', 'username', 'email', 'phoneNumber'] });
      if (phoneNumber !== undefined && phoneNumber !== stored?.phoneNumber) {
        await this.proveSignedInPerson(actor, currentPassword, ip);
        newPhoneNumber = phoneNumber;
      }
      await this.countLookup(userId, stored, changes, ip);
    }
    let pendingPhoneConfirmation = false;
    try {
      await this.dataSource.transaction(async (transaction) => {
        const user = await lockedRow(transaction, User, { id: userId }, 'notFound');
        const country = fields.country !== undefined ? fields.country : user.country;
        // A new country drops the old country's region unless a region comes with it.
        const region = fields.region !== undefined ? fields.region : country === user.country ? user.region : null;
        if (!isRegionOfCountry(country, region)) {
          throw new AppException(HttpStatus.BAD_REQUEST, 'validationFailed', {}, { region: 'invalidValue' });
        }
        const values = Object.fromEntries(Object.entries({ ...fields, region }).filter(([, value]) => value !== undefined));
        await transaction.update(User, userId, values);
        // Only the number the password was given for: the row may have changed since it was read.
        if (newPhoneNumber && newPhoneNumber !== user.phoneNumber) {
          const target = { purpose: 'phone-change', subject: userId, requester: actor.id, phoneNumber: newPhoneNumber } as const;
          if (await transaction.existsBy(User, { phoneNumber: newPhoneNumber })) {
            await this.codes.hold<PendingPhoneChange>(target, { phoneNumber: newPhoneNumber }, { key: 'phoneNumberTaken', field: 'phoneNumber' });
          } else {
            await this.codes.issue<PendingPhoneChange>(transaction, { ...target, ip }, { phoneNumber: newPhoneNumber });
          }
          pendingPhoneConfirmation = true;
        }
      });
    } catch (error) {
      throw asConflict(error);
    }
    const user = await this.getProfile(userId);
    return pendingPhoneConfirmation ? { ...user, pendingPhoneConfirmation } : user;
  }

  /**
   * The new number of a pending change when `code` is the one sent to it (the code is then used up);
   * 400 `wrongCode` otherwise. The caller applies it with changePhoneNumber (PhoneChangeService, which
   * also ends the account's other sessions).
   */
  async checkPhoneChangeCode(actor: SessionUser, userId: string, code: string, ip: string): Promise<string> {
    this.assertMayEdit(actor, userId);
    const pending = await this.codes.check<PendingPhoneChange>({ purpose: 'phone-change', subject: userId, requester: actor.id }, code, ip);
    if (!pending) throw new AppException(HttpStatus.BAD_REQUEST, 'wrongCode', {}, { code: 'wrongCode' });
    return pending.phoneNumber;
  }

  /** Makes a confirmed number the account's own; a translated 409 when another account took it meanwhile. */
  async changePhoneNumber(transaction: EntityManager, userId: string, phoneNumber: string): Promise<void> {
    try {
      await transaction.update(User, userId, { phoneNumber, phoneConfirmed: true });
    } catch (error) {
      throw asConflict(error);
    }
  }

  /**
   * A borrowed session (a stolen cookie, a phone left unlocked) must not move the account to another number,
   * which would then recover the password: the person signed in gives their password (an admin changing
   * another's number, their own), counted as sign-in counts its attempts, before anything is read or texted.
   * An account made in the Telegram Mini App has no password to give; its session is Telegram's header token.
   */
  private async proveSignedInPerson(actor: SessionUser, password: string | undefined, ip: string): Promise<void> {
    const signedIn = await this.findWithPasswordHash(actor.id);
    if (!signedIn?.passwordHash) return;
    if (!password) throw new AppException(HttpStatus.BAD_REQUEST, 'enterPassword', {}, { currentPassword: 'enterPassword' });
    const passwordHash = signedIn.passwordHash;
    if (!(await this.passwordAttempts.attempt(signedIn.phoneNumber, ip, () => verifyPassword(password, passwordHash, ip)))) {
      throw new AppException(HttpStatus.BAD_REQUEST, 'wrongCurrentPassword', {}, { currentPassword: 'wrongCurrentPassword' });
    }
  }

  private async findWithPasswordHash(userId: string): Promise<User | null> {
    return this.dataSource.getRepository(User).createQueryBuilder('user').addSelect('user.passwordHash').where('user.id = :userId', { userId }).getOne();
  }

  /** One account lookup of the account and the address, when the save changes a username, e-mail or phone number. */
  private async countLookup(userId: string, user: User | null, changes: UpdateUserRequest, ip: string): Promise<void> {
    const changed =
      (changes.username !== undefined && changes.username !== user?.username) ||
      (changes.email !== undefined && changes.email !== user?.email) ||
      (changes.phoneNumber !== undefined && changes.phoneNumber !== user?.phoneNumber);
    if (!changed) return;
    await this.limits.consumeAll([
      [AUTH_LIMITS.accountLookupPerUser, userId],
      [AUTH_LIMITS.accountLookupPerIp, ip],
    ]);
  }

  /**
   * Makes `imageId` the user's avatar; answers the previous avatar's id for its removal. The
   * user's row is locked before the previous image's, as in lockForImageChange, and FOR NO KEY
   * UPDATE: unlike FOR UPDATE it does not wait for the key-share lock another upload's image
   * insert holds on its owner (two uploads each holding one and waiting for the other deadlocked).
   */
  async setImage(transaction: EntityManager, userId: string, imageId: string): Promise<string | null> {
    const [rows]: [{ previous: string | null }[], number] = await transaction.query(
      `UPDATE users SET image_id = $1 FROM (SELECT image_id AS previous FROM users WHERE id = $2 FOR NO KEY UPDATE) old
       WHERE id = $2 RETURNING old.previous`,
      [imageId, userId],
    );
    if (rows.length === 0) throw new AppException(HttpStatus.NOT_FOUND, 'notFound');
    return rows[0].previous;
  }

  /**
   * Locks the user's row before an avatar is deleted: the deletion empties `image_id` through the
   * foreign key, so it needs this row too, and taking it first (as setImage does) keeps a removal
   * and an upload from each holding what the other waits for.
   */
  async lockForImageChange(transaction: EntityManager, userId: string): Promise<void> {
    await transaction.query(`SELECT 1 FROM users WHERE id = $1 FOR NO KEY UPDATE`, [userId]);
  }

  /**
   * Adds `delta` so'm (negative to charge) in one conditional UPDATE, so concurrent charges
   * can never take the balance below zero. Answers the new balance; 409 `insufficientBalance`
   * when the balance does not cover a charge (or the user does not exist).
   */
  async changeBalance(transaction: EntityManager, userId: string, delta: number): Promise<number> {
    if (!Number.isSafeInteger(delta)) throw new Error(`A balance change is a whole number of so'm, not ${delta}`);
    const [rows]: [{ balance: string }[], number] = await transaction.query(
      `UPDATE users SET balance = balance + $1::bigint WHERE id = $2 AND balance + $1::bigint >= 0 RETURNING balance`,
      [delta, userId],
    );
    if (rows.length === 0) throw new AppException(HttpStatus.CONFLICT, 'insufficientBalance');
    return Number(rows[0].balance);
  }

  /** Locks the user's row until the caller's transaction ends, so a per-user limit it counts (drafts) cannot be passed by two requests at once. */
  async lock(transaction: EntityManager, userId: string): Promise<void> {
    await transaction.query(`SELECT 1 FROM users WHERE id = $1 FOR UPDATE`, [userId]);
  }

  /** The balance in so'm as the caller's transaction sees it. */
  async balanceOf(transaction: EntityManager, userId: string): Promise<number> {
    const [{ balance }]: { balance: string }[] = await transaction.query(`SELECT balance FROM users WHERE id = $1`, [userId]);
    return Number(balance);
  }

  /** The number the user signed up with: the contact a listing shows unless an admin typed another. */
  async phoneNumberOf(transaction: EntityManager, userId: string): Promise<string> {
    const user = await transaction.findOne(User, { where: { id: userId }, select: { id: true, phoneNumber: true } });
    if (!user) throw new AppException(HttpStatus.NOT_FOUND, 'notFound');
    return user.phoneNumber;
  }

  /**
   * The ids of accounts with confirmed numbers for people who sign up elsewhere (the demo
   * sellers), creating the missing ones; existing accounts are left as they are.
   */
  async ensureConfirmed(accounts: readonly { phoneNumber: string; name: string; region: string }[]): Promise<string[]> {
    const rows: { id: string }[] = await this.dataSource.query(
      `INSERT INTO users (phone_number, name, country, region, phone_confirmed)
       SELECT phone_number, name, 'uz', region, true
         FROM jsonb_to_recordset($1::jsonb) AS account(phone_number text, name text, region text)
       ON CONFLICT (phone_number) DO UPDATE SET name = users.name
       RETURNING id`,
      [JSON.stringify(accounts.map((account) => ({ ...account, phone_number: account.phoneNumber })))],
    );
    return rows.map((row) => row.id);
  }

  /** The users' names by id, for lists that show who wrote what. */
  async namesOf(userIds: readonly string[], database: EntityManager = this.dataSource.manager): Promise<ReadonlyMap<string, string | null>> {
    if (userIds.length === 0) return new Map();
    const users = await database.getRepository(User).find({ where: { id: In([...userIds]) }, select: { id: true, name: true } });
    return new Map(users.map((user) => [user.id, user.name]));
  }

  private assertMayEdit(actor: SessionUser, userId: string): void {
    if (actor.id !== userId && actor.role !== 'admin') throw new AppException(HttpStatus.FORBIDDEN, 'forbidden');
  }
}
