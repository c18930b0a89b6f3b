/**
 * The app: the query cache and the router around every page (routes.tsx). Started by main.tsx, which
 * decides when: at once on most pages, on a visitor's memorial page when the visitor reaches for it.
 */
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { AppNavigation } from './lib/app-navigation';
import { takeOverDrawnPage } from './lib/drawn-by-server';
import { createQueryClient } from './lib/query-client';
import { AppRoutes } from './routes';

/** `drawnFor`: the address whose page the server drew into `root`, to take over; null to draw it here. */
export function startApp(root: HTMLElement, drawnFor: string | null) {
  const app = (
    <StrictMode>
      <QueryClientProvider client={createQueryClient()}>
        {/*
          Navigations are plain updates, not transitions: a transition would keep the old page on
          screen while the next one loads, so a page that needs a signed-in user would see the user
          cleared by "Log ud" and send the person to /login instead of the front page.
        */}
        <BrowserRouter useTransitions={false}>
          <AppNavigation />
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
