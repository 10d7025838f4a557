import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import type axe from 'axe-core';

/** WCAG 2.5.5: a control a finger can hit. */
export const TOUCH_TARGET = 44;

/**
 * The controls on the page smaller than 44x44 px, each as "name width x height", but for what
 * WCAG 2.5.5 excepts: a link inside a sentence, and a checkbox or radio the browser sizes. A file
 * input hidden inside its label is measured as that label, which is what the finger taps.
 */
export function smallTouchTargets(page: Page): Promise<string[]> {
  return page.evaluate(async (minimum) => {
    // Measured once the page is still: a notification sliding out and then collapsing (one motion starting two
    // frames after the other ends) is not a target. Spinners and skeletons move for ever, and a paused motion (a
    // notification's timer while the window has no focus) never ends: neither is waited for. A few seconds at most.
    const deadline = Date.now() + 3_000;
    const untilDeadline = (motion: Promise<unknown>) => Promise.race([motion, new Promise((resolve) => setTimeout(resolve, Math.max(0, deadline - Date.now())))]);
    const frames = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    for (let round = 0; round < 5 && Date.now() < deadline; round++) {
      await untilDeadline(frames());
      const moving = document
        .getAnimations()
        .filter((animation) => animation.playState === 'running' && animation.effect?.getTiming().iterations !== Infinity);
      if (moving.length === 0) break;
      await untilDeadline(Promise.allSettled(moving.map((animation) => animation.finished)));
    }
    const small: string[] = [];
    for (const control of Array.from(document.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, [role="tab"], [role="button"], label:has(> input[type="file"])'))) {
      const { width, height } = control.getBoundingClientRect();
      if (width <= 1 || height <= 1 || getComputedStyle(control).visibility === 'hidden') continue;
      if (control instanceof HTMLInputElement && ['checkbox', 'radio'].includes(control.type)) continue;
      // In a sentence: words of the same line stand beside the link.
      const inSentence = Array.from<ChildNode>(control.parentElement?.childNodes ?? []).some((node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim());
      if (control.tagName === 'A' && inSentence) continue;
      if (width < minimum || height < minimum) {
        const name = control.getAttribute('aria-label') || control.textContent?.trim() || control.tagName;
        small.push(`${name.slice(0, 40)} ${Math.round(width)}x${Math.round(height)}`);
      }
    }
    return small;
  }, TOUCH_TARGET);
}

/**
 * The controls Lighthouse's accessibility audit marks down for size or spacing: axe's own
 * `target-size` rule, which also counts the part of a control another one lies over (what a
 * box's size alone does not show), each as "selector: axe's reason".
 */
export async function crampedTouchTargets(page: Page): Promise<string[]> {
  await page.evaluate(readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8'));
  return page.evaluate(async () => {
    const { violations } = await (window as unknown as { axe: typeof axe }).axe.run(document, { runOnly: ['target-size'] });
    return violations.flatMap((violation) => violation.nodes.map((node) => `${node.target.join(' ')}: ${node.failureSummary ?? ''}`));
  });
}
