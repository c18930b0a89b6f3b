/**
 * The cookie settings dialog, loaded (with Radix Dialog) only when someone opens it: the banner's
 * "Indstillinger" or the footer's "Cookie-indstillinger".
 */
import { lazy, Suspense } from 'react';
import { useConsentSettingsOpen } from './consent-store';

const ConsentSettingsDialog = lazy(() => import('./ConsentSettingsDialog'));

export function ConsentSettings() {
  return useConsentSettingsOpen() ? (
    <Suspense fallback={null}>
      <ConsentSettingsDialog />
    </Suspense>
  ) : null;
}
