import { useSyncExternalStore } from 'react';
import type { Id, ToastOptions, toast as toastify } from 'react-toastify/unstyled';

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

/**
 * The notices on screen of each action that failed, by the action's name: its later success means the user
 * got past them, so it clears them (issue 36: a stale red toast stayed over a success); another action's
 * success leaves them, as they may still matter.
 */
const failuresShown = new Map<string, Set<Id>>();
let lastId = 0;

/** react-toastify once its host is mounted (asking for it mounts the host), for notices of a feature's own making. */
export function requestToasts(): Promise<Toastify> {
  if (!requested) {
    requested = true;
    listeners.forEach((listener) => listener());
  }
  return host;
}

interface NoticeOptions extends Pick<ToastOptions, 'toastId'> {
  /**
   * What the user did, named by the caller ('save-search'): an error or info notice with it tells its
   * failure, which a success notice with it (or `clear`) takes off the screen.
   */
  action?: string;
}

/** Takes off the screen the failure notices of `action`, which has now succeeded. */
function clear(action: string): void {
  const shown = failuresShown.get(action);
  if (!shown) return;
  failuresShown.delete(action);
  void host.then((toastify) => shown.forEach((id) => toastify.dismiss(id)));
}

function show(kind: 'success' | 'error' | 'info') {
  return (message: string, { action, toastId = action && `${action}-${++lastId}` }: NoticeOptions = {}) => {
    if (action && kind === 'success') clear(action);
    else if (action) failuresShown.set(action, (failuresShown.get(action) ?? new Set()).add(toastId!));
    void requestToasts().then((toastify) => toastify[kind](message, { toastId }));
  };
}

export const toast = { success: show('success'), error: show('error'), info: show('info'), clear };
