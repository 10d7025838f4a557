import request from 'supertest';
import { burst, countStatuses } from '../../test/support/burst';
import { approve, listingsApp, listingsAppForThisFile, signedInUser, testBrand, uploadPhotos, wizardPayload, type TestDevice } from './listings-support';

/** Phone numbers of this file: 99877194xxxx. */
const phone = (n: number) => `99877194${String(n).padStart(4, '0')}`;

describe('checks on every change of a listing on sale (issue 35)', () => {
  const site = listingsAppForThisFile();
  const { http } = site;
  let seller: { id: string; cookie: string };
  let brand: { id: string; name: string; phone: TestDevice };
  let otherBrand: { id: string; name: string; phone: TestDevice };

  beforeAll(async () => {
    seller = await signedInUser(site.app, phone(1));
    brand = await testBrand(site.app, 'Tahrir');
    otherBrand = await testBrand(site.app, 'Tahrir2');
    // Only the shipped wording: listing-checks.spec, run before in the same database, bans 'tolov'.
    await site.dataSource.query(`DELETE FROM banned_word`);
  });

  /** A listing approved and on sale, with the payload it was posted with. */
  async function onSale(overrides: Record<string, unknown> = {}): Promise<{ id: string; payload: Record<string, unknown> }> {
    const payload = wizardPayload(brand.phone, await uploadPhotos(site.app, seller.cookie, 1), overrides);
    const { body } = await http().post('/api/phone').set('Cookie', seller.cookie).send(payload).expect(201);
    await approve(site.app, body._id);
    return { id: body._id, payload };
  }
  const edit = (id: string, payload: Record<string, unknown>) => http().put(`/api/phone/${id}`).set('Cookie', seller.cookie).send(payload).expect(200);
  const findings = async (id: string) => ((await site.dataSource.query(`SELECT checks FROM listing_check WHERE listing_id = $1`, [id]))[0]?.checks ?? []) as { kind: string }[];

  it('keeps on sale an edit of the price or description that the checks find nothing in', async () => {
    const { id, payload } = await onSale();
    const saved = await edit(id, { ...payload, price: '4 300 000', description: "Qutisi va zaryadkasi bor, karta orqali to'lov ham mumkin" });
    expect(saved.body).toMatchObject({ status: 'active', message: { uz: "O'zgarishlar saqlandi, e'lon sotuvda qoldi" } });
  });

  it('sends back to review a description given a card number after approval, telling the seller why', async () => {
    const { id, payload } = await onSale();
    const saved = await edit(id, { ...payload, description: 'Oldindan tashlang: 8600 1234 5678 9012' });
    expect(saved.body).toMatchObject({
      status: 'waiting',
      message: { uz: "O'zgarishlar saqlandi, e'lon qayta tekshiruvga yuborildi: matnda karta raqami bor" },
    });
    expect((await findings(id)).map((finding) => finding.kind)).toContain('cardNumber');
    await http().get(`/api/phone/${id}`).expect(404);
  });

  it('sends back to review contacts in the text and a new contact name or Telegram username', async () => {
    const inText = await onSale();
    expect((await edit(inText.id, { ...inText.payload, description: 'Yozing t.me/arzon_telefonlar' })).body.status).toBe('waiting');
    const renamed = await onSale();
    expect((await edit(renamed.id, { ...renamed.payload, authorName: 'Boshqa odam' })).body.status).toBe('waiting');
    const telegram = await onSale();
    expect((await edit(telegram.id, { ...telegram.payload, telegramUsername: '@yangi_akkaunt' })).body.status).toBe('waiting');
  });

  it("keeps on sale a listing without a contact name edited with the account's name the wizard fills in", async () => {
    await site.dataSource.query(`UPDATE users SET name = 'Sardor Aliyev' WHERE id = $1`, [seller.id]);
    const { id, payload } = await onSale({ authorName: '' });
    expect((await site.dataSource.query(`SELECT author_name FROM listing WHERE id = $1`, [id]))[0].author_name).toBeNull();
    expect((await edit(id, { ...payload, authorName: 'Sardor Aliyev', price: '4 400 000' })).body.status).toBe('active');
  });

  it("answers a burst of edits of one listing on a pool no larger than the burst, each checked on its own transaction's connection", async () => {
    // Each edit holds a connection while it waits for the listing's row; one that asked the pool for a second
    // connection for its checks waited for a pool the waiting edits held (503 after 3 s).
    const { id, payload } = await onSale();
    const small = await listingsApp({ DATABASE_POOL_SIZE: '3' });
    try {
      const answers = await burst(6, (index) =>
        request(small.getHttpServer()).put(`/api/phone/${id}`).set('Cookie', seller.cookie).send({ ...payload, price: `${4_000_000 + index * 10_000}` }),
      );
      expect(countStatuses(answers)).toEqual({ 200: 6 });
      expect(answers.map((answer) => answer.body.status)).toEqual(Array(6).fill('active'));
    } finally {
      await small.close();
    }
  });

  it('sends back to review a typed model whose brand changes (Tecno Spark 40 became Apple Spark 40)', async () => {
    const typed = { device: '', ram: null, storage: null, color: null, customModel: { brand: brand.id, name: 'Spark 40' } };
    const { id, payload } = await onSale(typed);
    const saved = await edit(id, { ...payload, customModel: { brand: otherBrand.id, name: 'Spark 40' } });
    expect(saved.body.status).toBe('waiting');
  });
});
