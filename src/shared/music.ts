/**
 * A memorial's music (SPEC.md /memorial/{id}/music): the family's songs in their order, uploaded
 * sound or YouTube links. No zod here (music-api.ts has the schemas), so the memorial page may
 * import it without the validator.
 */
export const SONG_SOURCES = ['upload', 'youtube', 'ai'] as const;
export type SongSource = (typeof SONG_SOURCES)[number];

export const SONG_TITLE_MAX = 120;
export const SONG_NOTE_MAX = 300;
/** More would be a concert, not a memorial's music; and the page lists them all. */
export const SONGS_MAX = 50;

export interface Song {
  id: string;
  source: SongSource;
  title: string;
  /** The family's words about it ("Hans yndlingssalme"); empty for none. */
  note: string;
  position: number;
  /** Uploads: where the file is served (/media/…, with ranges), its type and size. */
  url: string | null;
  mime: string | null;
  bytes: number | null;
  /** Uploads: read from the file's content when it came. */
  durationSeconds: number | null;
  /** YouTube links: the video's id. */
  youtubeId: string | null;
  /** A song made with AI (source 'ai', labelled "Skabt med AI"): the lyrics it was sung from; else null. */
  lyrics: string | null;
  createdAt: string;
  /**
   * Only in the view of the memorial's administrators: the memorial has no Premium now, so
   * visitors do not hear this song. It is kept, and back when Premium is paid (premium.ts).
   */
  hiddenWithoutPremium?: boolean;
}

export const MUSIC_MESSAGES = {
  titleMissing: 'Skriv sangens titel.',
  titleTooLong: `Titlen må højst være ${SONG_TITLE_MAX} tegn.`,
  noteTooLong: `Teksten om sangen må højst være ${SONG_NOTE_MAX} tegn.`,
  notFound: 'Sangen findes ikke længere på mindesiden. Hent siden igen.',
  youtubeInvalid: 'Linket er ikke en YouTube-video. Kopiér adressen fra YouTube og prøv igen.',
  youtubeMissing: 'Indsæt linket til sangen på YouTube.',
  chooseFile: 'Vælg en lydfil at uploade, eller indsæt et link til YouTube.',
  tooMany: `Der er plads til ${SONGS_MAX} sange på en mindeside. Fjern en, før du tilføjer en ny.`,
  orderMismatch: 'Listen over sange er ændret imens. Hent siden igen og prøv på ny.',
} as const;

/** "3:07", "1:02:05": how long a song is, as a player shows it. */
export function playTime(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** The title a song gets when the family wrote none: the file's own name without its ending. */
export function titleFromFileName(filename: string): string {
  const base = filename.replace(/^.*[\\/]/, '').replace(/\.[A-Za-z0-9]{1,5}$/, '');
  return base.replace(/[_]+/g, ' ').replace(/\s+/g, ' ').trim().slice(0, SONG_TITLE_MAX);
}
