/**
 * Danish dates as they are written on a memorial card ("2. marts 1941"): the memorial page and the
 * printed memorial book (server/book) write them the same way.
 */
/** The months as Danish writes them, in lower case. */
export const DANISH_MONTHS = ['januar', 'februar', 'marts', 'april', 'maj', 'juni', 'juli', 'august', 'september', 'oktober', 'november', 'december'];

/** A stored date (YYYY-MM-DD) or a timeline date (YYYY or YYYY-MM or YYYY-MM-DD) in words. */
export function danishDate(value: string): string {
  const [year, month, day] = value.split('-');
  if (!month) return year!;
  const name = DANISH_MONTHS[Number(month) - 1] ?? '';
  return day ? `${Number(day)}. ${name} ${year}` : `${name} ${year}`;
}

export function lifeSpan(birthDate: string | null, deathDate: string | null): string {
  if (!birthDate && !deathDate) return '';
  return `${birthDate ? danishDate(birthDate) : '?'} – ${deathDate ? danishDate(deathDate) : ''}`.trim();
}

/** An instant as the day it was in Denmark, in words: "30. november 2026". */
export const danishLongDate = (date: Date) => new Intl.DateTimeFormat('da-DK', { dateStyle: 'long', timeZone: 'Europe/Copenhagen' }).format(date);
