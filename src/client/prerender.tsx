/**
 * The landing page rendered to HTML on the server (built with `vite build --ssr`, run once when
 * the server starts, see src/server/client-html.ts). A phone on a weak connection then paints the
 * page from the first response instead of after the JavaScript has arrived; the browser entry
 * (main.tsx) hydrates it.
 *
 * Rendered as a visitor whose login state is not known yet, the same state the browser's first
 * render has, so hydration matches.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import type { SiteConfig } from '@/shared/site';
import { App } from './App';
import { createQueryClient } from './lib/query-client';
import { provideSiteConfig } from './lib/site-config';

export async function renderPage(pathname: string, config: SiteConfig): Promise<string> {
  provideSiteConfig(config);
  const queryClient = createQueryClient();
  const { prelude } = await prerenderToNodeStream(
    <QueryClientProvider client={queryClient}>
      <StaticRouter location={pathname}>
        <App />
      </StaticRouter>
    </QueryClientProvider>,
    // Every boundary written in place: React would otherwise move a large one into a <template>
    // with inline scripts to reveal it, which the CSP forbids and a reader without JavaScript
    // would never see.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  let html = '';
  for await (const chunk of prelude) html += typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString('utf8');
  queryClient.clear();
  return html;
}
