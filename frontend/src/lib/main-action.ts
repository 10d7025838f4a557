import { useEffect, useRef } from 'react';

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

/** Offers `action` as the screen's main action while the calling component shows it (null: none). */
export function useMainAction(action: MainAction | null): void {
  const latest = useRef(action);
  useEffect(() => {
    latest.current = action;
  });
  const present = action !== null;
  const { label, disabled, busy } = action ?? {};
  useEffect(() => {
    if (!present) return;
    const shown: MainAction = { label: label!, disabled, busy, run: () => latest.current?.run() };
    publish(shown);
    return () => {
      if (current === shown) publish(null);
    };
  }, [present, label, disabled, busy]);
}
