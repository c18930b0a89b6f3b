/**
 * A timeline date as a Dane types it ("14.6.1962", "14-06-1962", "juni 1962", "1962") turned into
 * the stored form (1962-06-14, 1962-06, 1962). Anything else is returned as typed, so the
 * schema's message can say what is wrong.
 */
import { DANISH_MONTHS } from '../../../shared/danish-dates';

const pad = (value: string) => value.padStart(2, '0');

export function normaliseEventDate(typed: string): string {
  const value = typed.trim().toLowerCase();
  const dayMonthYear = /^(\d{1,2})[.\-/ ]\s*(\d{1,2})[.\-/ ]\s*(\d{4})$/.exec(value);
  if (dayMonthYear) {
    const [, day, month, year] = dayMonthYear;
    return `${year}-${pad(month!)}-${pad(day!)}`;
  }
  const monthYear = /^(\d{1,2})[.\-/ ]\s*(\d{4})$/.exec(value);
  if (monthYear) return `${monthYear[2]}-${pad(monthYear[1]!)}`;
  const worded = /^(?:(\d{1,2})\.?\s+)?([a-zæøå]+)\.?\s+(\d{4})$/.exec(value);
  if (worded) {
    const month = DANISH_MONTHS.findIndex((name) => name.startsWith(worded[2]!) && worded[2]!.length >= 3);
    if (month >= 0) return worded[1] ? `${worded[3]}-${pad(String(month + 1))}-${pad(worded[1])}` : `${worded[3]}-${pad(String(month + 1))}`;
  }
  return typed.trim();
}
