/**
 * What the server writes into a memorial page's HTML (issue 4): its title and description, the
 * Open Graph and Twitter tags a shared link's preview is made from, and the memorial itself, so
 * the page paints without waiting for a request. Unlisted and private memorials ask search engines
 * to stay away; a memorial the reader may not see reveals nothing, not even its name.
 */
import { DEMO_MEMORIAL_SLUGS } from '../../shared/demo-memorials';
import { packMemorial } from '../../shared/inline-memorial';
import { MEMORIAL_DATA_ELEMENT_ID, type Memorial, memorialTitle } from '../../shared/memorials';
import { type PageHead, metaTag } from '../client-html';
import type { Deps } from '../deps';
import { HttpError } from '../lib/errors';
import { MEMORIAL_DELETED, MEMORIAL_NOT_FOUND, readMemorial } from './service';

/** Page addresses whose HTML carries a memorial: /memorial/{id}, /classic-memorial/{id} and /enhanced-memorial/{id}. */
export const MEMORIAL_PAGE = /^\/(?:memorial|classic-memorial|enhanced-memorial)\/([^/]+)\/?$/;

const years = (memorial: Memorial) => [memorial.birthDate, memorial.deathDate].map((date) => date?.slice(0, 4) ?? '').filter(Boolean).join('–');

/** Plain text from the life story's HTML, for a preview. */
export function plainText(html: string): string {
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

function shorten(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max - 20))}…`;
}

export function memorialDescription(memorial: Memorial): string {
  const span = years(memorial);
  const story = shorten(plainText(memorial.lifeStory), 180);
  return memorial.epitaph || story || `Mindeside for ${memorial.name}${span ? `, ${span}` : ''}. Tænd et lys og skriv en hilsen.`;
}

/** The head of a page with no memorial: 404 (none, or not the reader's to see) or 410 (deleted). */
export function missingPageHead(status: 404 | 410): { status: 404 | 410; head: PageHead } {
  const robots = [metaTag('name', 'robots', 'noindex')];
  return status === 410
    ? { status, head: { title: 'Mindesiden er slettet – Mindested', description: MEMORIAL_DELETED, tags: robots } }
    : { status, head: { title: 'Mindesiden findes ikke – Mindested', description: MEMORIAL_NOT_FOUND, tags: robots } };
}

export async function memorialPageHead(deps: Deps, idOrSlug: string, userId: string | null): Promise<{ status: number; head: PageHead; memorial?: Memorial }> {
  const base = deps.config.BASE_URL;
  let memorial: Memorial;
  try {
    memorial = await readMemorial(deps, decodeURIComponent(idOrSlug), userId);
  } catch (error) {
    if (!(error instanceof HttpError) || (error.statusCode !== 404 && error.statusCode !== 410)) throw error;
    return missingPageHead(error.statusCode);
  }
  const title = memorialTitle(memorial);
  const description = memorialDescription(memorial);
  const url = `${base}/memorial/${memorial.slug}`;
  // The portrait (as a JPEG every preview service reads, about 1000 px wide), else the site's mark.
  const portrait = memorial.media.find((item) => item.id === memorial.portraitId);
  const portraitJpeg = portrait?.variants.filter((variant) => variant.format === 'jpeg').sort((a, b) => Math.abs(a.width - 960) - Math.abs(b.width - 960))[0];
  const image = portraitJpeg ? `${base}${portraitJpeg.url}` : `${base}/icons/icon-512.png`;
  const tags = [
    `<link rel="canonical" href="${url}" />`,
    metaTag('property', 'og:type', 'profile'),
    metaTag('property', 'og:site_name', 'Mindested'),
    metaTag('property', 'og:locale', 'da_DK'),
    metaTag('property', 'og:title', title),
    metaTag('property', 'og:description', description),
    metaTag('property', 'og:url', url),
    metaTag('property', 'og:image', image),
    metaTag('name', 'twitter:card', portraitJpeg ? 'summary_large_image' : 'summary'),
    metaTag('name', 'twitter:title', title),
    metaTag('name', 'twitter:description', description),
    metaTag('name', 'twitter:image', image),
    ...(memorial.privacy === 'public' && !memorial.deletedAt ? [] : [metaTag('name', 'robots', 'noindex')]),
  ];
  // The memorial itself too, for drawing the page on the server (page-cache.ts).
  return { status: 200, head: { title: `${title} – Mindested`, description, tags, data: { elementId: MEMORIAL_DATA_ELEMENT_ID, value: packMemorial(memorial) } }, memorial };
}

/** The demo pages (SPEC.md §2) and the seeded memorial each one shows. */
const DEMO_PAGES: Record<string, { slug: string; title: string }> = {
  '/test-memorial': { slug: DEMO_MEMORIAL_SLUGS.classic, title: 'Eksempel på en mindeside' },
  '/gallery-demo': { slug: DEMO_MEMORIAL_SLUGS.enhanced, title: 'Eksempel på et galleri' },
  '/theme-test': { slug: DEMO_MEMORIAL_SLUGS.classic, title: 'Farvetemaer' },
};

/**
 * A demo page's HTML carries its demo memorial, like a memorial page, so it too paints without a
 * request; kept out of search engines (the people are made up). Null for any other address, or
 * when the demo memorial is not there (the page then explains that itself).
 */
export async function demoPageHead(deps: Deps, pathname: string): Promise<PageHead | null> {
  const page = DEMO_PAGES[pathname.replace(/\/$/, '')];
  if (!page) return null;
  let memorial: Memorial;
  try {
    memorial = await readMemorial(deps, page.slug, null);
  } catch (error) {
    // Never seeded here (404), or seeded and deleted since (410): the page says so itself.
    if (error instanceof HttpError && (error.statusCode === 404 || error.statusCode === 410)) return null;
    throw error;
  }
  return {
    title: `${page.title} – Mindested`,
    description: memorialDescription(memorial),
    tags: [metaTag('name', 'robots', 'noindex')],
    data: { elementId: MEMORIAL_DATA_ELEMENT_ID, value: packMemorial(memorial) },
  };
}
