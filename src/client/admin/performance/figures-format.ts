/**
 * The performance page's numbers in Danish: milliseconds, shares, megabytes and requests per
 * minute, with "–" where nothing was measured (the server sends null, never a made-up zero).
 */

const DASH = '–';
const NBSP = '\u00a0';

const whole = new Intl.NumberFormat('da-DK', { maximumFractionDigits: 0 });
const tenths = new Intl.NumberFormat('da-DK', { maximumFractionDigits: 1 });

/** A count: "1.234". */
export const formatCount = (value: number) => whole.format(value);

/**
 * "3,2 ms" under ten, "48 ms" and "1.250 ms" above: a percentile read from a log-scale bucket is
 * good to about ±9 %, so a tenth of 48 ms would be false precision.
 */
export function formatMs(value: number | null): string {
  if (value === null) return DASH;
  return `${(value < 10 ? tenths : whole).format(value)}${NBSP}ms`;
}

/**
 * A share (0–1) as "0,4 %". A share too small to show at a tenth is "under 0,1 %", never "0 %":
 * one failing request in thousands is still a failing request.
 */
export function formatShare(share: number): string {
  if (share === 0) return `0${NBSP}%`;
  const percent = share * 100;
  if (percent < 0.05) return `under 0,1${NBSP}%`;
  return `${tenths.format(percent)}${NBSP}%`;
}

/** Requests per minute: "12,4", "0,1", and whole numbers from a hundred. */
export function formatPerMinute(value: number): string {
  if (value > 0 && value < 0.05) return `under 0,1`;
  return (value < 100 ? tenths : whole).format(value);
}

/** Bytes as whole mebibytes, written "MB" as Node and the operating system's tools do: "182 MB". */
export function formatMegabytes(bytes: number): string {
  return `${whole.format(bytes / (1024 * 1024))}${NBSP}MB`;
}

/** An error rate above this is shown in the problem colour: more than one answer in a hundred fails. */
export const ERROR_RATE_PROBLEM = 0.01;

export const DATABASE_ENGINES = { pglite: 'Indbygget database', postgres: 'PostgreSQL' } as const;

const clock = new Intl.DateTimeFormat('da-DK', { hour: '2-digit', minute: '2-digit', second: '2-digit', timeZone: 'Europe/Copenhagen' });

/** A moment on a Danish clock with seconds, the way the dashboard writes its time: "14.05.12". */
export const formatClock = (at: number | Date) => clock.format(at);
