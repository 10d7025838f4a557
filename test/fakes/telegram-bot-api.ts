import { startHttpFake, type FakeAnswer } from './http-fake';
import { MovingWindow } from './moving-window';

/**
 * Telegram's flood limits (core.telegram.org/bots/faq): about 20 messages a minute into one
 * group or channel, 1 a second into one private chat, about 30 a second for the whole bot. An
 * album of N photos counts as N messages. `timeScale` shrinks every window for fast tests.
 */
export interface TelegramLimits {
  channelPerMinute: number;
  chatPerSecond: number;
  overallPerSecond: number;
  timeScale: number;
}

export const TELEGRAM_LIMITS: TelegramLimits = { channelPerMinute: 20, chatPerSecond: 1, overallPerSecond: 30, timeScale: 1 };

/** A held getUpdates is answered after this long at most, whatever its timeout (the bots ask 30 s): tests stay fast. */
const LONG_POLL_AT_MOST_MS = 2_000;

/** An update as getUpdates returns it: its id and one of its kinds (message, callback_query, ...). */
type Update = { update_id: number; [kind: string]: unknown };

/** Channels and groups have negative ids or are named by '@username'; private chats are users' positive ids. */
const isGroupOrChannel = (chatId: string) => chatId.startsWith('@') || chatId.startsWith('-');

/**
 * A fake Telegram Bot API (https://core.telegram.org/bots/api): `{ ok, result }` answers,
 * `{ ok: false, error_code, description, parameters }` errors, message ids counting up. It
 * enforces the flood limits with moving windows per chat and for the bot, answering 429 with
 * `retry_after` (whole seconds until the window frees); a chat that floods again before then
 * waits twice as long. A user who blocked the bot answers 403. setWebhook keeps its
 * secret_token. A caption over 1024 characters, an inline button's callback_data over 64 bytes, a
 * button without a text or one action, and a Mini App (button or setChatMenuButton) not on HTTPS
 * are refused (400), as is answering a callback query that was never sent or was answered already.
 * A photo by URL must be a JPEG or a PNG (judged by the URL's extension; Telegram reads the
 * content's type): a WebP is refused as Telegram refuses a type it does not take as a photo.
 * Tests push updates (messages, button presses) for getUpdates and read what the bot sent.
 *
 * getUpdates as Telegram answers it (core.telegram.org/bots/api#getupdates): an update is given
 * again until a later call's `offset` passes its update_id, at most `limit` (1-100) at a time; a
 * call with a `timeout` is held until an update arrives or the timeout passes (at most
 * LONG_POLL_AT_MOST_MS here); a second call while one is held answers 409 to the held one, as does
 * any call while a webhook is set.
 */
export async function startFakeTelegram(botUsername = 'telefon_bozor_test_bot', limits: Partial<TelegramLimits> = {}) {
  const { channelPerMinute, chatPerSecond, overallPerSecond, timeScale } = { ...TELEGRAM_LIMITS, ...limits };
  let nextMessageId = 100;
  let nextUpdateId = 1;
  /** Updates not yet confirmed by a getUpdates whose offset passed their update_id, oldest first. */
  const unconfirmed: Update[] = [];
  /** The getUpdates held open for an update, if any. */
  let heldPoll: { answer(): void; conflict(): void } | undefined;
  const blockedBy = new Set<string>();
  let nextCallbackQueryId = 1;
  /** Button presses sent to the bot and not answered yet. */
  const unansweredCallbackQueries = new Set<string>();
  const windows = new Map<string, MovingWindow>();
  const overall = new MovingWindow(overallPerSecond, 1000 * timeScale);
  const penalties = new Map<string, { until: number; seconds: number }>();
  let webhook: { url: string; secretToken?: string } | undefined;
  let menuButton: MenuButton = { type: 'default' };

  function windowOf(chatId: string): MovingWindow {
    let window = windows.get(chatId);
    if (!window) {
      window = isGroupOrChannel(chatId) ? new MovingWindow(channelPerMinute, 60_000 * timeScale) : new MovingWindow(chatPerSecond, 1000 * timeScale);
      windows.set(chatId, window);
    }
    return window;
  }

  /** Counts `count` messages into the chat, or answers the 429 Telegram would. */
  function flood(chatId: string, count: number) {
    const now = Date.now();
    const penalty = penalties.get(chatId);
    if (penalty && penalty.until > now) {
      // Flooding on after a 429 lengthens the wait.
      const seconds = penalty.seconds * 2;
      penalties.set(chatId, { until: now + seconds * 1000 * timeScale, seconds });
      return tooManyRequests(seconds);
    }
    const waitMs = Math.max(windowOf(chatId).waitFor(count, now), overall.waitFor(count, now));
    if (waitMs > 0) {
      const seconds = Math.max(1, Math.ceil(waitMs / 1000 / timeScale));
      penalties.set(chatId, { until: now + waitMs, seconds });
      return tooManyRequests(seconds);
    }
    windowOf(chatId).record(count, now);
    overall.record(count, now);
    return undefined;
  }

  const message = (chatId: unknown, extra: object = {}) => ({
    message_id: nextMessageId++,
    date: Math.floor(Date.now() / 1000),
    chat: { id: chatId, type: isGroupOrChannel(String(chatId)) ? 'channel' : 'private' },
    ...extra,
  });

  async function getUpdates(body: Record<string, unknown>, gone: AbortSignal): Promise<FakeAnswer> {
    if (webhook) return conflict("can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first");
    // Telegram ends the held call even when its poller is going away (a bot stopping aborts it and asks again at once): no one reads that 409.
    heldPoll?.conflict();
    const offset = Number(body.offset ?? 0);
    while (unconfirmed.length && unconfirmed[0].update_id < offset) unconfirmed.shift();
    const limit = Math.min(Math.max(Number(body.limit ?? 100), 1), 100);
    const updates = () => ({ body: { ok: true, result: unconfirmed.slice(0, limit) } });
    const holdMs = Math.min(Number(body.timeout ?? 0) * 1000, LONG_POLL_AT_MOST_MS);
    if (unconfirmed.length || holdMs <= 0) return updates();
    return new Promise<FakeAnswer>((resolve) => {
      const poll = {
        answer: () => end(updates()),
        conflict: () => end(conflict('terminated by other getUpdates request; make sure that only one bot instance is running')),
      };
      const timer = setTimeout(poll.answer, holdMs);
      // A poller that went away (a bot stopping aborts its call) is no longer held: the next call conflicts with nothing.
      gone.addEventListener('abort', poll.answer);
      function end(answer: FakeAnswer) {
        clearTimeout(timer);
        gone.removeEventListener('abort', poll.answer);
        if (heldPoll === poll) heldPoll = undefined;
        resolve(answer);
      }
      heldPoll = poll;
    });
  }

  /** Telegram keeps the update for getUpdates; a held call receives it at once. */
  function deliver(update: Update): void {
    unconfirmed.push(update);
    heldPoll?.answer();
  }

  const fake = await startHttpFake((call, _url, gone) => {
    const method = call.path.split('/').pop();
    const chatId = String(call.body.chat_id ?? '');
    if (['sendMessage', 'sendPhoto', 'sendMediaGroup'].includes(method ?? '') && blockedBy.has(chatId)) {
      return { status: 403, body: { ok: false, error_code: 403, description: 'Forbidden: bot was blocked by the user' } };
    }
    switch (method) {
      case 'getMe':
        return { body: { ok: true, result: { id: 4242, is_bot: true, first_name: 'Telefon bozor', username: botUsername } } };
      case 'sendMediaGroup': {
        const media = (typeof call.body.media === 'string' ? JSON.parse(call.body.media) : call.body.media) as Array<{ media?: unknown }>;
        if (media.length < 2 || media.length > 10) {
          return badRequest('media must include 2-10 items');
        }
        if (!media.every((item) => photoTypeAccepted(item.media))) return badRequest(WRONG_PHOTO_TYPE);
        const refused = flood(chatId, media.length);
        if (refused) return refused;
        return { body: { ok: true, result: media.map(() => message(call.body.chat_id)) } };
      }
      case 'sendPhoto':
      case 'sendMessage': {
        if (method === 'sendPhoto' && visibleLength(call.body.caption, call.body.parse_mode) > CAPTION_LIMIT) return badRequest('message caption is too long');
        if (method === 'sendPhoto' && !photoTypeAccepted(call.body.photo)) return badRequest(WRONG_PHOTO_TYPE);
        if (!buttonsValid(call.body.reply_markup)) return badRequest('BUTTON_DATA_INVALID');
        const refused = flood(chatId, 1);
        if (refused) return refused;
        const extra = method === 'sendMessage' ? { text: call.body.text } : { caption: call.body.caption, photo: [] };
        return { body: { ok: true, result: message(call.body.chat_id, extra) } };
      }
      case 'answerCallbackQuery':
        if (!unansweredCallbackQueries.delete(String(call.body.callback_query_id))) {
          return badRequest('query is too old and response timeout expired or query ID is invalid');
        }
        return { body: { ok: true, result: true } };
      case 'getUpdates':
        return getUpdates(call.body, gone);
      case 'setWebhook':
        webhook = { url: String(call.body.url), secretToken: call.body.secret_token === undefined ? undefined : String(call.body.secret_token) };
        return { body: { ok: true, result: true } };
      case 'deleteWebhook':
        webhook = undefined;
        return { body: { ok: true, result: true } };
      case 'setMyCommands':
        return { body: { ok: true, result: true } };
      case 'setChatMenuButton': {
        const button = (typeof call.body.menu_button === 'string' ? JSON.parse(call.body.menu_button) : (call.body.menu_button ?? { type: 'default' })) as MenuButton;
        const refusal = menuButtonRefusal(button);
        if (refusal) return badRequest(refusal);
        menuButton = button;
        return { body: { ok: true, result: true } };
      }
      default:
        return { status: 404, body: { ok: false, error_code: 404, description: `Not Found: method ${method}` } };
    }
  });

  /** The Telegram username of the user in private chat `chatId`, as every message of theirs carries it. */
  const usernameOf = (chatId: number) => `tg_user_${chatId}`;

  function update(chatId: number, text: string, replyTo?: number) {
    return {
      update_id: nextUpdateId++,
      message: {
        message_id: nextMessageId++,
        date: Math.floor(Date.now() / 1000),
        chat: { id: chatId, type: 'private' },
        from: { id: chatId, is_bot: false, first_name: 'Seller', username: usernameOf(chatId) },
        text,
        ...(replyTo !== undefined && { reply_to_message: { message_id: replyTo, date: Math.floor(Date.now() / 1000), chat: { id: chatId, type: 'private' } } }),
        // Telegram marks a leading /command as an entity; bots recognise commands by it.
        ...(text.startsWith('/') && { entities: [{ type: 'bot_command', offset: 0, length: text.split(' ')[0].length }] }),
      },
    };
  }

  /** A press of the inline button with `data` under message `messageId` in a private chat; its query waits for the bot's answer. */
  function callbackQuery(chatId: number, data: string, messageId: number) {
    const id = String(nextCallbackQueryId++);
    unansweredCallbackQueries.add(id);
    return {
      update_id: nextUpdateId++,
      callback_query: {
        id,
        from: { id: chatId, is_bot: false, first_name: 'Buyer' },
        message: { message_id: messageId, date: Math.floor(Date.now() / 1000), chat: { id: chatId, type: 'private' } },
        chat_instance: String(chatId),
        data,
      },
    };
  }

  /** Posts an update to the webhook as Telegram does: with the secret_token header, as set. */
  async function postToWebhook(body: object, secretToken: string | undefined): Promise<number> {
    const response = await fetch(webhook!.url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(secretToken !== undefined && { 'X-Telegram-Bot-Api-Secret-Token': secretToken }) },
      body: JSON.stringify(body),
    });
    return response.status;
  }

  return {
    ...fake,
    botUsername,
    usernameOf,
    /** The calls of one Bot API method, e.g. 'sendMediaGroup'. */
    callsOf: (method: string) => fake.calls.filter((call) => call.path.endsWith(`/${method}`)),
    /** A private message from a user, delivered on the bot's next getUpdates; `replyTo` answers the bot's message of that id. */
    pushMessage(chatId: number, text: string, replyTo?: number): void {
      deliver(update(chatId, text, replyTo));
    },
    /** A message in a group the bot was added to (a negative chat id), from one of its members. */
    pushGroupMessage(groupId: number, text: string): void {
      const { message } = update(groupId, text);
      deliver({ update_id: nextUpdateId++, message: { ...message, chat: { id: groupId, type: 'group', title: 'Telefonlar guruhi' }, from: { ...message.from, id: 700001 } } });
    },
    /** A service message in a private chat, e.g. `{ write_access_allowed: { web_app_name: 'market' } }` after a Mini App asked to write. */
    pushServiceMessage(chatId: number, service: Record<string, unknown>): void {
      const { message } = update(chatId, '');
      const { text: _text, ...withoutText } = message;
      deliver({ update_id: nextUpdateId++, message: { ...withoutText, ...service } });
    },
    /** A photo sent in a private chat (its sizes as Telegram lists them, a caption that is not `text`), replying as pushMessage does. */
    pushPhoto(chatId: number, caption: string, replyTo?: number): void {
      const { message } = update(chatId, '', replyTo);
      const { text: _text, ...withoutText } = message;
      const sizes = [90, 320, 800].map((side, index) => ({ file_id: `photo-${message.message_id}-${index}`, file_unique_id: `p${message.message_id}${index}`, width: side, height: side }));
      deliver({ update_id: nextUpdateId++, message: { ...withoutText, photo: sizes, caption } });
    },
    /** A user presses an inline button with this callback_data under a message in their chat; answers the callback query's id. */
    pushCallbackQuery(chatId: number, data: string, messageId = nextMessageId - 1): string {
      const update = callbackQuery(chatId, data, messageId);
      deliver(update);
      return update.callback_query.id;
    },
    /**
     * A user shares a contact in their chat with the bot, as a Mini App's requestContact does with
     * their own (`userId` omitted: the sender's); another id is someone else's contact card.
     */
    pushContact(chatId: number, phoneNumber: string, userId: number | undefined = chatId): void {
      deliver({
        update_id: nextUpdateId++,
        message: {
          message_id: nextMessageId++,
          date: Math.floor(Date.now() / 1000),
          chat: { id: chatId, type: 'private' },
          from: { id: chatId, is_bot: false, first_name: 'Buyer', language_code: 'uz' },
          contact: { phone_number: phoneNumber, first_name: 'Buyer', ...(userId !== undefined && { user_id: userId }) },
        },
      });
    },
    /** The bot's menu button, as setChatMenuButton (for all chats) last set it. */
    menuButton: () => menuButton,
    /** The webhook setWebhook set, with its secret_token. */
    webhook: () => webhook,
    /** A message from a user as Telegram delivers it to the webhook: with the secret_token header, as set. */
    deliverToWebhook(chatId: number, text: string, secretToken = webhook?.secretToken): Promise<number> {
      return postToWebhook(update(chatId, text), secretToken);
    },
    /** A press of an inline button as Telegram delivers it to the webhook, as pushCallbackQuery does by polling. */
    pressOnWebhook(chatId: number, data: string, secretToken = webhook?.secretToken): Promise<number> {
      return postToWebhook(callbackQuery(chatId, data, nextMessageId - 1), secretToken);
    },
    /** The user blocked the bot: messages to the chat answer 403 from now on. */
    blockBot(chatId: number | string): void {
      blockedBy.add(String(chatId));
    },
    /** Messages that reached the chat (albums counted per item), each with its arrival time. */
    deliveredTo(chatId: string): Array<{ at: number; count: number }> {
      return fake.calls
        .filter((call) => String(call.body.chat_id) === chatId && call.answer?.status === 200)
        .map((call) => {
          const result = (call.answer!.body as { result: unknown }).result;
          return { at: call.receivedAt, count: Array.isArray(result) ? result.length : 1 };
        });
    },
    tooManyRequests,
  };
}

/**
 * Telegram fetches a photo sent by URL and needs 'the correct MIME type' (core.telegram.org/bots/api,
 * Sending files); the photo formats it documents are JPEG and PNG. A file_id or an upload is not judged.
 */
const WRONG_PHOTO_TYPE = 'wrong type of the web page content';

function photoTypeAccepted(photo: unknown): boolean {
  if (typeof photo !== 'string' || !/^https?:\/\//.test(photo)) return true;
  return /\.(jpe?g|png)$/i.test(new URL(photo).pathname);
}

/** Characters a photo's caption may hold; bytes an inline button's callback_data may hold. */
const CAPTION_LIMIT = 1024;
const CALLBACK_DATA_LIMIT = 64;

/** What the bot's menu button does: the default, its command list, or opening a Mini App. */
type MenuButton = { type: 'default' } | { type: 'commands' } | { type: 'web_app'; text: string; web_app: { url: string } };

/** Telegram opens only HTTPS pages as Mini Apps (core.telegram.org/bots/webapps). */
const isHttps = (url: unknown) => typeof url === 'string' && url.startsWith('https://') && URL.canParse(url);

function menuButtonRefusal(button: MenuButton): string | undefined {
  if (button.type === 'default' || button.type === 'commands') return undefined;
  if (button.type !== 'web_app') return 'unsupported menu button type';
  if (!button.text) return 'menu button text is empty';
  return isHttps(button.web_app?.url) ? undefined : 'WEB_APP_URL_INVALID: only HTTPS links are allowed';
}

interface InlineButton {
  text?: string;
  callback_data?: string;
  url?: string;
  web_app?: { url?: string };
}

/**
 * Every inline button has a text and one action: callback_data of 1-64 bytes, an http(s) or tg://
 * URL, or a Mini App's HTTPS page (reply_markup arrives as JSON, or as a JSON string in a multipart form).
 */
function buttonsValid(replyMarkup: unknown): boolean {
  if (replyMarkup === undefined) return true;
  const markup = (typeof replyMarkup === 'string' ? JSON.parse(replyMarkup) : replyMarkup) as { inline_keyboard?: InlineButton[][] };
  return (markup.inline_keyboard ?? []).flat().every((button) => {
    const actions = [button.callback_data, button.url, button.web_app].filter((action) => action !== undefined);
    if (!button.text || actions.length !== 1) return false;
    if (button.url !== undefined) return /^(https?|tg):\/\//.test(button.url) && URL.canParse(button.url);
    if (button.web_app !== undefined) return isHttps(button.web_app.url);
    const bytes = Buffer.byteLength(button.callback_data!);
    return bytes >= 1 && bytes <= CALLBACK_DATA_LIMIT;
  });
}

/** Telegram counts a caption's characters after parsing its entities: an HTML caption's tags do not count. */
function visibleLength(caption: unknown, parseMode: unknown): number {
  const text = String(caption ?? '');
  return (parseMode === 'HTML' ? text.replace(/<[^>]*>/g, '').replace(/&(lt|gt|amp|quot|#\d+);/g, '_') : text).length;
}

function badRequest(description: string) {
  return { status: 400, body: { ok: false, error_code: 400, description: `Bad Request: ${description}` } };
}

function conflict(description: string) {
  return { status: 409, body: { ok: false, error_code: 409, description: `Conflict: ${description}` } };
}

function tooManyRequests(retryAfterSeconds: number) {
  return {
    status: 429,
    body: { ok: false, error_code: 429, description: `Too Many Requests: retry after ${retryAfterSeconds}`, parameters: { retry_after: retryAfterSeconds } },
  };
}
