import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { insertListing } from '../../test/support/listings';
import { ListingCountersService } from '../src/browse/listing-counters.service';
import { startedApp } from '../../test/support/app';
import { signedInUser } from './auth.support';

/** Phone numbers of this file: 99877107xxxx. */
const phone = (n: number) => `99877107${String(n).padStart(4, '0')}`;

describe('where a request comes from', () => {
  describe('without a configured proxy (TRUST_PROXY unset, the default)', () => {
    let app: INestApplication;
    beforeAll(async () => {
      app = await startedApp({ TRUST_PROXY: '' });
    });
    afterAll(() => app.close());

    it('believes no X-Forwarded-For: a visitor cannot escape a per-address limit by forging one', async () => {
      const seller = await signedInUser(app, phone(1));
      const id = await insertListing(app.get(DataSource), { authorId: seller.id, status: 'active' });
      const reveal = (n: number) => request(app.getHttpServer()).get(`/api/phone/${id}/contact`).set('X-Forwarded-For', `198.51.100.${n}`);
      for (let n = 0; n < 30; n++) await reveal(n).expect(200);
      expect((await reveal(30).expect(429)).body.code).toBe('tooManyRequests');
    });

    it('counts a view once per real address, whatever X-Forwarded-For says', async () => {
      const seller = await signedInUser(app, phone(2));
      const id = await insertListing(app.get(DataSource), { authorId: seller.id, status: 'active' });
      for (const forged of ['203.0.113.1', '203.0.113.2', '203.0.113.3']) {
        await request(app.getHttpServer()).get(`/api/phone/${id}`).set('X-Forwarded-For', forged).expect(200);
      }
      await app.get(ListingCountersService).writeCountsNow();
      const [{ views }] = await app.get(DataSource).query(`SELECT views FROM listing_counter WHERE listing_id = $1`, [id]);
      expect(views).toBe(1);
    });
  });

  it('counts an IPv6 visitor by the /48: fresh addresses and /64s of one site share the limit', async () => {
    const behindProxy = await startedApp({ TRUST_PROXY: 'loopback' });
    try {
      const seller = await signedInUser(behindProxy, phone(3));
      const id = await insertListing(behindProxy.get(DataSource), { authorId: seller.id, status: 'active' });
      const reveal = (address: string) =>
        request(behindProxy.getHttpServer()).get(`/api/phone/${id}/contact`).set('X-Forwarded-For', address);
      // A tunnel broker hands anyone a /48 for free: 65,536 /64s.
      for (let n = 1; n <= 30; n++) await reveal(`2001:db8:77:${n.toString(16)}::${n.toString(16)}`).expect(200);
      await reveal('2001:db8:77:ffff::31').expect(429);
      await reveal('2001:db8:78::1').expect(200);
    } finally {
      await behindProxy.close();
    }
  });

  describe("a state-changing request is judged by the browser's own signals", () => {
    let app: INestApplication;
    // Nothing says where the site is served: the check must work on any port and address.
    beforeAll(async () => {
      app = await startedApp({ PORT: '4000', CORS_ORIGINS: 'https://partner.example' });
    });
    afterAll(() => app.close());

    /** POST to a route that exists only for GET: 404 when the request passes the check, 403 when it does not. */
    const post = (headers: Record<string, string>) => {
      let call = request(app.getHttpServer()).post('/api/health').send({});
      for (const [name, value] of Object.entries(headers)) call = call.set(name, value);
      return call;
    };

    it('lets a page of the site sign in however the site is reached: another port, 127.0.0.1, a phone on the LAN', async () => {
      for (const host of ['localhost:4000', '127.0.0.1:3000', '192.168.1.20:3000', 'telefonbozor.uz']) {
        await post({ Host: host, Origin: `http://${host}` }).expect(404);
        await post({ Host: host, Origin: `http://${host}`, 'Sec-Fetch-Site': 'same-origin' }).expect(404);
      }
    });

    it('refuses what a browser says came from another site, even when its Origin is forged to look local', async () => {
      const foreign: Record<string, string>[] = [
        { Host: 'localhost:4000', Origin: 'https://evil.example' },
        { Host: 'localhost:4000', Origin: 'null' },
        { Host: 'localhost:4000', Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' },
        { Host: 'localhost:4000', 'Sec-Fetch-Site': 'cross-site' },
        { Host: 'telefonbozor.uz', Origin: 'https://blog.telefonbozor.uz', 'Sec-Fetch-Site': 'same-site' },
      ];
      for (const headers of foreign) {
        expect((await post(headers).expect(403)).body.code).toBe('foreignOrigin');
      }
    });

    it('lets configured origins in from other sites, and requests from no browser at all', async () => {
      await post({ Host: 'localhost:4000', Origin: 'https://partner.example', 'Sec-Fetch-Site': 'cross-site' }).expect(404);
      await post({ Host: 'localhost:4000', Origin: 'http://localhost:4000', 'Sec-Fetch-Site': 'cross-site' }).expect(404);
      await post({ Host: 'localhost:4000' }).expect(404);
    });
  });
});
