import { useEffect, useRef, type RefObject } from 'react';
import { offerMainAction, type MainAction } from './main-action';

/**
 * Offers `action` as the screen's main action (lib/main-action.ts) while the calling component
 * shows it (null: none). `shownIn`: the element that shows it, when the page renders it twice for
 * different screen widths (a phone's bar, a desktop's panel): only the copy on screen offers it.
 */
export function useMainAction(action: MainAction | null, shownIn?: RefObject<HTMLElement | null>): void {
  const latest = useRef(action);
  useEffect(() => {
    latest.current = action;
  });
  const present = action !== null;
  const { label, disabled, busy } = action ?? {};
  useEffect(() => {
    // An element in a hidden part of the page has no boxes.
    if (!present || (shownIn?.current && shownIn.current.getClientRects().length === 0)) return;
    return offerMainAction({ label: label!, disabled, busy, run: () => latest.current?.run() });
  }, [present, label, disabled, busy, shownIn]);
}
