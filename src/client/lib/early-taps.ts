import { useEffect, useState, useSyncExternalStore } from 'react';

declare global {
  interface Window {
    /** Set by public/early-taps.js, which the server writes into the page. */
    __takeEarlyTap?: () => HTMLButtonElement | null;
  }
}

const subscribeNothing = () => () => {};

/**
 * True when this page was drawn by the server and is being taken over (hydrated): React reads the
 * server snapshot only then. A page the browser draws itself answers false.
 */
function useDrawnByServer(): boolean {
  const hydrating = useSyncExternalStore(
    subscribeNothing,
    () => false,
    () => true,
  );
  // What the first render saw: the render after hydration reads the browser's snapshot.
  const [drawnByServer] = useState(hydrating);
  return drawnByServer;
}

/**
 * On a page the server drew (the landing page, a memorial): once it has come alive, presses the
 * button a visitor tapped while it was still only HTML (public/early-taps.js), so a tap on a photo
 * or on "Menu" in front of the stone is not lost. Only then: on a page the browser draws itself,
 * an old tap on the header must not be pressed twice. Used by PageShell, so every page has it.
 */
export function useReplayEarlyTap() {
  const drawnByServer = useDrawnByServer();
  useEffect(() => {
    if (!drawnByServer) return;
    // Pressed in a task of its own, after React has finished taking over the page: a button inside
    // a part still waiting to be hydrated (a Suspense boundary) is hydrated by the click itself,
    // which React cannot do while it is still committing.
    const timer = setTimeout(() => {
      const button = window.__takeEarlyTap?.();
      if (button?.isConnected) button.click();
    });
    return () => clearTimeout(timer);
  }, [drawnByServer]);
}
