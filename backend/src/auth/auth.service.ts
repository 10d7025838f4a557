import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { LIMITS, smsText, type RegisterRequest, type UserDto } from '@market/contracts';
import { AppException } from '../common/app.exception';
import { RateLimitService } from '../rate-limit/rate-limit.service';
import { TelegramLinkService } from '../telegram/telegram-link.service';
import { UsersService } from '../users/users.service';
import { AUTH_LIMITS } from './auth.limits';
import { OneTimeCodeService } from './one-time-codes.service';
import { PasswordAttemptsService } from './password-attempts.service';
import { generatePassword, hashPassword, UNKNOWN_ACCOUNT_HASH, verifyPassword } from './password-hasher';
import { SessionService } from './session.service';
import { SmsRequestService } from './sms-request.service';

export interface StartedSession {
  user: UserDto;
  token: string;
  expiresAt: Date;
}

interface PendingRegistration {
  name: string;
  passwordHash: string;
}

const ONE_TIME_PASSWORD = new RegExp(`^\\d{${LIMITS.resetCodeDigits}}$`);

/** Phone sign-in, registration and password reset (spec sections 2 and 4). */
@Injectable()
export class AuthService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly users: UsersService,
    private readonly sessions: SessionService,
    private readonly codes: OneTimeCodeService,
    private readonly sms: SmsRequestService,
    private readonly limits: RateLimitService,
    private readonly passwordAttempts: PasswordAttemptsService,
    private readonly telegramLinks: TelegramLinkService,
  ) {}

  /**
   * Sign-in step 1. A number with an account answers 'existing' (the form asks for the
   * password); a new number gets an account and its password by SMS ('created').
   */
  async login(phoneNumber: string, ip: string): Promise<'created' | 'existing'> {
    await this.limits.consume(AUTH_LIMITS.accountLookupPerIp, ip);
    const account = await this.users.findForSignIn(phoneNumber);
    if (account?.passwordHash) return 'existing';
    const password = generatePassword();
    const passwordHash = await hashPassword(password, ip);
    return this.dataSource.transaction(async (transaction) => {
      // Null when a simultaneous request created the account first: its SMS is on the way.
      const userId = await this.users.createWithPassword(transaction, phoneNumber, passwordHash);
      if (!userId) return 'existing';
      await this.sms.request(transaction, phoneNumber, ip, smsText('password', 'uz', { password }));
      return 'created';
    });
  }

  /**
   * Sign-in step 2 with the password or, while one is pending for this browser, the 5-digit reset
   * code as a one-time password. Each password attempt is counted before it is checked
   * (PasswordAttemptsService); the message does not say whether the number has an account.
   */
  async signIn(phoneNumber: string, password: string, ip: string, requester: string | undefined): Promise<StartedSession> {
    const account = await this.users.findForSignIn(phoneNumber);
    if (ONE_TIME_PASSWORD.test(password)) {
      // Passwords have at least 6 characters: 5 digits can only be the texted code, which has its own limits.
      const code = await this.codes.check({ purpose: 'reset', subject: phoneNumber, requester }, password, ip);
      if (!account || code === null) throw new AppException(HttpStatus.UNAUTHORIZED, 'wrongPassword');
      await this.passwordAttempts.forgetFailures(phoneNumber, ip);
      return this.signedIn(account.id);
    }
    const right = await this.passwordAttempts.attempt(phoneNumber, ip, async () => {
      const matches = await verifyPassword(password, account?.passwordHash ?? UNKNOWN_ACCOUNT_HASH, ip);
      return matches && account !== null;
    });
    if (!right) throw new AppException(HttpStatus.UNAUTHORIZED, 'wrongPassword');
    return this.signedIn(account!.id);
  }

  /** `/forgot` step 1 (and 'forgot password' at sign-in): a code by SMS for this browser. */
  async requestPasswordReset(phoneNumber: string, ip: string, requester: string): Promise<void> {
    await this.limits.consume(AUTH_LIMITS.accountLookupPerIp, ip);
    const account = await this.users.findForSignIn(phoneNumber);
    if (!account) throw new AppException(HttpStatus.NOT_FOUND, 'phoneNotRegistered', {}, { phoneNumber: 'phoneNotRegistered' });
    await this.dataSource.transaction((transaction) =>
      this.codes.issue(transaction, { purpose: 'reset', subject: phoneNumber, requester, phoneNumber, ip }, {}),
    );
  }

  /** `/forgot` step 2: the right code, from the browser it was sent for, is exchanged for a single-use token. */
  async checkResetCode(phoneNumber: string, code: string, ip: string, requester: string | undefined): Promise<string> {
    if ((await this.codes.check({ purpose: 'reset', subject: phoneNumber, requester }, code, ip)) === null) {
      throw new AppException(HttpStatus.BAD_REQUEST, 'wrongCode', {}, { code: 'wrongCode' });
    }
    return this.codes.issueToken('reset', phoneNumber);
  }

  /**
   * `/forgot` step 3: the new password; every other session of the account ends (the
   * request's own session, if it is one of them, stays), and so does its Telegram link: a chat
   * linked with a stolen session would sign the Mini App in and answer conversations as the
   * account. The wrong passwords tried from this address no longer keep it from signing in.
   */
  async resetPassword(phoneNumber: string, token: string, password: string, ip: string, currentSessionToken?: string): Promise<void> {
    if (!(await this.codes.consumeToken('reset', phoneNumber, token))) {
      throw new AppException(HttpStatus.BAD_REQUEST, 'resetTokenExpired');
    }
    const account = await this.users.findForSignIn(phoneNumber);
    if (!account) throw new AppException(HttpStatus.BAD_REQUEST, 'resetTokenExpired');
    const passwordHash = await hashPassword(password, ip);
    const ended = await this.dataSource.transaction(async (transaction) => {
      await this.users.setPassword(transaction, account.id, passwordHash);
      await this.telegramLinks.unlink(account.id, transaction);
      return this.sessions.endAll(transaction, account.id, currentSessionToken);
    });
    this.sessions.ended(ended);
    await this.passwordAttempts.forgetFailures(phoneNumber, ip);
  }

  /**
   * Registration step 1: the account is created only when the code sent for this browser is
   * confirmed from it. Another browser's pending registration of the number is never replaced:
   * answers whether one was sent a code (the latest SMS is this browser's).
   */
  async register(request: RegisterRequest, ip: string, requester: string): Promise<{ codeSentBefore: boolean }> {
    await this.limits.consume(AUTH_LIMITS.accountLookupPerIp, ip);
    const account = await this.users.findForSignIn(request.phoneNumber);
    if (account?.phoneConfirmed) {
      throw new AppException(HttpStatus.CONFLICT, 'phoneAlreadyRegistered', {}, { phoneNumber: 'phoneAlreadyRegistered' });
    }
    const pending: PendingRegistration = { name: request.name, passwordHash: await hashPassword(request.password, ip) };
    const { sentToAnother } = await this.dataSource.transaction((transaction) =>
      this.codes.issue(
        transaction,
        { purpose: 'register', subject: request.phoneNumber, requester, phoneNumber: request.phoneNumber, ip },
        pending,
      ),
    );
    return { codeSentBefore: sentToAnother };
  }

  /** Registration step 2: the code, from the browser it was sent for, creates the account and signs it in. */
  async confirmRegistration(phoneNumber: string, code: string, ip: string, requester: string | undefined): Promise<StartedSession> {
    const pending = await this.codes.check<PendingRegistration>({ purpose: 'register', subject: phoneNumber, requester }, code, ip);
    if (!pending) throw new AppException(HttpStatus.BAD_REQUEST, 'wrongCode', {}, { code: 'wrongCode' });
    const userId = await this.dataSource.transaction((transaction) =>
      this.users.completeRegistration(transaction, phoneNumber, pending.name, pending.passwordHash),
    );
    if (!userId) {
      throw new AppException(HttpStatus.CONFLICT, 'phoneAlreadyRegistered', {}, { phoneNumber: 'phoneAlreadyRegistered' });
    }
    return this.startSession(userId);
  }

  async logout(sessionToken: string | undefined): Promise<void> {
    if (sessionToken) await this.sessions.end(sessionToken);
  }

  private async signedIn(userId: string): Promise<StartedSession> {
    // The password came by SMS (or the user chose it after an SMS code): the number is theirs.
    await this.users.markPhoneConfirmed(userId);
    return this.startSession(userId);
  }

  private async startSession(userId: string): Promise<StartedSession> {
    const { token, expiresAt } = await this.sessions.start(userId);
    return { user: await this.users.getProfile(userId), token, expiresAt };
  }
}
