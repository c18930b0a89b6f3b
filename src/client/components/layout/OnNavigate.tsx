import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * What a browser does on an ordinary page load, done for the client's own navigation: the new page
 * starts at the top, and keyboard and screen-reader focus moves to its content (<main id="indhold">)
 * instead of staying on a link that is gone.
 */
export function OnNavigate() {
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    window.scrollTo(0, 0);
    const frame = requestAnimationFrame(() => {
      const main = document.getElementById('indhold');
      if (main && !main.contains(document.activeElement)) main.focus({ preventScroll: true });
    });
    return () => cancelAnimationFrame(frame);
  }, [pathname]);
  return null;
}
