/**
 * How the archive's part of the edit page says what the archive holds, about how large it is, and
 * until when a finished one can be fetched, in the Danish a family reads on the page.
 */
import type { ArchiveSummary } from '@/shared/memorial-archive';
import { fileSize } from '../gallery/item-words';

const MB = 1024 * 1024;
const GB = 1024 * MB;

const number = (n: number) => n.toLocaleString('da-DK');
const count = (n: number, one: string, many: string) => `${number(n)} ${n === 1 ? one : many}`;

/** "12 billeder, 2 film, 3 sange, 40 hilsner og 215 tændte lys"; only what there is, null for nothing. */
export function archiveContents(summary: Pick<ArchiveSummary, 'photos' | 'videos' | 'songs' | 'words' | 'candles'>): string | null {
  const parts = [
    summary.photos ? count(summary.photos, 'billede', 'billeder') : null,
    summary.videos ? count(summary.videos, 'film', 'film') : null,
    summary.songs ? count(summary.songs, 'sang', 'sange') : null,
    summary.words ? count(summary.words, 'hilsen', 'hilsner') : null,
    summary.candles ? count(summary.candles, 'tændt lys', 'tændte lys') : null,
  ].filter((part): part is string => part !== null);
  if (!parts.length) return null;
  return parts.length === 1 ? parts[0]! : `${parts.slice(0, -1).join(', ')} og ${parts.at(-1)}`;
}

/**
 * "ca. 48 MB": the files' sizes as stored are about what the ZIP weighs (photos and films do not
 * shrink in it, and the pages add little), so a tenth of a megabyte would be false precision above
 * ten. Under one megabyte it is the pages and the words alone.
 */
export function aboutSize(bytes: number): string {
  const words =
    bytes < MB
      ? 'under 1 MB'
      : bytes < 10 * MB
        ? `ca. ${fileSize(bytes)}`
        : bytes < GB
          ? `ca. ${fileSize(Math.round(bytes / MB) * MB)}`
          : `ca. ${(bytes / GB).toLocaleString('da-DK', { maximumFractionDigits: 1 })} GB`;
  // On one line: "ca." at the end of one and "1,4 GB" at the start of the next reads badly.
  return words.replace(/ /g, '\u00a0');
}

const day = new Intl.DateTimeFormat('da-DK', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Copenhagen' });
const time = new Intl.DateTimeFormat('da-DK', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Copenhagen' });

/** "7. december 2026", on a Danish calendar, the day and its month kept on one line. */
export const danishDay = (iso: string) => day.format(new Date(iso)).replace(/^(\d+\.) /, '$1\u00a0');

/** "30. november 2026 kl. 14.05". */
export const danishDayAndTime = (iso: string) => `${danishDay(iso)} kl.\u00a0${time.format(new Date(iso))}`;
