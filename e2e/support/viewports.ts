import type { Page } from '@playwright/test';

/** The screens the browser tests use: a phone-sized one first, then a desktop (the default). */
export const PHONE = { width: 360, height: 740 };
export const DESKTOP = { width: 1280, height: 800 };

/** How wide the page is laid out; wider than the screen means sideways scrolling. */
export function layoutWidth(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth);
}
