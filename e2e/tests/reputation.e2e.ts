import { TEST_ADMIN_PHONES } from '../support/admins';
import { expect, test } from '../support/fixtures';
import { seedReviewedDeal } from '../support/reputation';
import { DESKTOP, layoutWidth, PHONE } from '../support/viewports';

test.describe('reputation earned in a real deal (issue 38)', () => {
  const tag = Date.now().toString(36);

  for (const [screen, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    test.describe(`on a ${screen}`, () => {
      test.use({ viewport, adminPhone: TEST_ADMIN_PHONES.reputation });

      test('the seller marks it sold to the buyer who wrote, the buyer confirms, both review, both reviews show together, the rating shows on the seller page and the listing', async ({
        seller,
        admin,
        listings,
        buyer,
      }) => {
        const brand = await listings.createBrand(`Dealbrand ${tag} ${screen}`);
        const device = await listings.createDevice(brand, `Dealphone ${tag} ${screen}`);
        // Accounts made months apart: accounts registered together are held for the moderators.
        await listings.ageAccount(seller, 400);
        const sellerAccount = await listings.sellerOf(seller.phoneNumber);
        const sold = await listings.createListing({ device, seller: sellerAccount, name: `Dealphone ${tag} ${screen}`, price: 3_100_000 });
        const stillOnSale = await listings.createListing({ device, seller: sellerAccount, name: `Secondphone ${tag} ${screen}`, price: 3_300_000 });
        // Two earlier deals with their buyers' reviews: a rating shows from three.
        for (const stars of [5, 4]) {
          const earlier = await listings.createListing({ device, seller: sellerAccount, name: `Earlier ${stars} ${tag}`, price: 3_000_000, status: 'noActive' });
          const buyer = await listings.createSeller({ name: `Oldingi xaridor ${stars}` });
          await seedReviewedDeal({ listingId: earlier.id, sellerId: sellerAccount.id, buyerId: buyer.id, stars, text: `Avvalgi bitim ${stars}` });
        }

        // The buyer, in another browser on another network.
        const buyersPage = buyer.page;
        await listings.ageAccount(buyer, 90);
        await buyersPage.goto(`/phone/${sold.id}`);
        await buyersPage.getByRole('button', { name: 'Sotuvchiga yozish' }).click();
        await buyersPage.getByRole('textbox', { name: 'Xabar' }).fill('Salom! Bugun ko‘rsam bo‘ladimi?');
        await buyersPage.getByRole('button', { name: 'Yuborish' }).click();
        await expect(buyersPage).toHaveURL(/\/profile\/messages\/[0-9a-f-]{36}$/);

        // The seller answers, then marks it sold to the buyer who wrote.
        const sellersPage = seller.page;
        await sellersPage.goto('/profile/messages');
        await sellersPage.getByTestId('conversation').filter({ hasText: sold.name }).click();
        await sellersPage.getByRole('textbox', { name: 'Xabar' }).fill('Ha, soat 5 da keling');
        await sellersPage.getByRole('button', { name: 'Yuborish' }).click();
        await expect(sellersPage.getByTestId('message').filter({ hasText: 'Ha, soat 5 da keling' })).toBeVisible();
        await sellersPage.goto('/profile');
        await sellersPage.getByRole('group', { name: `${sold.name}: amallar` }).getByRole('button', { name: 'Sotildi' }).click();
        const dialog = sellersPage.getByRole('dialog', { name: 'Telefon sotildimi?' });
        const buyerChoice = dialog.getByLabel('Kimga sotildi?');
        await expect(buyerChoice.getByRole('option')).toHaveCount(2);
        await buyerChoice.selectOption({ index: 1 });
        // No price typed: the listing's own price is what it sold for (this was refused as a missing price).
        await dialog.getByRole('button', { name: 'Sotildi deb belgilash' }).click();
        await expect(sellersPage.getByText("E'lon sotilgan deb belgilandi va sotuvdan olindi")).toBeVisible();

        // The buyer confirms and reviews; their review waits for the seller's.
        await buyersPage.goto('/profile/messages');
        const buyersDeal = buyersPage.getByTestId('deal').filter({ hasText: sold.name });
        await expect(buyersDeal).toContainText('Xaridor tasdiqlashi kutilmoqda');
        await buyersDeal.getByRole('button', { name: 'Ha, men sotib oldim' }).click();
        await expect(buyersDeal).toContainText('Tasdiqlangan');
        await buyersDeal.getByRole('button', { name: '5 yulduz' }).click();
        await buyersDeal.getByLabel('Tavsifga mos', { exact: true }).check();
        await buyersDeal.getByLabel(/^Sharh/).fill('Telefon aytilganidek, sotuvchi xushmuomala');
        await buyersDeal.getByRole('button', { name: 'Sharh qoldirish' }).click();
        await expect(buyersDeal.getByTestId('review')).toContainText('Telefon aytilganidek, sotuvchi xushmuomala');
        expect(await layoutWidth(buyersPage)).toBeLessThanOrEqual(viewport.width);

        // The seller sees only that it is waiting, reviews back, and both show at once.
        await sellersPage.goto('/profile/messages');
        const sellersDeal = sellersPage.getByTestId('deal').filter({ hasText: sold.name });
        await expect(sellersDeal).toContainText('Ikkinchi tomon sharh yozdi');
        await expect(sellersDeal).not.toContainText('Telefon aytilganidek');
        await sellersDeal.getByRole('button', { name: '5 yulduz' }).click();
        await sellersDeal.getByLabel("O'z vaqtida", { exact: true }).check();
        await sellersDeal.getByRole('button', { name: 'Sharh qoldirish' }).click();
        await expect(sellersDeal.getByTestId('review')).toHaveCount(2);
        await expect(sellersDeal).toContainText('Telefon aytilganidek, sotuvchi xushmuomala');
        // The reviewed seller answers once.
        await sellersDeal.getByLabel('Javob yozing (faqat bir marta)').fill('Rahmat, yana keling!');
        await sellersDeal.getByRole('button', { name: 'Javob berish' }).click();
        await expect(sellersDeal.getByText('Javob: Rahmat, yana keling!')).toBeVisible();
        await expect(sellersDeal.getByRole('button', { name: 'Javob berish' })).toBeHidden();
        await buyersPage.reload();
        await expect(buyersDeal.getByTestId('review')).toHaveCount(2);
        await expect(buyersDeal).toContainText("O'z vaqtida");

        // The rating (5, 4 and 5) on the seller page and on the seller's listing on sale.
        await buyersPage.goto(`/seller/${sellerAccount.id}`);
        await expect(buyersPage.getByTestId('signal-rating')).toHaveText("4.7 ★ (3 ta sharh)");
        await expect(buyersPage.getByTestId('signal-sold')).toHaveText('3');
        const shownReview = buyersPage.getByTestId('review').filter({ hasText: 'Telefon aytilganidek' });
        await expect(shownReview).toContainText('Javob: Rahmat, yana keling!');
        // Anyone signed in may report a review (here an earlier buyer's).
        const earlierReview = buyersPage.getByTestId('review').filter({ hasText: 'Avvalgi bitim 4' });
        await earlierReview.getByRole('button', { name: 'Shikoyat qilish' }).click();
        await earlierReview.getByLabel('Sabab').selectOption({ label: "Yolg'on ma'lumot" });
        await earlierReview.getByRole('button', { name: 'Yuborish' }).click();
        await expect(earlierReview).toContainText('Shikoyatingiz qabul qilindi');
        expect(await layoutWidth(buyersPage)).toBeLessThanOrEqual(viewport.width);
        await buyersPage.goto(`/phone/${stillOnSale.id}`);
        await expect(buyersPage.getByTestId('signal-rating')).toHaveText("4.7 ★ (3 ta sharh)");
        await expect(buyersPage.getByText('Telefon raqami tasdiqlangan').first()).toBeVisible();
        expect(await layoutWidth(buyersPage)).toBeLessThanOrEqual(viewport.width);

        // Buyers can keep to sellers rated 4.5 or more: this one (4.7 from 3) is among them.
        await buyersPage.goto('/?goodSellers=true');
        await expect(buyersPage.getByRole('link', { name: stillOnSale.name }).first()).toBeVisible();

        // The seller's own page says how each figure is computed.
        await sellersPage.goto(`/seller/${sellerAccount.id}`);
        await expect(sellersPage.getByText('Xaridor tasdiqlagan bitimlar soni')).toBeVisible();

        // A moderator removes the reported review with a reason: the rating, from 2 reviews now, is not shown.
        await admin.page.goto('/profile/allphones');
        const reported = admin.page.getByRole('region', { name: 'Sharhlar va bitimlar' }).locator('div').filter({ hasText: 'Avvalgi bitim 4' }).last();
        await expect(reported).toContainText("Yolg'on ma'lumot");
        await reported.getByRole('textbox', { name: "O'chirish sababi (ikkala tomonga ko'rinadi)" }).fill('Bitim haqida emas');
        await reported.getByRole('button', { name: "Sharhni o'chirish" }).click();
        await expect(admin.page.getByText('Avvalgi bitim 4')).toBeHidden();
        await buyersPage.goto(`/seller/${sellerAccount.id}`);
        await expect(buyersPage.getByTestId('signal-rating')).toHaveText("Hali yetarli sharh yo'q");
      });
    });
  }
});
