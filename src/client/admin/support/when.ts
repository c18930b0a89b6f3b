/**
 * Times in the inbox, in Danish and in Danish time: near ones as a person says them ("for 5 min.
 * siden", "i går 14.05"), older ones as a date; the exact moment goes in the title, for hovering.
 */
const ZONE = 'Europe/Copenhagen';
const clock = new Intl.DateTimeFormat('da-DK', { timeZone: ZONE, hour: '2-digit', minute: '2-digit' });
const dayMonth = new Intl.DateTimeFormat('da-DK', { timeZone: ZONE, day: 'numeric', month: 'short' });
const fullDate = new Intl.DateTimeFormat('da-DK', { timeZone: ZONE, day: 'numeric', month: 'short', year: 'numeric' });
const exact = new Intl.DateTimeFormat('da-DK', { timeZone: ZONE, dateStyle: 'full', timeStyle: 'short' });
const dayKey = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** "for 5 min. siden", "i dag 09.12", "i går 14.05", "3. nov. 14.05", "3. nov. 2025". */
export function whenShort(iso: string, now = new Date()): string {
  const at = new Date(iso);
  const ago = now.getTime() - at.getTime();
  if (ago < MINUTE) return 'lige nu';
  if (ago < HOUR) return `for ${Math.floor(ago / MINUTE)} min. siden`;
  const day = dayKey.format(at);
  if (day === dayKey.format(now)) return `i dag ${clock.format(at)}`;
  if (day === dayKey.format(new Date(now.getTime() - 24 * HOUR))) return `i går ${clock.format(at)}`;
  if (at.getFullYear() === now.getFullYear()) return `${dayMonth.format(at)} ${clock.format(at)}`;
  return fullDate.format(at);
}

/** "mandag den 3. november 2025 kl. 14.05": the title of a short time. */
export const whenExact = (iso: string) => exact.format(new Date(iso));

/**
 * A data request's deadline (a month, shared/contact.ts) as the inbox says it: "Svar senest 1. dec.
 * 2026", or, once passed, "Fristen var 1. dec. 2026".
 */
export function deadlineWords(iso: string, now = new Date()): string {
  const at = new Date(iso);
  return at < now ? `Fristen var ${fullDate.format(at)}` : `Svar senest ${fullDate.format(at)}`;
}
