import { expect, type Locator, type Page, type Response } from '@playwright/test';

/**
 * How long a test waits for the workers' checks of the waiting listings, which run every 30 seconds:
 * two runs and a busy machine's slack (a listing seeded just after a run waits for the next one).
 */
export const CHECKS_RUN_WITHIN_MS = 75_000;

/** The notice 'Tasdiqlash' shows for a few seconds with its 'Bekor qilish', before the approval is sent. */
export function approvalNotice(page: Page, name: string): Locator {
  return page.getByRole('alert').filter({ hasText: `«${name}» tasdiqlandi` });
}

/** Resolves with the server's answer to the next approval the page sends. */
export function approvalSent(page: Page): Promise<Response> {
  return page.waitForResponse((response) => response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/phone/confirm');
}

/**
 * Presses 'Tasdiqlash' in `actions` (a card, or its moderation bar) and closes the undo notice, which
 * sends the approval at once, as a moderator who does not wait may; resolves with the server's answer,
 * so what the test checks next on the server has happened.
 */
export async function approve(actions: Locator, name: string): Promise<Response> {
  const page = actions.page();
  const sent = approvalSent(page);
  await actions.getByRole('button', { name: 'Tasdiqlash' }).click();
  await approvalNotice(page, name).getByRole('button', { name: 'Xabarni yopish' }).click();
  return sent;
}

/**
 * The moderators' card of the waiting listing `name`, on whichever page of the queue it stands: the
 * browser tests share one database, so other files' waiting listings (riskier ones first, unchecked
 * ones last) may fill the first page.
 */
export async function waitingCard(page: Page, name: string): Promise<Locator> {
  const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name, exact: true }) });
  for (let number = 1; number <= 20; number++) {
    await page.goto(`/profile/allphones?page=${number}`);
    const cards = page.getByRole('article');
    await expect(cards.first()).toBeVisible();
    if ((await card.count()) > 0) return card;
  }
  throw new Error(`«${name}» is not waiting on any of the queue's first 20 pages`);
}
