/**
 * What shows above any page: the cookie banner with its settings, and the toasts. A root of its
 * own beside the app's, so that they need neither the router nor the query cache, and show on a
 * visitor's memorial page before (or without) the app being started there (main.tsx).
 */
import { createRoot } from 'react-dom/client';
import { Toaster } from './components/ui/toaster';
import { ConsentBanner } from './consent/ConsentBanner';

export function mountOverlays() {
  const host = document.createElement('div');
  host.id = 'overlays';
  document.body.append(host);
  createRoot(host).render(
    <>
      <ConsentBanner />
      <Toaster />
    </>,
  );
}
