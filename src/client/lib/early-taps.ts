import { useLayoutEffect } from 'react';
import { useDrawnByServer } from './drawn-by-server';

declare global {
  interface Window {
    /** Set by public/early-taps.js, which the server writes into the page. */
    __takeEarlyTap?: () => HTMLButtonElement | null;
    /** Set by public/early-taps.js: whether a tap waits to be pressed (read by main.tsx). */
    __hasEarlyTap?: () => boolean;
  }
}

/**
 * On a page the server drew (the landing page, a memorial): once it has come alive, presses the
 * button a visitor tapped while it was still only HTML (public/early-taps.js), so a tap on a photo
 * or on "Menu" in front of the stone is not lost. Only then: on a page the browser draws itself,
 * an old tap on the header must not be pressed twice. Used by PageShell, so every page has it.
 */
export function useReplayEarlyTap() {
  const drawnByServer = useDrawnByServer();
  // The recording stops in the same task as the page comes alive (a layout effect, not an effect
  // that waits for the next paint): a visitor's memorial may come alive between the touch that
  // begins a tap and the click that ends it (main.tsx starts the app on that touch), and then the
  // click is the page's own to answer, not one to press a second time.
  useLayoutEffect(() => {
    if (!drawnByServer) return;
    const button = window.__takeEarlyTap?.();
    if (!button) return;
    // Pressed in a task of its own, queued after those in which the parts taken over later
    // (HydrateLater) open: by then every handler on the page is attached.
    const timer = setTimeout(() => {
      if (button.isConnected) button.click();
    });
    return () => clearTimeout(timer);
  }, [drawnByServer]);
}
