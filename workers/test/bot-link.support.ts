import type { INestApplication } from '@nestjs/common';
import { TelegramLinkService } from '@market/backend';
import type { Language } from '@market/contracts';
import type { startFakeTelegram } from '../../test/fakes/telegram-bot-api';
import { eventually } from '../../test/support/eventually';

/**
 * The user links the bot as from their profile: /start with the site's deep link token in `chat`, 'Yes' under the
 * bot's question whether the chat is to be that account's, then the link is stored.
 */
export async function linkTheBot(
  api: INestApplication,
  telegram: Awaited<ReturnType<typeof startFakeTelegram>>,
  userId: string,
  chat: number,
  language: Language = 'uz',
): Promise<void> {
  const { link } = await api.get(TelegramLinkService).createLink(userId, language);
  const token = new URL(link).searchParams.get('start')!;
  telegram.pushMessage(chat, `/start ${token}`);
  const yes = `relink:${token}`;
  await eventually(async () => expect(telegram.callsOf('sendMessage').some((call) => Number(call.body.chat_id) === chat && JSON.stringify(call.body.reply_markup ?? {}).includes(yes))).toBe(true));
  telegram.pushCallbackQuery(chat, yes);
  await eventually(async () => expect(await api.get(TelegramLinkService).subscriptionOf(userId)).not.toBeNull());
}
