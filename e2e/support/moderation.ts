import type { Locator, Page, Response } from '@playwright/test';

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
