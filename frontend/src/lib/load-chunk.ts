import { lazy } from 'react';

/**
 * A code chunk's import that outlasts a lost connection: one that failed while the browser was
 * offline is asked again once it is back (the browser keeps no failure), instead of failing the
 * component or page that waits for it. Failed, React unmounts the whole app: a buyer who lost
 * the signal before the bell's chunk arrived saw a blank page. Other failures (a redeploy) still fail.
 */
export async function loadWhenOnline<T>(load: () => Promise<T>): Promise<T> {
  for (;;) {
    try {
      return await load();
    } catch (error) {
      if (navigator.onLine) throw error;
      await new Promise((resolve) => window.addEventListener('online', resolve, { once: true }));
    }
  }
}

/** React's `lazy` over `loadWhenOnline`: while offline, the component stays in its fallback. */
export const lazyWhenOnline: typeof lazy = (load) => lazy(() => loadWhenOnline(load));
