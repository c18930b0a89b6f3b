/**
 * The landing page rendered to HTML on the server (built with `vite build --ssr`, run once when
 * the server starts, see src/server/client-html.ts). A phone on a weak connection then paints the
 * page from the first response instead of after the JavaScript has arrived; the browser entry
 * (main.tsx) hydrates it.
 *
 * Memorial pages are rendered the same way for visitors (src/server/memorials/page-cache.ts),
 * with the memorial handed in: it is the data the page carries inline, so the browser's first
 * render finds the same memorial and hydration matches.
 *
 * The cookie banner is rendered here too, once, for the server to write into every page.
 *
 * Rendered as a visitor whose login state is not known yet, the same state the browser's first
 * render has, so hydration matches.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { renderToString, renderToStringAsync } from 'preact-render-to-string';
import { StaticRouter } from 'react-router';
import type { InlineFamilyTree } from '@/shared/family-tree-api';
import type { Memorial } from '@/shared/memorials';
import type { PublicPosts } from '@/shared/posts-api';
import type { SiteConfig } from '@/shared/site';
import { CookieBanner } from './consent/CookieBanner';
import { closeFamilyKey } from './family-tree/api';
import { createQueryClient } from './lib/query-client';
import { provideSiteConfig } from './lib/site-config';
import { postsKey } from './memorials/posts/use-posts';
import { memorialKey } from './memorials/use-memorial';
import { AppRoutes } from './routes';

/**
 * `posts`: the memorial's approved posts, as the page carries them (use-posts.ts reads them back).
 * `familyTree`: a family tree page's close family, as the page carries it (family-tree/api.ts).
 * `pathname` may end in a query (`?person=…`), which the page reads.
 */
export async function renderPage(pathname: string, config: SiteConfig, memorial?: Memorial, posts?: PublicPosts, familyTree?: InlineFamilyTree): Promise<string> {
  provideSiteConfig(config);
  const queryClient = createQueryClient();
  if (memorial) {
    // Under every address the page may ask by: the one in the path, the id and the slug.
    const asked = decodeURIComponent(pathname.split('/')[2] ?? '');
    for (const key of new Set([asked, memorial.id, memorial.slug])) queryClient.setQueryData(memorialKey(key), memorial);
    if (posts) queryClient.setQueryData(postsKey(memorial.id), { ...posts, waiting: [] });
  }
  if (familyTree) queryClient.setQueryData(closeFamilyKey(familyTree.memorial, familyTree.person), familyTree.close);
  // Waits for every lazy part of the page, so the whole page is in the HTML.
  const html = await renderToStringAsync(
    <QueryClientProvider client={queryClient}>
      <StaticRouter location={pathname}>
        <AppRoutes />
      </StaticRouter>
    </QueryClientProvider>,
  );
  queryClient.clear();
  return html;
}

/** The cookie banner, which the server writes last into every page (consent/CookieBanner.tsx). */
export function renderCookieBanner(): string {
  return renderToString(<CookieBanner />);
}
