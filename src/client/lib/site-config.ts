/**
 * The server's public configuration (src/shared/site.ts), read once from the JSON the server
 * writes into index.html. Without it (a page served by something else) the defaults below hold.
 */
import { SITE_CONFIG_ELEMENT_ID, type SiteConfig } from '@/shared/site';

const fallback: SiteConfig = {
  contactEmail: 'kontakt@mindested.dk',
  dataController: { name: 'Mindested', address: '', cvr: '', email: 'kontakt@mindested.dk' },
  aiExtras: { greeting: false, song: false },
};

let cached: SiteConfig | undefined;

/** The server's prerender (prerender.tsx) has no document to read; it hands the configuration in. */
export function provideSiteConfig(config: SiteConfig) {
  cached = config;
}

function read(element: HTMLElement | null): SiteConfig {
  try {
    const value = JSON.parse(element?.textContent ?? '') as Partial<SiteConfig>;
    // Checked by hand, not with zod: this runs on every page, inside the first load's budget.
    if (typeof value.contactEmail === 'string' && typeof value.dataController?.name === 'string') return { ...fallback, ...value };
  } catch {
    // No configuration in the page.
  }
  return fallback;
}

export function siteConfig(): SiteConfig {
  if (cached) return cached;
  if (typeof document === 'undefined') return fallback;
  cached = read(document.getElementById(SITE_CONFIG_ELEMENT_ID));
  return cached;
}
