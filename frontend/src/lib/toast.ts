import { createElement, useSyncExternalStore } from 'react';
import type { ToastOptions, toast as toastify } from 'react-toastify/unstyled';

type Toastify = typeof toastify;

/*
 * The notifications of the whole app. react-toastify and its styles load with the first
 * notification, not with the first page: most visits never see one.
 */
let requested = false;
const listeners = new Set<() => void>();
let hostReady: (toastify: Toastify) => void = () => undefined;
const host = new Promise<Toastify>((resolve) => (hostReady = resolve));

/** The toast host calls this once its container is mounted; notifications asked for until then show now. */
export function toastHostMounted(toastify: Toastify): void {
  hostReady(toastify);
}

/** True from the first notification on: the app then mounts the toast host. */
export function useToastsRequested(): boolean {
  return useSyncExternalStore(
    (listener) => (listeners.add(listener), () => listeners.delete(listener)),
    () => requested,
  );
}

/** Errors on screen: a later success means the user got past them, so it clears them (issue 36: a stale red toast stayed over a success). */
const errorsShown = new Set<string | number>();

function request(): Promise<Toastify> {
  if (!requested) {
    requested = true;
    listeners.forEach((listener) => listener());
  }
  return host;
}

function show(kind: 'success' | 'error' | 'info') {
  return (message: string, options?: Pick<ToastOptions, 'toastId'>) => {
    void request().then((toastify) => {
      if (kind === 'success') {
        errorsShown.forEach((id) => toastify.dismiss(id));
        errorsShown.clear();
      }
      const id = toastify[kind](message, options);
      if (kind === 'error') errorsShown.add(id);
    });
  };
}

/** What the undo button closes its notification with; any other close lets the action go ahead. */
const UNDONE = 'undone';

/**
 * `message` with an `undoLabel` button for `ms`: resolves true when the user presses it, false when the
 * time is up or the notification is closed (the action goes ahead at once). The time runs on while the
 * window is in the background, so an action is never held back until the user returns to the tab; and
 * leaving the page (closing the tab, switching to another app, where a phone may end the page and its
 * timer) sends it at once: what the user did not undo is never lost.
 */
async function undoable(message: string, undoLabel: string, ms: number): Promise<boolean> {
  const toastify = await request();
  return new Promise<boolean>((resolve) => {
    const settle = (undone: boolean) => {
      removeEventListener('pagehide', goAhead);
      document.removeEventListener('visibilitychange', goAheadWhenHidden);
      resolve(undone);
    };
    const id = toastify.info(
      ({ closeToast }) =>
        createElement(
          'div',
          { className: 'flex flex-wrap items-center gap-x-3' },
          createElement('span', null, message),
          createElement(
            'button',
            {
              type: 'button',
              onClick: () => closeToast(UNDONE),
              className:
                'min-h-11 min-w-11 font-semibold text-brand-700 underline hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-brand-600',
            },
            undoLabel,
          ),
        ),
      // A tap on the text must not close it: that would send what the user may still want to undo.
      { autoClose: ms, pauseOnFocusLoss: false, closeOnClick: false, onClose: (reason) => settle(reason === UNDONE) },
    );
    function goAhead() {
      settle(false);
      toastify.dismiss(id);
    }
    function goAheadWhenHidden() {
      if (document.visibilityState === 'hidden') goAhead();
    }
    addEventListener('pagehide', goAhead);
    document.addEventListener('visibilitychange', goAheadWhenHidden);
  });
}

export const toast = { success: show('success'), error: show('error'), info: show('info'), undoable };
