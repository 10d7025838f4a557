/**
 * A screen's main action (contact the seller, continue the wizard, send a message). Inside Telegram
 * the MainButton under the app carries it; on the web nobody listens and the page's own button stays.
 * The screens offer it with useMainAction (lib/use-main-action.ts); this store alone is what the
 * Mini App's shell watches on every page.
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

/** Makes `action` the main action on screen; answers its withdrawal, which leaves alone one offered since. */
export function offerMainAction(action: MainAction): () => void {
  publish(action);
  return () => {
    if (current === action) publish(null);
  };
}
