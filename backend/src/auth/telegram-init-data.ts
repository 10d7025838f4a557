import { HttpStatus } from '@nestjs/common';
import { isExpiredError, parse, validate } from '@telegram-apps/init-data-node';
import { AppException } from '../common/app.exception';

/** The Telegram user a Mini App was opened by, as its signed initData tells. */
export interface TelegramLaunchUser {
  id: number;
  name: string;
  languageCode?: string;
}

function refused(): AppException {
  return new AppException(HttpStatus.UNAUTHORIZED, 'telegramLaunchInvalid');
}

/**
 * Checks initData as Telegram documents it (HMAC-SHA-256 keyed by the bot token's HMAC with
 * 'WebAppData' over the sorted data-check-string; auth_date within `maxAgeSeconds`) through
 * @telegram-apps/init-data-node. A key given twice is refused first: the library would sign both
 * pairs, and a parser reading the first or the last could then see a value the signature never meant.
 */
export function verifiedLaunchUser(initData: string, botToken: string, maxAgeSeconds: number): TelegramLaunchUser {
  const params = new URLSearchParams(initData);
  const keys = [...params.keys()];
  if (new Set(keys).size !== keys.length) throw refused();
  try {
    validate(params, botToken, { expiresIn: maxAgeSeconds });
  } catch (error) {
    if (isExpiredError(error)) throw new AppException(HttpStatus.UNAUTHORIZED, 'telegramLaunchExpired');
    throw refused();
  }
  const user = parse(params).user;
  if (!user) throw refused();
  return { id: user.id, name: [user.first_name, user.last_name].filter(Boolean).join(' '), languageCode: user.language_code };
}
