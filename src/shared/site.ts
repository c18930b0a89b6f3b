/**
 * What the browser may know of the server's configuration (ARCHITECTURE.md: an explicit list).
 * The server writes it into index.html as JSON, so no page needs a round trip to read it.
 */
export const SITE_CONFIG_ELEMENT_ID = 'site-config';

export interface SiteConfig {
  contactEmail: string;
  dataController: { name: string; address: string; cvr: string; email: string };
  /** Which AI extras this installation has a provider for (decision 0033): the family's bar links only those. */
  aiExtras: { greeting: boolean; song: boolean };
}
