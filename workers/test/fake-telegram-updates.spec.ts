import { startFakeTelegram } from '../../test/fakes/telegram-bot-api';

/**
 * The fake Telegram's getUpdates as core.telegram.org/bots/api#getupdates describes it: the bot's
 * polling, its restarts and several workers sharing one bot are tested against it, so it must
 * keep, hold and refuse updates as Telegram does.
 */
describe("the fake Telegram's getUpdates", () => {
  let telegram: Awaited<ReturnType<typeof startFakeTelegram>>;

  beforeEach(async () => {
    telegram = await startFakeTelegram();
  });
  afterEach(() => telegram.close());

  const getUpdates = async (parameters: { offset?: number; limit?: number; timeout?: number } = {}) => {
    const response = await fetch(`${telegram.url}/bot4242:TEST/getUpdates`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(parameters),
    });
    return { status: response.status, body: (await response.json()) as { ok: boolean; result?: Array<{ update_id: number }>; description?: string } };
  };
  const updateIds = (answer: Awaited<ReturnType<typeof getUpdates>>) => answer.body.result!.map((update) => update.update_id);

  it('returns an update again until a later call confirms it with an offset above its update_id', async () => {
    telegram.pushMessage(1001, 'salom');
    telegram.pushMessage(1001, 'bormisiz?');
    const first = updateIds(await getUpdates());
    expect(first).toHaveLength(2);
    // The poller died before its next call: the next one receives the same updates.
    expect(updateIds(await getUpdates())).toEqual(first);
    expect(updateIds(await getUpdates({ offset: first[0] + 1 }))).toEqual([first[1]]);
    expect(updateIds(await getUpdates({ offset: first[1] + 1 }))).toEqual([]);
    expect(updateIds(await getUpdates())).toEqual([]);
  });

  it('returns at most `limit` updates, the oldest first', async () => {
    for (const text of ['bir', 'ikki', 'uch']) telegram.pushMessage(1002, text);
    const two = updateIds(await getUpdates({ limit: 2 }));
    expect(two).toHaveLength(2);
    expect(updateIds(await getUpdates({ offset: two[1] + 1, limit: 2 }))).toHaveLength(1);
  });

  it('holds a call with a timeout until an update arrives, and answers none when the timeout passes first', async () => {
    const started = Date.now();
    const held = getUpdates({ timeout: 30 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    telegram.pushMessage(1003, 'keldim');
    expect(updateIds(await held)).toHaveLength(1);
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);

    const empty = Date.now();
    expect(updateIds(await getUpdates({ offset: 1_000, timeout: 1 }))).toEqual([]);
    expect(Date.now() - empty).toBeGreaterThanOrEqual(900);
  });

  it('answers 409 to a held call when another getUpdates arrives, and serves the newer one', async () => {
    const earlier = getUpdates({ timeout: 30 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    const later = getUpdates({ timeout: 30 });
    expect(await earlier).toEqual({
      status: 409,
      body: { ok: false, error_code: 409, description: 'Conflict: terminated by other getUpdates request; make sure that only one bot instance is running' },
    });
    telegram.pushMessage(1004, 'kim bor?');
    expect(updateIds(await later)).toHaveLength(1);
  });

  it('forgets a held call whose poller went away (a bot stopping): the next call conflicts with nothing', async () => {
    const stopping = new AbortController();
    const abandoned = fetch(`${telegram.url}/bot4242:TEST/getUpdates`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"timeout":30}', signal: stopping.signal });
    await new Promise((resolve) => setTimeout(resolve, 200));
    stopping.abort();
    await expect(abandoned).rejects.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await getUpdates({ limit: 1 })).status).toBe(200);
    expect(telegram.callsOf('getUpdates').filter((call) => call.answer?.status === 409)).toEqual([]);
  });

  it('refuses getUpdates while a webhook is set, until deleteWebhook', async () => {
    await fetch(`${telegram.url}/bot4242:TEST/setWebhook`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ url: 'https://telefonbozor.example/telegram/' }) });
    expect(await getUpdates()).toEqual({
      status: 409,
      body: { ok: false, error_code: 409, description: "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first" },
    });
    await fetch(`${telegram.url}/bot4242:TEST/deleteWebhook`, { method: 'POST' });
    expect((await getUpdates()).status).toBe(200);
  });
});
