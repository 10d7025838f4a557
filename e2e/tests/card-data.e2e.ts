import { PAYME_OFFER_URL, SANDBOX_OTP, SANDBOX_TEST_CARDS } from '../../contracts/src/payments';
import { expect, test } from '../support/fixtures';
import { PHONE } from '../support/viewports';

/** The stack runs without gateway credentials: the card goes to the sandbox's stand-in for Payme's checkout. */
const TEST_CARD = SANDBOX_TEST_CARDS.find((card) => card.outcome === 'success')!;
const SANDBOX_CHECKOUT_PATH = '/api/payments/sandbox-payme';

test.describe("the card number goes to Payme's checkout only, on a 360 px phone", () => {
  test.use({ viewport: PHONE });

  test('sends the card to the checkout from the browser, and our API only the verified token', async ({ seller: { page } }) => {
    // Every request the page sends while paying, with its body.
    const sent: { url: string; body: string }[] = [];
    page.on('request', (request) => sent.push({ url: request.url(), body: request.postData() ?? '' }));
    await page.goto('/profile/balance');
    await page.getByRole('button', { name: "Hisobni to'ldirish" }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: /^Uzcard \/ Humo/ }).click();

    // Payme's card-form rules: its logo and a link to its offer; the note says truly where the card goes.
    await expect(dialog.getByRole('img', { name: 'Payme' })).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'Payme ofertasi' })).toHaveAttribute('href', PAYME_OFFER_URL);
    await expect(dialog.getByText("Sinov rejimi: karta ma'lumotlari Payme'ga emas, saytning sinov serveriga yuboriladi.")).toBeVisible();

    await dialog.getByLabel('Karta raqami').pressSequentially(TEST_CARD.number.replace(/\D/g, ''));
    await dialog.getByLabel('Amal qilish muddati').pressSequentially(TEST_CARD.expiry.replace(/\D/g, ''));
    await dialog.getByLabel("Summa (so'm)").fill('');
    await dialog.getByLabel("Summa (so'm)").pressSequentially('20000');
    await dialog.getByRole('button', { name: 'Kod olish' }).click();
    await dialog.getByLabel('SMS kod').fill(SANDBOX_OTP);
    await dialog.getByRole('button', { name: 'Tasdiqlash' }).click();
    await expect(dialog.getByText("To'lov muvaffaqiyatli amalga oshirildi")).toBeVisible();

    const digits = TEST_CARD.number.replace(/\s/g, '');
    const withCard = sent.filter((request) => request.body.includes(digits) || request.url.includes(digits));
    expect(withCard.map((request) => new URL(request.url).pathname)).toEqual([SANDBOX_CHECKOUT_PATH]);
    const checkout = sent.filter((request) => new URL(request.url).pathname === SANDBOX_CHECKOUT_PATH);
    expect(checkout.map((request) => JSON.parse(request.body).method)).toEqual(['cards.create', 'cards.get_verify_code', 'cards.verify']);
    const created = sent.filter((request) => request.url.endsWith('/api/payments/uzcard/createTransaction'));
    expect(created.map((request) => Object.keys(JSON.parse(request.body)).sort())).toEqual([['amount', 'cardToken']]);
  });
});
