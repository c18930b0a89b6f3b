/**
 * The words and numbers around a chart, in Danish: the x axis's times, the values (1.234), and the
 * sentence that says what the chart shows for anyone who cannot see it ("Tilmeldinger de sidste
 * 90 dage: 312 i alt, flest 14. november (18)").
 */

/** Calendar days (YYYY-MM-DD) or moments (epoch seconds), oldest first. */
export type ChartX = { days: readonly string[] } | { seconds: readonly number[] };

const DAY_SECONDS = 24 * 60 * 60;
const DANISH_ZONE = 'Europe/Copenhagen';
const danishNumber = new Intl.NumberFormat('da-DK', { maximumFractionDigits: 1 });

export const formatNumber = (value: number) => danishNumber.format(value);

/**
 * Days are drawn at midnight UTC and named in UTC: a calendar day is the same day in any browser,
 * whatever the zone of the machine. Moments are named on a Danish clock.
 */
export const isDays = (x: ChartX): x is { days: readonly string[] } => 'days' in x;
export const xSeconds = (x: ChartX): number[] => (isDays(x) ? x.days.map((day) => Date.parse(`${day}T00:00:00Z`) / 1000) : [...x.seconds]);
export const xZone = (x: ChartX) => (isDays(x) ? 'UTC' : DANISH_ZONE);
/** The gap between two neighbouring points (a day, a minute), so a bar is as wide as its slot. */
export const xStep = (x: ChartX, seconds: number[]) => (isDays(x) ? DAY_SECONDS : seconds.length > 1 ? (seconds.at(-1)! - seconds[0]!) / (seconds.length - 1) : 60);

const formats = new Map<string, Intl.DateTimeFormat>();
function format(zone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${zone}|${JSON.stringify(options)}`;
  let made = formats.get(key);
  if (!made) formats.set(key, (made = new Intl.DateTimeFormat('da-DK', { ...options, timeZone: zone })));
  return made;
}

/** A tick's label on the x axis: "3. nov." for days and spans over a day, "14.32" within one. */
export function tickLabel(x: ChartX, seconds: number, spanSeconds: number): string {
  const date = new Date(seconds * 1000);
  if (isDays(x) || spanSeconds > 2 * DAY_SECONDS) return format(xZone(x), { day: 'numeric', month: 'short' }).format(date);
  return format(xZone(x), { hour: '2-digit', minute: '2-digit' }).format(date);
}

/** One point's time in full: "fre. 14. nov. 2025" for a day, "14. nov. kl. 14.32" for a moment. */
export function pointLabel(x: ChartX, seconds: number): string {
  const date = new Date(seconds * 1000);
  if (isDays(x)) return format('UTC', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' }).format(date);
  // Composed: Intl writes "14. nov., 14.32" for a short month, and a Dane writes "kl.".
  return `${format(DANISH_ZONE, { day: 'numeric', month: 'short' }).format(date)} kl. ${format(DANISH_ZONE, { hour: '2-digit', minute: '2-digit' }).format(date)}`;
}

/** A point's time in a sentence: "14. november", "14. november kl. 14.32". */
function whenInWords(x: ChartX, seconds: number): string {
  const date = new Date(seconds * 1000);
  if (isDays(x)) return format('UTC', { day: 'numeric', month: 'long' }).format(date);
  return format(DANISH_ZONE, { day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit' }).format(date);
}

/** "de sidste 90 dage", "de sidste 60 minutter" (points a minute apart), or from when to when. */
export function periodInWords(x: ChartX, seconds: number[]): string {
  if (isDays(x)) return `de sidste ${x.days.length} dage`;
  if (seconds.length < 2) return seconds.length ? whenInWords(x, seconds[0]!) : '';
  // Each point stands for its slot (a minute's requests): 60 of them are the last 60 minutes.
  const span = seconds.at(-1)! - seconds[0]! + xStep(x, seconds);
  if (span <= 2 * 60 * 60) return `de sidste ${Math.round(span / 60)} minutter`;
  return `fra ${whenInWords(x, seconds[0]!)} til ${whenInWords(x, seconds.at(-1)!)}`;
}

/**
 * What one series shows, in a sentence. Counts (`total`) are added up, and their busiest point
 * named ("flest"); other measures (a latency) are not added, only their highest point named.
 */
export function seriesSummary(options: { label: string; x: ChartX; values: readonly (number | null)[]; total: boolean; formatValue: (value: number) => string }): string {
  const { label, x, values, total, formatValue } = options;
  const seconds = xSeconds(x);
  const period = periodInWords(x, seconds);
  let peak = -1;
  let sum = 0;
  values.forEach((value, i) => {
    if (value === null) return;
    sum += value;
    if (peak < 0 || value > values[peak]!) peak = i;
  });
  const head = `${label} ${period}`;
  if (peak < 0 || (total && sum === 0)) return `${head}: ingen.`;
  const highest = `${total ? 'flest' : 'højest'} ${whenInWords(x, seconds[peak]!)} (${formatValue(values[peak]!)})`;
  return total ? `${head}: ${formatValue(sum)} i alt, ${highest}.` : `${head}: ${highest}.`;
}
