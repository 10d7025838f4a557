import type { INestApplication } from '@nestjs/common';
import { TelegramLinkService } from '@market/backend';
import type { Language } from '@market/contracts';
import type { startFakeTelegram } from '../../test/fakes/telegram-bot-api';
import { eventually } from '../../test/support/eventually';

/** The user links the bot as from their profile: /start with the site's deep link token in `chat`, then the link is stored. */
export async function linkTheBot(
  api: INestApplication,
  telegram: Awaited<ReturnType<typeof startFakeTelegram>>,
  userId: string,
  chat: number,
  language: Language = 'uz',
): Promise<void> {
  const { link } = await api.get(TelegramLinkService).createLink(userId, language);
  telegram.pushMessage(chat, `/start ${new URL(link).searchParams.get('start')}`);
  await eventually(async () => expect(await api.get(TelegramLinkService).subscriptionOf(userId)).not.toBeNull());
}
