import { useEffect, useRef, type RefObject } from 'react';

/**
 * A screen's main action (contact the seller, continue the wizard, send a message). Inside Telegram
 * the MainButton under the app carries it; on the web nobody listens and the page's own button stays.
 */
export interface MainAction {
  label: string;
  run: () => void;
  disabled?: boolean;
  busy?: boolean;
}

type Listener = (action: MainAction | null) => void;
let current: MainAction | null = null;
const listeners = new Set<Listener>();

function publish(action: MainAction | null): void {
  current = action;
  listeners.forEach((listener) => listener(action));
}

/** Calls `listener` with the main action on screen now and at each change; answers the unsubscribe. */
export function watchMainAction(listener: Listener): () => void {
  listeners.add(listener);
  listener(current);
  return () => void listeners.delete(listener);
}

/**
 * Offers `action` as the screen's main action while the calling component shows it (null: none).
 * `shownIn`: the element that shows it, when the page renders it twice for different screen widths
 * (a phone's bar, a desktop's panel): only the copy on screen offers it.
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
    const shown: MainAction = { label: label!, disabled, busy, run: () => latest.current?.run() };
    publish(shown);
    return () => {
      if (current === shown) publish(null);
    };
  }, [present, label, disabled, busy, shownIn]);
}
