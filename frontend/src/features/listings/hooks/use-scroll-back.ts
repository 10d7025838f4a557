import { useEffect, useRef } from 'react';
import { LIMITS } from '@market/contracts';
import { listingCardElementId } from '../components/listing-card';
import { lastOpenedListing } from '../stores/scroll-id';

/**
 * Back on the list, brings the last opened card into view 500 ms after the cards have loaded
 * (spec section 2, Home). Once per visit of the page, so paging afterwards is not pulled back.
 */
export function useScrollBack(loaded: boolean): void {
  const done = useRef(false);
  useEffect(() => {
    if (!loaded || done.current) return;
    const timer = setTimeout(() => {
      done.current = true;
      const id = lastOpenedListing();
      if (id) document.getElementById(listingCardElementId(id))?.scrollIntoView({ block: 'center' });
    }, LIMITS.scrollRestoreDelayMs);
    return () => clearTimeout(timer);
  }, [loaded]);
}
