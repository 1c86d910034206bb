import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * Links such as « /#tarifs » are router navigations, and a page drawn by React exists only
 * after the browser would have scrolled: scroll to the anchor after each navigation (the
 * location key changes even when the same link is followed twice), or to the top. `ready`
 * is false while the sections are not drawn yet.
 */
export function useScrollToHash(ready = true) {
  const { hash, key } = useLocation();
  useEffect(() => {
    if (!ready) return;
    // No ScrollRestoration in this app: a page reached by a link starts at its top.
    // (Never return what scrollTo returns: recent Chromium returns a promise, which React
    // would take for a cleanup function.)
    // At once, whatever the page's smooth scrolling (src/web/styles.css): a page reached by a
    // link, or by its address with an anchor, shows where it leads without a glide.
    if (!hash) window.scrollTo({ top: 0, behavior: 'instant' });
    else document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView({ behavior: 'instant' });
  }, [hash, key, ready]);
}
