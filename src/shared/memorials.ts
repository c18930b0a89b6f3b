import type { MediaItem } from './media';
import type { PublishedGreeting } from './ai';
import type { Song } from './music';

/**
 * Memorials (PRODUCT.md "Memorials"): the words and limits both sides use. No zod here, so a page
 * can import these without loading it (the schemas are in memorials-api.ts).
 */
export const MEMORIAL_PRIVACIES = ['public', 'unlisted', 'private'] as const;
export type MemorialPrivacy = (typeof MEMORIAL_PRIVACIES)[number];

export const MEMORIAL_LAYOUTS = ['classic', 'enhanced'] as const;
export type MemorialLayout = (typeof MEMORIAL_LAYOUTS)[number];

/** Colour themes a memorial can wear; the names are the ones families see. */
export const MEMORIAL_THEMES = ['lys', 'skumring', 'skov', 'hav', 'rosa'] as const;
export type MemorialTheme = (typeof MEMORIAL_THEMES)[number];

/** What a family reads for each choice (the edit pages, the theme preview). */
export const THEME_NAMES: Record<MemorialTheme, string> = { lys: 'Lys', skumring: 'Skumring', skov: 'Skov', hav: 'Hav', rosa: 'Rosa' };
export const LAYOUT_NAMES: Record<MemorialLayout, string> = { classic: 'Klassisk', enhanced: 'Udvidet' };
export const PRIVACY_NAMES: Record<MemorialPrivacy, string> = { public: 'Offentlig', unlisted: 'Skjult', private: 'Privat' };

/** Owner (one per memorial), co-administrators, and people invited to see a private memorial. */
export const MEMBER_ROLES = ['owner', 'coadmin', 'viewer'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

/** Single-segment addresses that are never a memorial (SPEC.md §2 "Catch-all /{slug}"). */
export const RESERVED_SLUGS = new Set([
  'login',
  'register',
  'pricing',
  'contact',
  'privacy',
  'terms',
  'cookies',
  'admin',
  'qr-info',
  'qr-setup',
  'warehouse-scan',
  'production',
]);

/** The element in a memorial page's HTML that carries the memorial, so it paints without a request. */
export const MEMORIAL_DATA_ELEMENT_ID = 'memorial-data';
/** The element in a visitor's memorial page that carries its approved posts and candle count (page-cache.ts). */
export const MEMORIAL_POSTS_ELEMENT_ID = 'memorial-posts';

/** How long a deleted memorial can be restored by its owner. */
export const RESTORE_DAYS = 30;

export const MEMORIAL_LIMITS = {
  name: 120,
  place: 120,
  epitaph: 300,
  /** Of the sanitised HTML. */
  lifeStory: 100_000,
  timelineEvents: 200,
  eventTitle: 140,
  eventText: 2_000,
  slug: 80,
} as const;

export interface TimelineEvent {
  /** A year ("1962") or a date ("1962-06-14"): families rarely know every exact day. */
  date: string;
  title: string;
  text: string;
}

export interface RestingPlace {
  cemetery: string;
  section: string;
  graveNumber: string;
  latitude: number | null;
  longitude: number | null;
}

export interface Memorial {
  id: string;
  slug: string;
  name: string;
  birthDate: string | null;
  deathDate: string | null;
  birthPlace: string;
  deathPlace: string;
  restingPlace: RestingPlace;
  epitaph: string;
  /** Sanitised HTML (an allow-list on the server). */
  lifeStory: string;
  timeline: TimelineEvent[];
  /** The theme chosen; a visitor of a memorial without Premium gets the one it is shown in (premium.ts). */
  theme: MemorialTheme;
  layout: MemorialLayout;
  privacy: MemorialPrivacy;
  /** Whether the memorial has Premium now (a paid period covers this instant, decision 0025). */
  premium: boolean;
  /** The gallery in its order; the portrait and cover are photos from it. */
  media: MediaItem[];
  /** The music in the family's order (music/): to visitors only while the memorial has Premium. */
  music: Song[];
  /** The animated greeting the family chose to show (ai/), labelled "Skabt med AI"; null for none. */
  greeting: PublishedGreeting | null;
  portraitId: string | null;
  coverId: string | null;
  createdAt: string;
  updatedAt: string;
  /** Set while the memorial is deleted and can still be restored. */
  deletedAt: string | null;
  /** The reader's own relation to the memorial. */
  viewer: { role: MemberRole | null; canEdit: boolean };
}

export interface MemorialSummary {
  id: string;
  slug: string;
  name: string;
  birthDate: string | null;
  deathDate: string | null;
  privacy: MemorialPrivacy;
  role: MemberRole;
  deletedAt: string | null;
  /** The last day it can be restored, while deleted. */
  restorableUntil: string | null;
}

/** "Karen Jensen (1941–2023)": the page title and the share preview's title. */
export function memorialTitle(memorial: Pick<Memorial, 'name' | 'birthDate' | 'deathDate'>): string {
  const span = [memorial.birthDate, memorial.deathDate].map((date) => date?.slice(0, 4) ?? '').filter(Boolean).join('–');
  return span ? `${memorial.name} (${span})` : memorial.name;
}
