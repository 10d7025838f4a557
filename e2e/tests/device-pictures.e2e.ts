import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { PHONE } from '../support/viewports';

/**
 * Device pictures come from our own storage (issue 18): the wizard's model list shows a loaded
 * picture for every model, and the content security policy still allows only our own images.
 */

/** The wizard's model buttons and whether each one's picture loaded, scrolled into view one by one (they load lazily). */
async function modelPictures(page: Page, list: string): Promise<Array<{ name: string; src: string; loaded: boolean }>> {
  const buttons = page.getByRole('region', { name: list }).getByRole('button');
  // The list's region shows before its models have come: read them once they have.
  await expect(buttons.first()).toBeVisible();
  const pictures: Array<{ name: string; src: string; loaded: boolean }> = [];
  for (const button of await buttons.all()) {
    const picture = button.locator('img');
    await picture.scrollIntoViewIfNeeded();
    await expect.poll(() => picture.evaluate((image: HTMLImageElement) => image.complete), { intervals: [100] }).toBe(true);
    pictures.push({
      name: (await button.innerText()).trim(),
      src: (await picture.getAttribute('src')) ?? '',
      loaded: await picture.evaluate((image: HTMLImageElement) => image.naturalWidth > 0),
    });
  }
  return pictures;
}

async function expectLoadedOwnPictures(page: Page, baseUrl: string, list: string, atLeast: number): Promise<void> {
  const pictures = await modelPictures(page, list);
  expect(pictures.length).toBeGreaterThanOrEqual(atLeast);
  for (const picture of pictures) {
    expect(picture, picture.name).toEqual({ name: picture.name, src: expect.stringMatching(new RegExp(`^${baseUrl}/uploads/device-pictures/`)), loaded: true });
  }
}

for (const [screen, viewport] of [['a 360 px phone', PHONE], ['a desktop', undefined]] as const) {
  test.describe(`device pictures on ${screen}`, () => {
    if (viewport) test.use({ viewport });

    test("show a loaded picture for every model in the wizard's lists", async ({ seller: { page }, stack }) => {
      const answer = await page.goto('/profile/phone/add');
      // The policy is unchanged: images from our own origin only (no spec source host).
      const policy = answer?.headers()['content-security-policy'] ?? '';
      expect(policy).toMatch(/(^|;)\s*img-src 'self' data: blob:(;|$)/);
      await expect(page.getByRole('heading', { level: 2, name: 'Qurilmani tanlang', exact: true })).toBeVisible();

      await expectLoadedOwnPictures(page, stack.baseUrl, "Ko'p qidirilgan qurilmalar", 1);

      // Models sellers could not find before, each brand with its own drawing.
      for (const search of ['Realme C75', 'Tecno Camon 40', 'Galaxy A06']) {
        const answered = page.waitForResponse(
          (response) => response.url().endsWith('/api/phone/find-device') && response.request().postDataJSON()?.name === search,
        );
        await page.getByLabel('Qurilma nomi').fill(search);
        await answered;
        await expect(page.getByRole('region', { name: 'Qidiruv natijalari' })).toHaveAttribute('aria-busy', 'false');
        await expect(page.getByRole('status').filter({ hasText: /ta qurilma topildi/ })).toBeVisible();
        await expectLoadedOwnPictures(page, stack.baseUrl, 'Qidiruv natijalari', 1);
      }
    });
  });
}
