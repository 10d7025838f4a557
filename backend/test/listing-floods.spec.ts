import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { burst, countStatuses } from '../../test/support/burst';
import { listingsApp, signedInUser, testBrand, uploadPhotos, wizardPayload, type TestDevice } from './listings-support';

/** Phone numbers of this file: 99877196xxxx. */
const phone = (n: number) => `99877196${String(n).padStart(4, '0')}`;

describe('new listings a day per account (issue 35)', () => {
  let app: INestApplication;
  let device: TestDevice;
  const server = () => app.getHttpServer();

  beforeAll(async () => {
    // The caps as deployed (the other test files raise them).
    app = await listingsApp({ LISTINGS_PER_DAY: '20', LISTINGS_PER_DAY_NEW_ACCOUNT: '5' });
    device = (await testBrand(app, 'Toshqin')).phone;
  });
  afterAll(() => app.close());

  /** `count` wizard payloads of the seller's, each with a photo of its own. */
  async function payloads(seller: { cookie: string }, count: number): Promise<Record<string, unknown>[]> {
    const photos: string[] = [];
    while (photos.length < count) photos.push(...(await uploadPhotos(app, seller.cookie, Math.min(8, count - photos.length))));
    return photos.map((photo) => wizardPayload(device, [photo]));
  }
  const post = (seller: { cookie: string }, payload: Record<string, unknown>) => request(server()).post('/api/phone').set('Cookie', seller.cookie).send(payload);

  it('lets an account younger than a week post 5 listings a day, refusing the next with the time to wait', async () => {
    const seller = await signedInUser(app, phone(1));
    const [sixth, ...five] = await payloads(seller, 6);
    for (const payload of five) await post(seller, payload).expect(201);
    const refused = await post(seller, sixth).expect(429);
    expect(refused.body.retryAfterSeconds).toBeGreaterThan(0);
  });

  it('holds the cap under a burst: 12 posts at once from a new account, 5 taken; 26 from an older one, 20 taken', async () => {
    const young = await signedInUser(app, phone(2));
    const youngPosts = await payloads(young, 12);
    expect(countStatuses(await burst(12, (n) => post(young, youngPosts[n])))).toEqual({ 201: 5, 429: 7 });

    const older = await signedInUser(app, phone(3));
    await app.get(DataSource).query(`UPDATE users SET created_at = now() - interval '30 days' WHERE id = $1`, [older.id]);
    const olderPosts = await payloads(older, 26);
    expect(countStatuses(await burst(26, (n) => post(older, olderPosts[n])))).toEqual({ 201: 20, 429: 6 });
  });

  it('counts a posting once: sent again with its wizard id, or refused, it takes nothing of the day', async () => {
    const seller = await signedInUser(app, phone(4));
    const [resent, ...others] = await payloads(seller, 6);
    const wizardId = randomUUID();
    const first = await post(seller, { ...resent, draftId: wizardId }).expect(201);
    // Its answer lost, the wizard sends it again: the same listing, answered as it stands.
    for (let time = 0; time < 3; time++) expect((await post(seller, { ...resent, draftId: wizardId }).expect(201)).body._id).toBe(first.body._id);
    // A phone the catalogue does not have is refused after the cap was counted.
    await post(seller, { ...others[0], device: randomUUID() }).expect((answer) => expect(answer.status).toBeGreaterThanOrEqual(400));

    const [fifth, sixth] = [others[3], others[4]];
    for (const payload of others.slice(0, 3)) await post(seller, payload).expect(201);
    await post(seller, fifth).expect(201);
    await post(seller, sixth).expect(429);
  });
});
