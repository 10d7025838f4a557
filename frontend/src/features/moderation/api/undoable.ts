import { createElement } from 'react';
import { requestToasts } from '../../../lib/toast';

/*
 * The moderators' undo notice: it loads with their pages, not with every visitor's first page
 * (the home page's JavaScript budget, 120 KB gzipped).
 */

/** What the undo button closes its notification with; any other close lets the action go ahead. */
const UNDONE = 'undone';

/**
 * `message` with an `undoLabel` button for `ms`: resolves true when the user presses it, false when the
 * time is up or the notification is closed (the action goes ahead at once). The time runs on while the
 * window is in the background, so an action is never held back until the user returns to the tab; and
 * leaving the page (closing the tab, switching to another app, where a phone may end the page and its
 * timer) sends it at once: what the user did not undo is never lost.
 */
export async function undoable(message: string, undoLabel: string, ms: number): Promise<boolean> {
  const toastify = await requestToasts();
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
