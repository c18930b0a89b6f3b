/**
 * What the free plan holds and what Premium adds (/pricing, PRODUCT.md "Money"), and the Danish
 * sentences that say so: one place, so a changed limit cannot leave a stale sentence behind. The
 * server refuses what is Premium's on a memorial without it; a memorial whose Premium lapsed keeps
 * everything, and visitors see only what the free plan holds (asVisitorsSeeIt) until it is paid
 * again (docs/decisions/0025). No zod here, so any page may import it.
 */
import type { MediaItem } from './media';
import type { Song } from './music';
import { type Memorial, type MemorialTheme, THEME_NAMES } from './memorials';

/** The themes of the free plan; the others (Skov, Hav, Rosa) are Premium's. */
export const FREE_THEMES = ['lys', 'skumring'] as const satisfies readonly MemorialTheme[];
/** What a memorial without Premium wears when its chosen theme is one of Premium's. */
export const FREE_FALLBACK_THEME: MemorialTheme = 'lys';
/** Photos a memorial without Premium holds (and shows: the first ones in the gallery's order). */
export const FREE_PHOTO_LIMIT = 30;
/** Where a family buys Premium for a memorial. */
export const SUBSCRIPTION_PATH = '/subscription';

export function isPremiumTheme(theme: MemorialTheme): boolean {
  return !(FREE_THEMES as readonly MemorialTheme[]).includes(theme);
}

/** The theme a memorial is shown in: its own, unless that is Premium's and the memorial has no Premium now. */
export function shownTheme(theme: MemorialTheme, premium: boolean): MemorialTheme {
  return premium || !isPremiumTheme(theme) ? theme : FREE_FALLBACK_THEME;
}

/** Films, uploaded or from YouTube, are Premium's. */
export const isVideo = (item: Pick<MediaItem, 'kind'>) => item.kind !== 'photo';

export const PREMIUM_MESSAGES = {
  theme: (theme: MemorialTheme) =>
    `Temaet ${THEME_NAMES[theme]} hører til Premium. Vælg ${THEME_NAMES.lys} eller ${THEME_NAMES.skumring}, eller køb Premium til mindesiden.`,
  photoLimit: `Den gratis mindeside har plads til ${FREE_PHOTO_LIMIT} billeder. Med Premium er der plads til alle.`,
  video: 'Film og videoer fra YouTube hører til Premium. Den gratis mindeside viser billeder; med Premium kan I også vise film.',
  music: 'Musik på mindesiden hører til Premium. Med Premium kan I lægge sange og salmer på siden, så besøgende kan lytte til dem.',
  /** Beside an item or a theme a family has, which visitors do not see while the memorial has no Premium. */
  hidden: 'Skjult – kræver Premium',
} as const;

/**
 * The gallery as a memorial's administrators see it: every item, and those visitors do not see
 * without Premium flagged. Without Premium visitors see the first FREE_PHOTO_LIMIT photos in the
 * gallery's order and no films; with Premium nothing is flagged.
 */
export function flagHiddenMedia(media: MediaItem[], premium: boolean): MediaItem[] {
  if (premium) return media;
  let photos = 0;
  return media.map((item) => {
    const hidden = isVideo(item) || (photos += 1) > FREE_PHOTO_LIMIT;
    return hidden ? { ...item, hiddenWithoutPremium: true } : item;
  });
}

/**
 * The music as a memorial's administrators see it: all of it is Premium's, so without Premium
 * every song is flagged (kept, and heard again when Premium is paid).
 */
export function flagHiddenSongs(songs: Song[], premium: boolean): Song[] {
  return premium ? songs : songs.map((song) => ({ ...song, hiddenWithoutPremium: true }));
}

/**
 * The memorial as visitors get it: without Premium, its flagged items left out (a portrait or
 * cover among them too), no music, and a Premium theme given way to the free one. Nothing is removed from the
 * memorial itself: paid again, it is all back.
 */
export function asVisitorsSeeIt(memorial: Memorial): Memorial {
  if (memorial.premium) return memorial;
  const media = flagHiddenMedia(memorial.media, false);
  const shown = new Set(media.filter((item) => !item.hiddenWithoutPremium).map((item) => item.id));
  return {
    ...memorial,
    theme: shownTheme(memorial.theme, false),
    media: media.filter((item) => shown.has(item.id)),
    music: [],
    portraitId: memorial.portraitId && shown.has(memorial.portraitId) ? memorial.portraitId : null,
    coverId: memorial.coverId && shown.has(memorial.coverId) ? memorial.coverId : null,
  };
}
