import sharp from 'sharp';
import { newPhoneNumber, signInWithNewNumber } from '../support/accounts';
import { expect, test } from '../support/fixtures';
import type { SeededDevice } from '../support/listings';
import { onEachScreen } from '../support/screens';
import { layoutWidth } from '../support/viewports';

/** A photo as a phone's gallery hands it over. */
function galleryPhoto(hue: number): Promise<Buffer> {
  return sharp({ create: { width: 640, height: 480, channels: 3, background: { r: hue, g: 120, b: 200 } } })
    .jpeg()
    .toBuffer();
}

test.describe('buyer and seller talk on the platform', () => {
  const tag = Date.now().toString(36);
  let device: SeededDevice;

  test.beforeAll(async ({ listings }) => {
    const brand = await listings.createBrand(`Talkbrand ${tag}`);
    device = await listings.createDevice(brand, `Talkphone ${tag}`);
  });

  onEachScreen((viewport, screen) => {
    test('the buyer writes from the listing page, the seller sees it arrive and answers with a photo and a card number, the buyer is warned', async ({
      seller,
      listings,
      browser,
      consoleErrors,
    }) => {
      const sellersPage = seller.page;
      // Connected, the composer sends on the live connection, not over HTTP.
      const postedMessages: string[] = [];
      sellersPage.on('request', (request) => {
        if (request.method() === 'POST' && /\/api\/conversations\/[^/]+\/messages$/.test(request.url())) postedMessages.push(request.url());
      });
      const listing = await listings.createListing({ device, seller: await listings.sellerOf(seller.phoneNumber), name: `Talkphone ${tag} ${screen}`, price: 2_900_000 });
      await sellersPage.goto('/');
      await expect(sellersPage.getByRole('link', { name: 'Xabarlar', exact: true })).toBeVisible();

      // The buyer: another person in another browser.
      const buyersContext = await browser.newContext();
      consoleErrors.watch(buyersContext);
      const buyersPage = await buyersContext.newPage();
      await signInWithNewNumber(buyersPage, newPhoneNumber());
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
      expect(postedMessages).toEqual([]);
      await buyersContext.close();
    });
  });

  // A message sent while the page was loading, before its live connection was up, is there once the connection is.
  test('shows a message that came between the page loading and its live connection', async ({ seller, listings, browser, consoleErrors }) => {
    const listing = await listings.createListing({ device, seller: await listings.sellerOf(seller.phoneNumber), name: `Talkphone ${tag} early`, price: 2_500_000 });
    const buyersContext = await browser.newContext();
    consoleErrors.watch(buyersContext);
    const buyersPage = await buyersContext.newPage();
    await signInWithNewNumber(buyersPage, newPhoneNumber());
    const opened = await buyersPage.request.post('/api/conversations', { data: { listingId: listing.id, text: 'Assalomu alaykum' } });
    expect(opened.status()).toBe(201);
    const conversation = (await opened.json()) as { id: string };

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
    await seller.page.goto(`/profile/messages/${conversation.id}`);
    await expect(seller.page.getByTestId('message').filter({ hasText: 'Assalomu alaykum' })).toBeVisible();
    const sent = await buyersPage.request.post(`/api/conversations/${conversation.id}/messages`, { data: { text: 'Hali sotuvdami?' } });
    expect(sent.status()).toBe(201);
    // Without its live connection the composer still sends, over HTTP.
    await seller.page.getByRole('textbox', { name: 'Xabar' }).fill('Ha, sotuvda');
    await seller.page.getByRole('button', { name: 'Yuborish' }).click();
    await expect(seller.page.getByTestId('message').filter({ hasText: 'Ha, sotuvda' })).toBeVisible();

    connect();
    await expect(seller.page.getByTestId('message').filter({ hasText: 'Hali sotuvdami?' })).toBeVisible();
    await buyersContext.close();
  });
});
