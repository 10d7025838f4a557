import { appForThisFile } from '../../../test/support/app';
import { createSignedInUser } from '../../../test/support/users';
import { SESSION_LIFETIME_MS, SessionService } from './session.service';

const DAY_MS = 24 * 3600 * 1000;

/** The service beside its rules: opaque tokens, stored only as hashes, with a sliding expiry renewed at most daily (real PostgreSQL). */
describe('SessionService', () => {
  const site = appForThisFile();
  let sessions: SessionService;

  /** Moves the session's expiry as if it had been started or last renewed `daysAgo` days ago. */
  const age = (token: string, daysAgo: number) =>
    site.dataSource.query(`UPDATE sessions SET expires_at = $2 WHERE token_hash = sha256(convert_to($1, 'UTF8'))`, [
      token,
      new Date(Date.now() + SESSION_LIFETIME_MS - daysAgo * DAY_MS),
    ]);

  beforeAll(() => {
    sessions = site.app.get(SessionService);
  });

  it('names the user and role of a fresh session, and keeps only the hash of its token', async () => {
    const user = await createSignedInUser(site.app, { role: 'admin' });
    const { token, expiresAt } = await sessions.start(user.id);
    expect(expiresAt.getTime()).toBeGreaterThan(Date.now() + SESSION_LIFETIME_MS - 60_000);
    expect(await sessions.resolve(token)).toEqual({ sessionId: expect.any(String), user: { id: user.id, role: 'admin' } });
    const [{ stored }] = await site.dataSource.query(`SELECT count(*)::int AS stored FROM sessions WHERE token_hash = convert_to($1, 'UTF8')`, [token]);
    expect(stored).toBe(0);
  });

  it('extends a session used a day after its last renewal, not before', async () => {
    const user = await createSignedInUser(site.app);
    const { token } = await sessions.start(user.id);
    await age(token, 0.5);
    expect((await sessions.resolve(token))?.renewedUntil).toBeUndefined();
    await age(token, 2);
    const renewed = await sessions.resolve(token);
    expect(renewed?.renewedUntil!.getTime()).toBeGreaterThan(Date.now() + SESSION_LIFETIME_MS - 60_000);
    expect((await sessions.resolve(token))?.renewedUntil).toBeUndefined();
  });

  it('answers nothing for an expired, ended or unknown token', async () => {
    const user = await createSignedInUser(site.app);
    const expired = await sessions.start(user.id);
    await age(expired.token, 31);
    expect(await sessions.resolve(expired.token)).toBeNull();
    const ended = await sessions.start(user.id);
    await sessions.end(ended.token);
    expect(await sessions.resolve(ended.token)).toBeNull();
    expect(await sessions.resolve('not-a-token')).toBeNull();
  });

  it("sweeps the user's expired sessions at each sign-in", async () => {
    const user = await createSignedInUser(site.app);
    const old = await sessions.start(user.id);
    await age(old.token, 31);
    await sessions.start(user.id);
    const [{ expired }] = await site.dataSource.query(`SELECT count(*)::int AS expired FROM sessions WHERE user_id = $1 AND expires_at <= now()`, [user.id]);
    expect(expired).toBe(0);
  });

  it('signs the user out everywhere but the session it keeps', async () => {
    const user = await createSignedInUser(site.app);
    const kept = await sessions.start(user.id);
    const other = await sessions.start(user.id);
    await site.dataSource.transaction((transaction) => sessions.endAll(transaction, user.id, kept.token));
    expect(await sessions.resolve(other.token)).toBeNull();
    expect(await sessions.resolve(kept.token)).not.toBeNull();
    await site.dataSource.transaction((transaction) => sessions.endAll(transaction, user.id));
    expect(await sessions.resolve(kept.token)).toBeNull();
  });
});
