/**
 * The app: the query cache and the router around every page (routes.tsx). Started by main.tsx, which
 * decides when: at once on most pages, on a visitor's memorial page when the visitor reaches for it.
 */
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { CONSENT_STORAGE_KEY } from '@/shared/consent';
import { stopAskingForConsent } from './consent/cookie-banner';
import { readConsent } from './consent/consent-store';
import { takeOverDrawnPage } from './lib/drawn-by-server';
import { createQueryClient } from './lib/query-client';
import { keepStoredChoicesCookie } from './lib/stored-choices';
import { THEME_KEY, applyTheme } from './lib/theme';
import { AppRoutes } from './routes';

/** `drawnFor`: the address whose page the server drew into `root`, to take over; null to draw it here. */
export function startApp(root: HTMLElement, drawnFor: string | null) {
  // Choices saved before the cookie of stored-choices.ts existed (or with cookies cleared since):
  // the first scripts did not read them, so apply them now; the next page reads them in time.
  if (keepStoredChoicesCookie([THEME_KEY, CONSENT_STORAGE_KEY])) {
    applyTheme();
    if (readConsent()) stopAskingForConsent();
  }
  const app = (
    <StrictMode>
      <QueryClientProvider client={createQueryClient()}>
        {/*
          Navigations are plain updates, not transitions: a transition would keep the old page on
          screen while the next one loads, so a page that needs a signed-in user would see the user
          cleared by "Log ud" and send the person to /login instead of the front page.
        */}
        <BrowserRouter useTransitions={false}>
          <AppRoutes />
        </BrowserRouter>
      </QueryClientProvider>
    </StrictMode>
  );
  if (drawnFor !== null) {
    takeOverDrawnPage(drawnFor);
    hydrateRoot(root, app);
  } else {
    root.replaceChildren();
    createRoot(root).render(app);
  }
}
