import { useSyncExternalStore } from 'react';
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

function show(kind: 'success' | 'error' | 'info') {
  return (message: string, options?: Pick<ToastOptions, 'toastId'>) => {
    if (!requested) {
      requested = true;
      listeners.forEach((listener) => listener());
    }
    void host.then((toastify) => {
      if (kind === 'success') {
        errorsShown.forEach((id) => toastify.dismiss(id));
        errorsShown.clear();
      }
      const id = toastify[kind](message, options);
      if (kind === 'error') errorsShown.add(id);
    });
  };
}

export const toast = { success: show('success'), error: show('error'), info: show('info') };
