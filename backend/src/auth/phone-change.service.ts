import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { UserDto } from '@market/contracts';
import { TelegramLinkService } from '../telegram/telegram-link.service';
import { UsersService } from '../users/users.service';
import type { SessionUser } from './auth.decorators';
import { SessionService } from './session.service';

/**
 * The second step of a new phone number in the settings (the first, `PUT /api/user/{id}`, asked for the password
 * and texted the code): the number a password is recovered through changes hands, so it ends what a password
 * reset ends.
 */
@Injectable()
export class PhoneChangeService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly users: UsersService,
    private readonly sessions: SessionService,
    private readonly telegramLinks: TelegramLinkService,
  ) {}

  /**
   * Applies the new number the code was sent to; in the same transaction every other session of the account ends
   * (the confirming one, `currentSessionToken`, stays) and so does its Telegram link: a session or a chat someone
   * held before the change must not outlive it.
   */
  async confirm(actor: SessionUser, userId: string, code: string, ip: string, currentSessionToken: string | undefined): Promise<UserDto> {
    const phoneNumber = await this.users.checkPhoneChangeCode(actor, userId, code, ip);
    const ended = await this.dataSource.transaction(async (transaction) => {
      await this.users.changePhoneNumber(transaction, userId, phoneNumber);
      await this.telegramLinks.unlink(userId, transaction);
      return this.sessions.endAll(transaction, userId, currentSessionToken);
    });
    this.sessions.ended(ended);
    return this.users.getProfile(userId);
  }
}
