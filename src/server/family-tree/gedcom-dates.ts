/**
 * GEDCOM 5.5.1's dates (chapter 2, DATE_VALUE) read into a tree's date and written back: "12 MAR
 * 1941", "MAR 1941", "1941", "ABT 1890" (also CAL and EST), "BEF 1850", "AFT 1920", "BET 1890 AND
 * 1895" and "FROM 1890 TO 1895". A calendar escape (@#DJULIAN@) is read past; a date phrase in
 * parentheses alone, or anything else, is not understood and says so.
 */
import { type TreeDate, isValidTreeDate } from '../../shared/family-tree';

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

/** "12 MAR 1941" and its shorter forms; a dual year ("1700/01") is read as its first year. */
function plainDate(text: string): Omit<TreeDate, 'qualifier'> | null {
  const parts = text.replace(/@#D[A-Z ]+@/g, '').trim().split(/\s+/);
  if (parts.length === 0 || parts.length > 3) return null;
  const yearText = parts.at(-1)!.replace(/\/\d{1,2}$/, '');
  if (!/^\d{1,4}$/.test(yearText)) return null;
  const date: Omit<TreeDate, 'qualifier'> = { year: Number(yearText) };
  if (parts.length >= 2) {
    const month = MONTHS.indexOf(parts.at(-2)!.toUpperCase());
    if (month < 0) return null;
    date.month = month + 1;
  }
  if (parts.length === 3) {
    if (!/^\d{1,2}$/.test(parts[0]!)) return null;
    date.day = Number(parts[0]);
  }
  return date;
}

export function readGedcomDate(value: string): TreeDate | null {
  // An interpreted date's phrase ("INT 1890 (omkring jul)") is the family's words about it: the date is enough.
  const text = value.trim().toUpperCase().replace(/\s*\(.*\)\s*$/, '');
  let date: TreeDate | null = null;
  const span = /^(?:BET|FROM) (.+) (?:AND|TO) (.+)$/.exec(text);
  const qualified = /^(ABT|CAL|EST|BEF|AFT|INT|FROM|TO) (.+)$/.exec(text);
  if (span) {
    const from = plainDate(span[1]!);
    const to = plainDate(span[2]!);
    if (from && to) date = to.year > from.year ? { qualifier: 'between', year: from.year, to: to.year } : { qualifier: 'about', year: from.year };
  } else if (qualified) {
    const plain = plainDate(qualified[2]!);
    const qualifier = { ABT: 'about', CAL: 'about', EST: 'about', INT: 'exact', BEF: 'before', TO: 'before', AFT: 'after', FROM: 'after' } as const;
    if (plain) date = { ...plain, qualifier: qualifier[qualified[1] as keyof typeof qualifier] };
  } else {
    const plain = plainDate(text);
    if (plain) date = { ...plain, qualifier: 'exact' };
  }
  return date && isValidTreeDate(date) ? date : null;
}

export function writeGedcomDate(date: TreeDate): string {
  const plain = [date.day, date.month !== undefined ? MONTHS[date.month - 1] : undefined, date.year].filter((part) => part !== undefined).join(' ');
  switch (date.qualifier) {
    case 'about':
      return `ABT ${plain}`;
    case 'before':
      return `BEF ${plain}`;
    case 'after':
      return `AFT ${plain}`;
    case 'between':
      return `BET ${date.year} AND ${date.to}`;
    default:
      return plain;
  }
}
