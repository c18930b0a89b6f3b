/** The browser entry: fonts, styles, the query cache, the router and the toasts around every page. */
import '@/shared/zod-locale';
import '@fontsource-variable/fraunces/opsz.css';
import '@fontsource-variable/source-sans-3/wght.css';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { Toaster } from './components/ui/toaster';
import { createQueryClient } from './lib/query-client';
import { AppRoutes, prefetchPages } from './routes';

const queryClient = createQueryClient();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      {/*
        Navigations are plain updates, not transitions: a transition would keep the old page on
        screen while the next one loads, so a page that needs a signed-in user would see the user
        cleared by "Log ud" and send the person to /login instead of the front page.
      */}
      <BrowserRouter useTransitions={false}>
        <AppRoutes />
        <Toaster />
      </BrowserRouter>
    </QueryClientProvider>
  </StrictMode>,
);

prefetchPages();
