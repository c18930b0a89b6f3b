/**
 * What shows above any page: the cookie settings dialog and the toasts. A root of its own beside
 * the app's, so that they need neither the router nor the query cache. Loaded with the app, or
 * earlier when the cookie banner's "Indstillinger" is pressed on a page whose app has not started
 * (main.tsx).
 */
import { createRoot } from 'react-dom/client';
import { Toaster } from './components/ui/toaster';
import { openConsentSettings } from './consent/consent-store';
import { ConsentSettings } from './consent/ConsentSettings';

let mounted = false;

export function mountOverlays() {
  if (mounted) return;
  mounted = true;
  const host = document.createElement('div');
  host.id = 'overlays';
  document.body.append(host);
  createRoot(host).render(
    <>
      <ConsentSettings />
      <Toaster />
    </>,
  );
}

export function openCookieSettings() {
  mountOverlays();
  openConsentSettings();
}
