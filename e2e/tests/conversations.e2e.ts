import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { TEST_ADMIN_PHONES } from '../support/admins';
import { expect, test } from '../support/fixtures';
import type { E2eListings, SeededDevice } from '../support/listings';
import { onEachScreen } from '../support/screens';
import { layoutWidth } from '../support/viewports';

/** A photo as a phone's gallery hands it over. */
function galleryPhoto(hue: number): Promise<Buffer> {
  return sharp({ create: { width: 640, height: 480, channels: 3, background: { r: hue, g: 120, b: 200 } } })
    .jpeg()
    .toBuffer();
}

/** Writes to a listing's seller as the listing page's button does; answers the conversation's id. */
async function writeToSeller(buyersPage: Page, listingId: string, text: string): Promise<string> {
  const opened = await buyersPage.request.post('/api/conversations', { data: { listingId, text } });
  expect(opened.status()).toBe(201);
  return ((await opened.json()) as { id: string }).id;
}

async function sendMessage(page: Page, conversationId: string, text: string): Promise<void> {
  expect((await page.request.post(`/api/conversations/${conversationId}/messages`, { data: { text } })).status()).toBe(201);
}

test.describe('buyer and seller talk on the platform', () => {
  const tag = Date.now().toString(36);
  let device: SeededDevice;

  test.beforeAll(async ({ listings }) => {
    const brand = await listings.createBrand(`Talkbrand ${tag}`);
    device = await listings.createDevice(brand, `Talkphone ${tag}`);
  });

  /** A listing on sale of the signed-in seller's account, named for its test. */
  async function listingOf(listings: E2eListings, seller: { phoneNumber: string }, name: string, price?: number) {
    return listings.createListing({ device, seller: await listings.sellerOf(seller.phoneNumber), name: `Talkphone ${tag} ${name}`, price });
  }

  onEachScreen((viewport, screen) => {
    test('the buyer writes from the listing page, the seller sees it arrive and answers with a photo and a card number, the buyer is warned', async ({
      seller,
      listings,
      buyer,
    }) => {
      const sellersPage = seller.page;
      // Connected, the composer sends on the live connection, not over HTTP.
      const postedMessages: string[] = [];
      sellersPage.on('request', (request) => {
        if (request.method() === 'POST' && /\/api\/conversations\/[^/]+\/messages$/.test(request.url())) postedMessages.push(request.url());
      });
      const listing = await listingOf(listings, seller, screen, 2_900_000);
      await sellersPage.goto('/');
      await expect(sellersPage.getByRole('link', { name: 'Xabarlar', exact: true })).toBeVisible();

      // The buyer: another person in another browser.
      const buyersPage = buyer.page;
      await buyersPage.goto(`/phone/${listing.id}`);
      await buyersPage.getByRole('button', { name: 'Sotuvchiga yozish' }).click();
      await buyersPage.getByRole('textbox', { name: 'Xabar' }).fill('Salom! Narxi oxirgimi?');
      await buyersPage.getByRole('button', { name: 'Yuborish' }).click();
      await expect(buyersPage).toHaveURL(/\/profile\/messages\/[0-9a-f-]{36}$/);
      await expect(buyersPage.getByTestId('message').filter({ hasText: 'Salom! Narxi oxirgimi?' })).toBeVisible();
      // The first message shows the platform's safety note.
      await expect(buyersPage.getByRole('note')).toContainText("Hech qachon oldindan pul to'lamang");

      // The seller's top bar counts it without a reload.
      const unread = sellersPage.getByRole('link', { name: "Xabarlar: 1 ta o'qilmagan" });
      await expect(unread).toBeVisible();
      await unread.click();
      const conversation = sellersPage.getByTestId('conversation').filter({ hasText: listing.name });
      await expect(conversation).toContainText('Salom! Narxi oxirgimi?');
      await conversation.click();
      await expect(sellersPage.getByTestId('message').filter({ hasText: 'Salom! Narxi oxirgimi?' })).toBeVisible();
      await expect(sellersPage.getByRole('link', { name: 'Xabarlar', exact: true })).toBeVisible();

      // The seller answers with a photo and a card number: sent as written.
      await sellersPage.getByLabel("Rasm qo'shish").setInputFiles({ name: 'box.jpg', mimeType: 'image/jpeg', buffer: await galleryPhoto(40) });
      await sellersPage.getByRole('textbox', { name: 'Xabar' }).fill('Oxirgi narx. Kartamga 8600 1234 5678 9012 tashlang');
      await sellersPage.getByRole('button', { name: 'Yuborish' }).click();
      const answer = sellersPage.getByTestId('message').filter({ hasText: 'Kartamga 8600 1234 5678 9012' });
      await expect(answer).toBeVisible();
      await expect(answer.getByRole('alert')).toHaveCount(0);
      expect(await layoutWidth(sellersPage)).toBeLessThanOrEqual(viewport.width);

      // The buyer reads it where they are, with the warning beside it and the photo; their own message reads 'O'qildi'.
      const received = buyersPage.getByTestId('message').filter({ hasText: 'Kartamga 8600 1234 5678 9012 tashlang' });
      await expect(received).toBeVisible();
      await expect(received.getByRole('alert')).toHaveText("⚠ Telefonni ko'rmasdan oldin pul o'tkazmang");
      await expect(received.getByRole('img', { name: 'Xabardagi rasm' })).toBeVisible();
      await expect(buyersPage.getByTestId('message').filter({ hasText: 'Salom! Narxi oxirgimi?' })).toContainText("O'qildi");

      // A photo back the other way, the composer in view above the phone's bottom edge.
      await buyersPage.getByLabel("Rasm qo'shish").setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: await galleryPhoto(200) });
      await buyersPage.getByRole('textbox', { name: 'Xabar' }).fill("Telefonni ko'rib to'layman");
      await expect(buyersPage.getByRole('button', { name: 'Yuborish' })).toBeInViewport();
      await buyersPage.getByRole('button', { name: 'Yuborish' }).click();
      const photoBack = sellersPage.getByTestId('message').filter({ hasText: "Telefonni ko'rib to'layman" });
      await expect(photoBack.getByRole('img', { name: 'Xabardagi rasm' })).toBeVisible();
      expect(await layoutWidth(buyersPage)).toBeLessThanOrEqual(viewport.width);

      // Asked for the bank's SMS code, the seller is told never to give it.
      await buyersPage.getByRole('textbox', { name: 'Xabar' }).fill("Pulni o'tkazdim, SMS kodni ayting");
      await buyersPage.getByRole('button', { name: 'Yuborish' }).click();
      const codeAsked = sellersPage.getByTestId('message').filter({ hasText: 'SMS kodni ayting' });
      await expect(codeAsked.getByRole('alert')).toHaveText("⚠ SMS kodni, karta muddati va CVV ni hech kimga aytmang: pul o'tkazish uchun ular kerak emas");
      expect(await layoutWidth(sellersPage)).toBeLessThanOrEqual(viewport.width);
      expect(postedMessages).toEqual([]);
    });
  });

  // A message sent while the page was loading, before its live connection was up, is there once the connection is.
  test('shows a message that came between the page loading and its live connection', async ({ seller, buyer, listings }) => {
    const listing = await listingOf(listings, seller, 'early', 2_500_000);
    const buyersPage = buyer.page;
    const conversationId = await writeToSeller(buyersPage, listing.id, 'Assalomu alaykum');

    // The seller's page loads the thread, but its live connection waits.
    let connect = () => {};
    const connectionHeld = new Promise<void>((resolve) => (connect = resolve));
    await seller.page.route(
      (url) => url.pathname.startsWith('/api/socket.io'),
      async (route) => {
        await connectionHeld;
        await route.fallback();
      },
    );
    await seller.page.goto(`/profile/messages/${conversationId}`);
    await expect(seller.page.getByTestId('message').filter({ hasText: 'Assalomu alaykum' })).toBeVisible();
    const sent = await buyersPage.request.post(`/api/conversations/${conversationId}/messages`, { data: { text: 'Hali sotuvdami?' } });
    expect(sent.status()).toBe(201);
    // Without its live connection the composer still sends, over HTTP.
    await seller.page.getByRole('textbox', { name: 'Xabar' }).fill('Ha, sotuvda');
    await seller.page.getByRole('button', { name: 'Yuborish' }).click();
    await expect(seller.page.getByTestId('message').filter({ hasText: 'Ha, sotuvda' })).toBeVisible();

    connect();
    await expect(seller.page.getByTestId('message').filter({ hasText: 'Hali sotuvdami?' })).toBeVisible();
  });

  onEachScreen((viewport, screen) => {
    test('loads older messages as the reader scrolls up, and keeps the composer and the latest message in view with the keyboard open', async ({
      seller,
      listings,
      buyer,
    }) => {
      const listing = await listingOf(listings, seller, `long ${screen}`);
      const buyersPage = buyer.page;
      // More than a page (30) of messages, within each side's 20 a minute.
      const label = (n: number) => `Xabar ${String(n).padStart(2, '0')}`;
      const conversationId = await writeToSeller(buyersPage, listing.id, label(1));
      for (let n = 2; n <= 35; n++) await sendMessage(n <= 18 ? buyersPage : seller.page, conversationId, label(n));

      const page = seller.page;
      const message = (n: number) => page.getByTestId('message').filter({ hasText: label(n) });
      await page.goto(`/profile/messages/${conversationId}`);
      await expect(message(35)).toBeInViewport({ ratio: 1 });
      await expect(message(5)).toHaveCount(0);

      // The phone's keyboard opens and leaves 400 px of screen: the composer and the latest message stay in view.
      await page.getByRole('textbox', { name: 'Xabar' }).click();
      await page.setViewportSize({ width: viewport.width, height: 400 });
      await expect(page.getByRole('textbox', { name: 'Xabar' })).toBeInViewport({ ratio: 1 });
      await expect(page.getByRole('button', { name: 'Yuborish' })).toBeInViewport({ ratio: 1 });
      await expect(message(35)).toBeInViewport({ ratio: 1 });
      await page.setViewportSize(viewport);
      await expect(message(35)).toBeInViewport({ ratio: 1 });

      // Scrolled to the top, the older messages come in above; the first one shows the safety note.
      await expect(page.getByRole('note')).toHaveCount(0);
      await page.getByRole('list', { name: 'Xabarlar', exact: true }).hover();
      await page.mouse.wheel(0, -20_000);
      await expect(message(1)).toBeVisible();
      await expect(page.getByRole('note')).toContainText("Hech qachon oldindan pul to'lamang");
      await expect(page.getByTestId('message')).toHaveCount(35);
      expect(await layoutWidth(page)).toBeLessThanOrEqual(viewport.width);
    });

    test("offers the seller no 'Sotuvchiga yozish' on their own listing, lists the conversation with the listing's photo, and closes it with a note once sold", async ({
      seller,
      listings,
      buyer,
    }) => {
      const listing = await listingOf(listings, seller, `sold ${screen}`);
      const buyersPage = buyer.page;
      await buyersPage.goto(`/phone/${listing.id}`);
      await expect(buyersPage.getByRole('button', { name: 'Sotuvchiga yozish' })).toBeVisible();
      await seller.page.goto(`/phone/${listing.id}`);
      await expect(seller.page.getByRole('heading', { name: "Sizning e'loningiz" })).toBeVisible();
      await expect(seller.page.getByRole('button', { name: 'Sotuvchiga yozish' })).toHaveCount(0);

      const conversationId = await writeToSeller(buyersPage, listing.id, 'Hali sotuvdami?');
      await seller.page.goto('/profile/messages');
      // Beside the listing's name, the photo is decoration (alt="").
      const photo = seller.page.getByTestId('conversation').filter({ hasText: listing.name }).locator('img');
      await expect(photo).toBeVisible();
      await expect.poll(() => photo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);

      expect((await seller.page.request.post(`/api/phone/${listing.id}/sold`, { data: {} })).status()).toBe(200);
      await buyersPage.goto(`/profile/messages/${conversationId}`);
      await expect(buyersPage.getByTestId('message').filter({ hasText: 'Hali sotuvdami?' })).toBeVisible();
      await expect(buyersPage.getByText("E'lon sotilgan yoki o'chirilgan: suhbatga yangi xabar yozib bo'lmaydi.")).toBeVisible();
      await expect(buyersPage.getByRole('textbox', { name: 'Xabar' })).toHaveCount(0);
      expect(await layoutWidth(buyersPage)).toBeLessThanOrEqual(viewport.width);
    });

    test('lets the buyer block the seller from the thread: the blocked note takes the composer’s place on both sides, and only the buyer may unblock', async ({
      seller,
      listings,
      buyer,
    }) => {
      const listing = await listingOf(listings, seller, `blocked ${screen}`);
      const buyersPage = buyer.page;
      const conversationId = await writeToSeller(buyersPage, listing.id, 'Salom');
      await sendMessage(seller.page, conversationId, 'Oldindan 200 ming tashlang, keyin yuboraman');
      await buyersPage.goto(`/profile/messages/${conversationId}`);
      await buyersPage.getByText('Shikoyat qilish / Bloklash').click();
      buyersPage.once('dialog', (dialog) => void dialog.accept());
      await buyersPage.getByRole('button', { name: 'Bloklash' }).click();
      const blocked = "Suhbat bloklangan: xabar yuborib bo'lmaydi.";
      await expect(buyersPage.getByText(blocked)).toBeVisible();
      await expect(buyersPage.getByRole('textbox', { name: 'Xabar' })).toHaveCount(0);
      await expect(buyersPage.getByRole('button', { name: 'Bloklash' })).toHaveCount(0);
      const unblock = buyersPage.getByRole('button', { name: 'Blokdan chiqarish' });
      await expect(unblock).toBeVisible();
      expect(await layoutWidth(buyersPage)).toBeLessThanOrEqual(viewport.width);

      // The blocked seller reads the note, and has nothing to lift.
      await seller.page.goto(`/profile/messages/${conversationId}`);
      await expect(seller.page.getByTestId('message').filter({ hasText: 'Salom' })).toBeVisible();
      await expect(seller.page.getByText(blocked)).toBeVisible();
      await expect(seller.page.getByRole('textbox', { name: 'Xabar' })).toHaveCount(0);
      await expect(seller.page.getByRole('button', { name: 'Blokdan chiqarish' })).toHaveCount(0);

      // The buyer unblocks: the composer is back, and what they write reaches the seller.
      await unblock.click();
      await expect(buyersPage.getByText(blocked)).toHaveCount(0);
      await buyersPage.getByRole('textbox', { name: 'Xabar' }).fill('Kechirasiz, xato bosibman');
      await buyersPage.getByRole('button', { name: 'Yuborish' }).click();
      await expect(seller.page.getByTestId('message').filter({ hasText: 'Kechirasiz, xato bosibman' })).toBeVisible();
    });
  });

  test.describe('moderators', () => {
    test.use({ adminPhone: TEST_ADMIN_PHONES.conversations });

    onEachScreen((viewport, screen) => {
      test("a seller whose messages trip the checks 3 times, with nothing waiting, brings their listing on sale into the waiting tab for a look; 'Ko'rib chiqildi' keeps it on sale", async ({
        seller,
        admin,
        listings,
        buyer,
      }) => {
        const listing = await listingOf(listings, seller, `flagged ${screen}`);
        const buyersPage = buyer.page;
        const conversationId = await writeToSeller(buyersPage, listing.id, 'Hali sotuvdami?');
        for (const text of ['Kartamga 8600 1234 5678 9012 tashlang', 'Predoplata 50% kerak', 'Rasmlar: https://t.me/phoneshop']) await sendMessage(seller.page, conversationId, text);

        const page = admin.page;
        await page.goto('/profile/allphones');
        const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: listing.name, exact: true }) });
        await expect(card).toContainText("Sotuvda: sotuvchining xabarlari tufayli ko'rib chiqish uchun");
        await expect(card).toContainText("Sotuvchining ogohlantirishli xabarlari (7 kunda): 3");
        await expect(card.getByRole('button', { name: 'Tasdiqlash' })).toHaveCount(0);
        expect(await layoutWidth(page)).toBeLessThanOrEqual(viewport.width);
        await card.getByRole('button', { name: "Ko'rib chiqildi" }).click();
        await expect(card).toHaveCount(0);
        await page.reload();
        await expect(page.getByRole('heading', { name: 'Barcha telefonlar', level: 1 })).toBeVisible();
        await expect(card).toHaveCount(0);
        expect(((await (await buyersPage.request.get(`/api/phone/${listing.id}`)).json()) as { status: string }).status).toBe('active');
      });
    });

    onEachScreen((viewport, screen) => {
      test('a buyer reports a conversation from the thread, and a moderator reads it, read-only and recorded; a conversation never reported is not listed', async ({
        seller,
        admin,
        listings,
        buyer,
      }) => {
        const sellerAccount = await listings.sellerOf(seller.phoneNumber);
        const reported = await listings.createListing({ device, seller: sellerAccount, name: `Talkphone ${tag} reported ${screen}` });
        const quiet = await listings.createListing({ device, seller: sellerAccount, name: `Talkphone ${tag} quiet ${screen}` });
        const buyersPage = buyer.page;
        // Named in their settings, as the moderators see the reporter.
        const me = (await (await buyersPage.request.get('/api/user')).json()) as { _id: string };
        expect((await buyersPage.request.put(`/api/user/${me._id}`, { data: { name: 'Jasur' } })).status()).toBe(200);
        const reportedId = await writeToSeller(buyersPage, reported.id, 'Telefon qayerda?');
        await sendMessage(seller.page, reportedId, 'Kartamga 8600 1234 5678 9012 tashlang, pochta bilan yuboraman');
        await writeToSeller(buyersPage, quiet.id, 'Bu ham sotuvdami?');

        await buyersPage.goto(`/profile/messages/${reportedId}`);
        await buyersPage.getByText('Shikoyat qilish / Bloklash').click();
        await buyersPage.getByLabel('Sabab').selectOption({ label: 'Firibgarlik' });
        const words = `Oldindan pul so'rayapti ${tag} ${screen}`;
        await buyersPage.getByLabel('Izoh').fill(words);
        await buyersPage.getByRole('button', { name: 'Shikoyat qilish', exact: true }).click();
        await expect(buyersPage.getByText('Shikoyatingiz qabul qilindi. Moderatorlar suhbatni tekshiradi')).toBeVisible();
        // The queue is the moderators' only.
        await buyersPage.goto('/profile/reported-conversations');
        await expect(buyersPage.getByText('Bu sahifa faqat adminlar uchun')).toBeVisible();

        const page = admin.page;
        const listingFetches: string[] = [];
        page.on('request', (request) => {
          if (/\/api\/phone\/[^/]+\/moderation/.test(request.url())) listingFetches.push(request.url());
        });
        await page.goto('/profile/allphones');
        await page.getByRole('link', { name: 'Shikoyatli suhbatlar' }).click();
        await expect(page.getByRole('heading', { name: 'Shikoyatli suhbatlar' })).toBeVisible();
        const row = page.getByTestId('reported-conversation').filter({ hasText: words });
        await expect(row).toContainText('Shikoyatchi: Xaridor Jasur. Firibgarlik');
        await expect(row).toContainText(reported.name);
        await expect(page.getByTestId('reported-conversation').filter({ hasText: quiet.name })).toHaveCount(0);
        expect(await listings.moderatorReads(reportedId)).toBe(0);
        expect(await layoutWidth(page)).toBeLessThanOrEqual(viewport.width);

        await row.getByRole('link').click();
        await expect(page).toHaveURL(new RegExp(`/profile/reported-conversations/${reportedId}$`));
        const card = page.getByTestId('message').filter({ hasText: 'Kartamga 8600 1234 5678 9012' });
        await expect(card).toContainText('Sotuvchi');
        await expect(card.getByRole('alert')).toHaveText("⚠ Telefonni ko'rmasdan oldin pul o'tkazmang");
        await expect(page.getByTestId('message').filter({ hasText: 'Telefon qayerda?' })).toContainText('Xaridor');
        await expect(page.getByRole('link', { name: reported.name })).toBeVisible();
        await expect(page.locator('header').filter({ hasText: reported.name })).toContainText('Xaridor Jasur');
        // The screen reads only the moderators' two routes: no listing fetched on the side.
        expect(listingFetches).toEqual([]);
        await expect(page.getByRole('textbox', { name: 'Xabar' })).toHaveCount(0);
        await expect(page.getByRole('button', { name: 'Bloklash' })).toHaveCount(0);
        expect(await listings.moderatorReads(reportedId)).toBe(1);
        expect(await layoutWidth(page)).toBeLessThanOrEqual(viewport.width);
      });
    });
  });
});
