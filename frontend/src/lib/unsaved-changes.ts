import { useEffect } from 'react';

/**
 * Forms whose edits are not saved yet. While there is one, leaving the page asks first: closing
 * or reloading the tab (the browser's own question) and following a link of the app (ours, in the
 * reader's language). The app routes with a declarative router, which cannot block navigation, so
 * a link's click is stopped before the router sees it.
 */
const unsavedForms = new Set<symbol>();
let question = '';

function askBeforeUnload(event: BeforeUnloadEvent): void {
  event.preventDefault();
}

function askBeforeFollowingLink(event: MouseEvent): void {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!link || link.getAttribute('target') === '_blank') return;
  if (window.confirm(question)) return;
  event.preventDefault();
  event.stopPropagation();
}

/** While `unsaved`, leaving the page asks `message` first. */
export function useAskBeforeLeaving(unsaved: boolean, message: string): void {
  useEffect(() => {
    if (!unsaved) return;
    const form = Symbol('unsaved form');
    question = message;
    if (unsavedForms.size === 0) {
      window.addEventListener('beforeunload', askBeforeUnload);
      // Capturing on the document runs before the router's own click handling.
      document.addEventListener('click', askBeforeFollowingLink, true);
    }
    unsavedForms.add(form);
    return () => {
      unsavedForms.delete(form);
      if (unsavedForms.size > 0) return;
      window.removeEventListener('beforeunload', askBeforeUnload);
      document.removeEventListener('click', askBeforeFollowingLink, true);
    };
  }, [unsaved, message]);
}
