/**
 * Lets a part that lives outside the router move the app to another address: the overlays
 * (overlays.tsx) are a root of their own, so that no page's takeover (hydration) has to make room
 * for them, and the scan widget among them opens the page a scanned code leads to.
 */
import { useEffect } from 'react';
import { type NavigateFunction, useNavigate } from 'react-router';

let navigateApp: NavigateFunction | null = null;

/** Rendered inside the router (start-app.tsx); draws nothing. */
export function AppNavigation() {
  const navigate = useNavigate();
  useEffect(() => {
    navigateApp = navigate;
    return () => {
      if (navigateApp === navigate) navigateApp = null;
    };
  }, [navigate]);
  return null;
}

/** Goes to `path` in the app, or loads it if the app has not started. */
export function navigateInApp(path: string): void {
  if (navigateApp) void navigateApp(path);
  else window.location.assign(path);
}
