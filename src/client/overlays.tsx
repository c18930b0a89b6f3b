/**
 * What shows above any page: the cookie settings dialog, the toasts and, in the installed app on a
 * phone, the QR scan button (qr/scan-widget). A root of its own beside the app's, so that they
 * need neither the router nor the query cache (the scan button moves the app through
 * lib/app-navigation.tsx). Loaded with the app, or earlier when the cookie banner's
 * "Indstillinger" is pressed on a page whose app has not started (main.tsx).
 */
import { createRoot } from 'react-dom/client';
import { Toaster } from './components/ui/toaster';
import { openConsentSettings } from './consent/consent-store';
import { ConsentSettings } from './consent/ConsentSettings';
import { canScanHere } from './qr/scan-widget/device';
import { ScanButton } from './qr/scan-widget/ScanButton';

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
      {canScanHere() ? <ScanButton /> : null}
      <Toaster />
    </>,
  );
}

export function openCookieSettings() {
  mountOverlays();
  openConsentSettings();
}
