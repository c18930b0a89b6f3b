/** Calendar arithmetic for the statistics' 90 Danish days (the day itself: lib/daily.ts danishDay). */
const DAY_MS = 24 * 60 * 60_000;

/** The `count` calendar days ending with `lastDay` (YYYY-MM-DD), oldest first. */
export function daysEnding(lastDay: string, count: number): string[] {
  // Calendar arithmetic at UTC midnight: no summer time there, so every day is 24 hours long.
  const last = Date.parse(`${lastDay}T00:00:00Z`);
  return Array.from({ length: count }, (_, i) => new Date(last - (count - 1 - i) * DAY_MS).toISOString().slice(0, 10));
}
