import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { accountNameSchema, DEFAULT_LANGUAGE, LANGUAGES, type Language, type MessageKey, type TelegramSignInRequest, type UserDto } from '@market/contracts';
import { AppException } from '../common/app.exception';
import { AppConfig } from '../config/app-config';
import { RateLimitService } from '../rate-limit/rate-limit.service';
import { TelegramLinkService } from '../telegram/telegram-link.service';
import { UsersService } from '../users/users.service';
import { AUTH_LIMITS } from './auth.limits';
import { SessionService } from './session.service';
import { verifiedLaunchUser, type TelegramLaunchUser } from './telegram-init-data';

export type TelegramSignIn =
  | { status: 'signedIn'; user: UserDto; token: string; expiresAt: Date; message: 'loginSuccess' | 'registrationCongratulation' }
  | { status: 'contactNeeded' };

/**
 * Sign-in inside the Telegram Mini App, without an SMS: the Telegram user whose chat with the bot is
 * linked is that account; otherwise the number they shared with the bot (Telegram vouches for it)
 * signs in its account, or registers it under the registration's rules (a name, the terms), and the
 * chat is linked. Sessions travel in the header (SessionCarrier 'header').
 */
@Injectable()
export class TelegramSignInService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly config: AppConfig,
    private readonly limits: RateLimitService,
    private readonly links: TelegramLinkService,
    private readonly users: UsersService,
    private readonly sessions: SessionService,
  ) {}

  async signIn(request: TelegramSignInRequest, ip: string): Promise<TelegramSignIn> {
    await this.limits.consume(AUTH_LIMITS.telegramSignInPerIp, ip);
    if (!this.config.TELEGRAM_BOT_TOKEN) throw new AppException(HttpStatus.SERVICE_UNAVAILABLE, 'telegramBotNotConfigured');
    const launchUser = verifiedLaunchUser(request.initData, this.config.TELEGRAM_BOT_TOKEN, this.config.TELEGRAM_INIT_DATA_MAX_AGE_SECONDS);
    // A private chat with the bot has the user's own id.
    const linked = await this.links.subscriptionByChat(launchUser.id);
    if (linked) return this.started(linked.userId, 'loginSuccess');
    const account = await this.dataSource.transaction(async (transaction) => {
      // Every query on this transaction's connection: the shared number's row is held from here, and a second
      // connection from the pool can wait for connections that launches waiting for that row hold.
      const phoneNumber = await this.links.takeContact(transaction, launchUser.id);
      if (!phoneNumber) return null;
      const existing = await this.users.findForSignIn(phoneNumber, transaction);
      const userId = existing?.id ?? (await this.register(transaction, phoneNumber, request, launchUser));
      await this.links.linkChat(transaction, userId, launchUser.id, languageOf(launchUser));
      return { userId, created: !existing };
    });
    if (!account) return { status: 'contactNeeded' };
    // Telegram vouched for the number: it is the person's, as an SMS code would have proved.
    await this.users.markPhoneConfirmed(account.userId);
    return this.started(account.userId, account.created ? 'registrationCongratulation' : 'loginSuccess');
  }

  private async register(
    transaction: EntityManager,
    phoneNumber: string,
    request: TelegramSignInRequest,
    launchUser: TelegramLaunchUser,
  ): Promise<string> {
    if (!request.agree) throw new AppException(HttpStatus.BAD_REQUEST, 'agreeToTerms', {}, { agree: 'agreeToTerms' });
    const name = accountNameSchema.safeParse(request.name ?? launchUser.name);
    if (!name.success) {
      const problem = name.error.issues[0].message as MessageKey;
      throw new AppException(HttpStatus.BAD_REQUEST, problem, {}, { name: problem });
    }
    const userId = await this.users.completeRegistration(transaction, phoneNumber, name.data, null);
    if (!userId) throw new AppException(HttpStatus.CONFLICT, 'phoneAlreadyRegistered');
    return userId;
  }

  private async started(userId: string, message: 'loginSuccess' | 'registrationCongratulation'): Promise<TelegramSignIn> {
    const { token, expiresAt } = await this.sessions.start(userId, 'header');
    return { status: 'signedIn', user: await this.users.getProfile(userId), token, expiresAt, message };
  }
}

function languageOf(user: TelegramLaunchUser): Language {
  return LANGUAGES.find((language) => language === user.languageCode) ?? DEFAULT_LANGUAGE;
}
