import { test } from './fixtures';
import { DESKTOP, PHONE } from './viewports';

/** Declares the tests `body` adds twice, in an `on a phone` group first and an `on a desktop` group, each on its screen. */
export function onEachScreen(body: (viewport: typeof PHONE, screen: 'phone' | 'desktop') => void): void {
  for (const [screen, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    test.describe(`on a ${screen}`, () => {
      test.use({ viewport });
      body(viewport, screen);
    });
  }
}
