import { useEffect } from 'react';
import { useLocation } from 'wouter';

/** A new page starts at its top (a client-side navigation keeps the old scroll position otherwise),
 *  unless the address names an anchor. */
export function ScrollToTop() {
  const [location] = useLocation();
  useEffect(() => {
    if (window.location.hash) {
      document.getElementById(window.location.hash.slice(1))?.scrollIntoView();
      return;
    }
    window.scrollTo(0, 0);
  }, [location]);
  return null;
}
