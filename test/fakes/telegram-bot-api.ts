import { startHttpFake } from './http-fake';

/**
 * A fake Telegram Bot API (https://core.telegram.org/bots/api): `{ ok, result }` answers,
 * `{ ok: false, error_code, description, parameters }` errors, message ids counting up.
 * Tests push updates for getUpdates and read what the bot sent.
 */
export async function startFakeTelegram(botUsername = 'telefon_bozor_test_bot') {
  let nextMessageId = 100;
  let nextUpdateId = 1;
  const pendingUpdates: unknown[] = [];
  const fake = await startHttpFake((call) => {
    const method = call.path.split('/').pop();
    switch (method) {
      case 'getMe':
        return { body: { ok: true, result: { id: 4242, is_bot: true, first_name: 'Telefon bozor', username: botUsername } } };
      case 'sendMediaGroup': {
        const media = (typeof call.body.media === 'string' ? JSON.parse(call.body.media) : call.body.media) as unknown[];
        const result = media.map(() => ({ message_id: nextMessageId++, date: 0, chat: { id: call.body.chat_id, type: 'channel' } }));
        return { body: { ok: true, result } };
      }
      case 'sendMessage':
        return { body: { ok: true, result: { message_id: nextMessageId++, date: 0, chat: { id: call.body.chat_id, type: 'private' }, text: call.body.text } } };
      case 'getUpdates':
        // Real long polling holds the request open; a short hold keeps the bot from spinning.
        return pendingUpdates.length
          ? { body: { ok: true, result: pendingUpdates.splice(0) } }
          : { body: { ok: true, result: [] }, delayMs: 100 };
      case 'deleteWebhook':
      case 'setWebhook':
      case 'setMyCommands':
        return { body: { ok: true, result: true } };
      default:
        return { status: 404, body: { ok: false, error_code: 404, description: `Not Found: method ${method}` } };
    }
  });
  return {
    ...fake,
    botUsername,
    /** The calls of one Bot API method, e.g. 'sendMediaGroup'. */
    callsOf: (method: string) => fake.calls.filter((call) => call.path.endsWith(`/${method}`)),
    /** A private message from a user, delivered on the bot's next getUpdates. */
    pushMessage(chatId: number, text: string): void {
      pendingUpdates.push({
        update_id: nextUpdateId++,
        message: {
          message_id: nextMessageId++,
          date: Math.floor(Date.now() / 1000),
          chat: { id: chatId, type: 'private' },
          from: { id: chatId, is_bot: false, first_name: 'Seller' },
          text,
          // Telegram marks a leading /command as an entity; bots recognise commands by it.
          ...(text.startsWith('/') && { entities: [{ type: 'bot_command', offset: 0, length: text.split(' ')[0].length }] }),
        },
      });
    },
    tooManyRequests: (retryAfterSeconds: number) => ({
      status: 429,
      body: { ok: false, error_code: 429, description: `Too Many Requests: retry after ${retryAfterSeconds}`, parameters: { retry_after: retryAfterSeconds } },
    }),
  };
}
