/** The browser entry: fonts, styles, the query cache, the router and the toasts around every page. */
// Fraunces' weight axis only: its optical-size axis would almost double the font a phone must fetch (67 KB against 37 KB).
import '@fontsource-variable/fraunces/wght.css';
import '@fontsource-variable/source-sans-3/wght.css';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { App } from './App';
import { takeOverDrawnPage } from './lib/drawn-by-server';
import { createQueryClient } from './lib/query-client';
import { registerServiceWorker } from './service-worker';

const queryClient = createQueryClient();

const root = document.getElementById('root')!;
const app = (
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      {/*
        Navigations are plain updates, not transitions: a transition would keep the old page on
        screen while the next one loads, so a page that needs a signed-in user would see the user
        cleared by "Log ud" and send the person to /login instead of the front page.
      */}
      <BrowserRouter useTransitions={false}>
        <App />
      </BrowserRouter>
    </QueryClientProvider>
  </StrictMode>
);
// The landing page and a memorial page arrive rendered by the server (prerender.tsx): take them over
// instead of redrawing them. Only the address they were rendered for: offline, the service worker
// may answer another address with the front page's HTML.
const renderedFor = root.dataset.rendered ?? '/';
if (root.hasChildNodes() && window.location.pathname === renderedFor) {
  takeOverDrawnPage(renderedFor);
  hydrateRoot(root, app);
} else {
  root.replaceChildren();
  createRoot(root).render(app);
}

registerServiceWorker();
