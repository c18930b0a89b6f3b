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
// The landing page arrives rendered by the server (prerender.tsx): take it over instead of redrawing it.
// Only on "/": offline, the service worker may answer another address with the front page's HTML.
if (root.hasChildNodes() && window.location.pathname === '/') hydrateRoot(root, app);
else {
  root.replaceChildren();
  createRoot(root).render(app);
}

registerServiceWorker();
