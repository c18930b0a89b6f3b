/**
 * The AI extras (decision 0033): an animated greeting (a still portrait gently brought to life, its
 * message shown as text, never spoken) and a song about the person (lyrics the family reads and
 * edits, then music). Each is one paid order, made by a provider in the job queue.
 */

/** One paid order makes one result, and the family may try again this many times for free. */
export const AI_FREE_RETRIES = 2;
export const AI_TRIES_PER_ORDER = 1 + AI_FREE_RETRIES;
/** Drafts of lyrics are cheap but not free: this many per song order. */
export const AI_LYRICS_DRAFTS_PER_ORDER = 10;

export const AI_WORK_KINDS = ['greeting', 'lyrics', 'song'] as const;
export type AiWorkKind = (typeof AI_WORK_KINDS)[number];

/** queued → running → succeeded | failed | cancelled (staff or the family stopped it). */
export const AI_STATUSES = ['queued', 'running', 'succeeded', 'failed', 'cancelled'] as const;
export type AiStatus = (typeof AI_STATUSES)[number];

export const SONG_STYLES = ['salme', 'vise', 'pop', 'instrumental'] as const;
export type SongStyle = (typeof SONG_STYLES)[number];
export const SONG_STYLE_LABELS: Record<SongStyle, string> = {
  salme: 'Salme',
  vise: 'Vise',
  pop: 'Pop',
  instrumental: 'Instrumental',
};

/** A song's length in seconds, as the family chooses it. */
export const SONG_LENGTHS = [60, 120, 180] as const;
export type SongLength = (typeof SONG_LENGTHS)[number];

/** What the song may draw on, read from the memorial. */
export const SONG_FACTS = ['lifeStory', 'places', 'names', 'loved'] as const;
export type SongFact = (typeof SONG_FACTS)[number];
export const SONG_FACT_LABELS: Record<SongFact, string> = {
  lifeStory: 'Livshistorien',
  places: 'Steder',
  names: 'Navne',
  loved: 'Det, hun eller han holdt af',
};

export const GREETING_MESSAGE_MAX = 300;
export const LYRICS_MAX = 3000;
export const SONG_WISHES_MAX = 600;

/** The label every AI-made thing carries, wherever it is shown. */
export const MADE_WITH_AI = 'Skabt med AI';

export const AI_MESSAGES = {
  greetingNotOffered: 'Animerede hilsener tilbydes ikke på denne installation.',
  songNotOffered: 'Sange med AI tilbydes ikke på denne installation.',
  orderNotFound: 'Bestillingen findes ikke for denne mindeside.',
  orderNotPaid: 'Bestillingen er ikke betalt endnu. Når betalingen er modtaget, kan I gå i gang.',
  orderRefunded: 'Bestillingen er refunderet, så der kan ikke laves mere med den.',
  wrongOrderKind: 'Bestillingen gælder ikke denne slags.',
  noTriesLeft: 'I har brugt alle forsøg på denne bestilling. Skriv til os, hvis resultatet ikke blev godt.',
  noDraftsLeft: 'I har bedt om tekster mange gange på denne bestilling. Ret i den sidste, eller skriv til os.',
  busy: 'Der er allerede en i gang. Vent, til den er færdig.',
  consentMissing: 'Bekræft, at I har ret til at bruge billedet af personen.',
  portraitMissing: 'Vælg et portræt.',
  portraitNotPhoto: 'Portrættet skal være et billede fra mindesidens galleri.',
  messageMissing: 'Skriv hilsenen, der skal stå ved billedet.',
  messageTooLong: `Hilsenen må højst være ${GREETING_MESSAGE_MAX} tegn.`,
  lyricsMissing: 'Skriv sangteksten, eller vælg instrumental.',
  lyricsTooLong: `Sangteksten må højst være ${LYRICS_MAX} tegn.`,
  wishesTooLong: `Ønskerne må højst være ${SONG_WISHES_MAX} tegn.`,
  factsMissing: 'Vælg mindst én ting, sangen må bygge på.',
  factsEmpty: 'Mindesiden har ikke noget at fortælle om det, I har valgt. Skriv livshistorien eller nogle ønsker først.',
  notFound: 'Resultatet findes ikke.',
  notReady: 'Resultatet er ikke færdigt endnu.',
  notPublishable: 'Kun en færdig hilsen eller sang kan vises på mindesiden.',
} as const;

/**
 * What the family is told when a try failed: plain, never the provider's words (staff see those).
 * The try is not counted, so they can try again, or ask for their money back.
 */
export const AI_FAILED_FOR_FAMILY = 'Det lykkedes ikke denne gang. Forsøget tæller ikke med: prøv igen, eller skriv til os, så refunderer vi bestillingen.';

/** A greeting the family has shown on the memorial page: it plays only when pressed, with captions. */
export interface PublishedGreeting {
  id: string;
  videoUrl: string;
  mime: string;
  /** WebVTT of the message, so the words are there for those who cannot hear and read it (the video is silent). */
  captionsUrl: string;
  message: string;
  posterUrl: string | null;
}
