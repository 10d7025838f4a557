import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/** Each new page starts at its top (spec section 2, Listing detail); the home list then scrolls back itself. */
export function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}
