/**
 * The cookie banner and the cookie settings, each loaded only when it is needed: the banner when
 * the visitor has no valid choice stored (consent-store.ts reads that without React components
 * or zod), the dialog (and Radix Dialog with it) when someone opens the settings.
 */
import { lazy, Suspense } from 'react';
import { useConsentUi } from './consent-store';

const CookieBanner = lazy(() => import('./CookieBanner'));
const ConsentSettingsDialog = lazy(() => import('./ConsentSettingsDialog'));

export function ConsentBanner() {
  const { asking, settingsOpen } = useConsentUi();
  return (
    <>
      {asking ? (
        <Suspense fallback={null}>
          <CookieBanner />
        </Suspense>
      ) : null}
      {settingsOpen ? (
        <Suspense fallback={null}>
          <ConsentSettingsDialog />
        </Suspense>
      ) : null}
    </>
  );
}
