import { useEffect } from 'react';

declare global {
  interface Window {
    /** Set by public/early-taps.js, which the server writes into the page. */
    __takeEarlyTap?: () => HTMLButtonElement | null;
  }
}

/**
 * For a page the server prerenders: once it has come alive, presses the button a visitor tapped
 * while it was still only HTML (public/early-taps.js), so the tap is not lost. Call it in the
 * page's component; its effect runs after the page has been hydrated.
 */
export function useReplayEarlyTap() {
  useEffect(() => {
    const button = window.__takeEarlyTap?.();
    if (button?.isConnected) button.click();
  }, []);
}
