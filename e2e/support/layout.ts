import type { Page } from '@playwright/test';

/**
 * What a person notices on a narrow screen (issue 36 item 7), each as a line naming it: the page
 * wider than the screen; a control lying over text or over another control (a heart over a
 * listing's title); a control cut off by the screen or by a box that clips it (a dialog's buttons
 * below its bottom edge, even once scrolled to); a word broken in the middle ('Qashqa-daryo').
 * Bars that stay on screen while the page scrolls (sticky or fixed) lie over the page by design
 * and are left out of the overlap check.
 */
export function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    // Measured once still: a notification sliding in is not cut off. Endless motions (spinners) are not waited for.
    const moving = document.getAnimations().filter((animation) => animation.playState === 'running' && animation.effect?.getTiming().iterations !== Infinity);
    await Promise.race([Promise.allSettled(moving.map((animation) => animation.finished)), new Promise((resolve) => setTimeout(resolve, 3_000))]);
    const problems: string[] = [];
    const viewport = { width: document.documentElement.clientWidth, height: window.innerHeight };
    if (document.documentElement.scrollWidth > viewport.width) problems.push(`the page is ${document.documentElement.scrollWidth} px wide`);

    const label = (element: Element) => (element.getAttribute('aria-label') || element.textContent || element.tagName).trim().replace(/\s+/g, ' ').slice(0, 40);
    const shown = (element: Element) => {
      const box = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      return box.width > 1 && box.height > 1 && style.visibility !== 'hidden' && Number(style.opacity) > 0;
    };
    const floats = (element: Element) => {
      for (let node: Element | null = element; node; node = node.parentElement) {
        const { position } = getComputedStyle(node);
        if (position === 'sticky' || position === 'fixed') return true;
      }
      return false;
    };
    const laidOver = (element: Element) => {
      for (let node: Element | null = element; node && node !== document.body; node = node.parentElement) {
        if (getComputedStyle(node).position === 'absolute') return true;
      }
      return false;
    };
    const overlap = (a: DOMRect, b: DOMRect) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1 && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1;
    // Inside an open modal dialog only its content counts: the page behind it is inert.
    const modal = Array.from(document.querySelectorAll('dialog')).find((dialog) => dialog.open);
    const scope: ParentNode = modal ?? document;
    const controls = Array.from(scope.querySelectorAll<HTMLElement>('a[href], button, input:not([type="hidden"]), select, textarea, [role="tab"]')).filter(shown);

    // Each word's boxes: more than one means it is broken across lines.
    const texts: { text: Text; boxes: DOMRect[] }[] = [];
    const walker = document.createTreeWalker(modal ?? document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node as Text;
      const parent = text.parentElement;
      if (!parent || !text.data.trim() || !shown(parent) || parent.closest('script, style, noscript, .sr-only, [aria-hidden="true"]')) continue;
      const range = document.createRange();
      range.selectNodeContents(text);
      const boxes = Array.from(range.getClientRects()).filter((box) => box.width > 1 && box.height > 1);
      texts.push({ text, boxes });
      for (const match of text.data.matchAll(/[^\s\-/–—]{2,}/g)) {
        range.setStart(text, match.index);
        range.setEnd(text, match.index + match[0].length);
        const lines = new Set(Array.from(range.getClientRects()).filter((box) => box.width > 1).map((box) => Math.round(box.top)));
        if (lines.size > 1) problems.push(`the word '${match[0]}' is broken across lines`);
      }
    }

    for (const control of controls) {
      if (floats(control)) continue;
      const box = control.getBoundingClientRect();
      for (const { text, boxes } of texts) {
        if (control.contains(text) || floats(text.parentElement!)) continue;
        if (boxes.some((textBox) => overlap(box, textBox))) problems.push(`'${label(control)}' lies over the text '${text.data.trim().slice(0, 40)}'`);
      }
      // A control laid over another on purpose (a card's heart over the card's link) is positioned: only laid-out ones are compared.
      if (laidOver(control)) continue;
      for (const other of controls) {
        if (other === control || control.contains(other) || other.contains(control) || floats(other) || laidOver(other)) continue;
        if (controls.indexOf(other) > controls.indexOf(control) && overlap(box, other.getBoundingClientRect())) {
          problems.push(`'${label(control)}' and '${label(other)}' lie over each other`);
        }
      }
    }

    // Scrolled to, each control is whole on the screen and inside every box that clips it. In a row that
    // scrolls sideways (the brands) only its height is measured: its cards are meant to run past the edge.
    for (const control of controls) {
      control.scrollIntoView({ block: 'nearest', behavior: 'instant' });
      const box = control.getBoundingClientRect();
      const clips: { name: string; box: { left: number; top: number; right: number; bottom: number } }[] = [
        { name: 'the screen', box: { left: 0, top: 0, right: viewport.width, bottom: viewport.height } },
      ];
      let sideways = false;
      for (let node = control.parentElement; node; node = node.parentElement) {
        const style = getComputedStyle(node);
        if (['auto', 'scroll'].includes(style.overflowX) && node.scrollWidth > node.clientWidth) sideways = true;
        if (style.overflowX !== 'visible' || style.overflowY !== 'visible') clips.push({ name: node.tagName.toLowerCase(), box: node.getBoundingClientRect() });
      }
      for (const clip of clips) {
        const across = !sideways && (box.left < clip.box.left - 1 || box.right > clip.box.right + 1);
        if (across || box.top < clip.box.top - 1 || box.bottom > clip.box.bottom + 1) {
          problems.push(`'${label(control)}' is cut off by ${clip.name}`);
          break;
        }
      }
    }
    window.scrollTo(0, 0);
    return [...new Set(problems)];
  });
}
