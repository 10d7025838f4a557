import type { Locator } from '@playwright/test';
import { expect } from './fixtures';

/**
 * Double taps the photo the viewer shows until it zooms in, as a person taps again when the phone missed it: the
 * viewer (Swiper) takes two taps within 300 ms and not while a slide still moves, and on a loaded machine the
 * browser may handle Playwright's two clicks further apart or during the slide after an arrow.
 */
export async function doubleTapToZoom(viewer: Locator): Promise<void> {
  await expect(async () => {
    await viewer.locator('[aria-current="true"] img').dblclick();
    await expect(viewer.locator('.swiper-slide-zoomed')).toHaveCount(1, { timeout: 5_000 });
  }).toPass({ timeout: 45_000 });
}
