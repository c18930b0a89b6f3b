/** The reseller pages' Danish words for dates, numbers, money and names. */

const day = new Intl.DateTimeFormat('da-DK', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Copenhagen' });
const shortDay = new Intl.DateTimeFormat('da-DK', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Europe/Copenhagen' });
const number = new Intl.NumberFormat('da-DK');
const kroner = new Intl.NumberFormat('da-DK', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
// A month ("2026-11") is a calendar month, read at noon UTC on its 15th: never the month beside it.
const monthShort = new Intl.DateTimeFormat('da-DK', { month: 'short', timeZone: 'UTC' });
const monthLong = new Intl.DateTimeFormat('da-DK', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const atMonth = (month: string) => new Date(`${month}-15T12:00:00Z`);

/** "12. marts 2026" */
export const danishDay = (iso: string) => day.format(new Date(iso));
/** "12. mar. 2026", where a table's column is narrow */
export const danishShortDay = (iso: string) => shortDay.format(new Date(iso));
/** "1.234" */
export const danishNumber = (n: number) => number.format(n);
/** Øre as Danish money: 123456 → "1.234,56 kr." */
export const danishMoney = (ore: number) => `${kroner.format(ore / 100)} kr.`;
/** "2026-11" → "nov." (under a chart's bars) */
export const shortMonth = (month: string) => monthShort.format(atMonth(month));
/** "2026-11" → "november 2026" */
export const longMonth = (month: string) => monthLong.format(atMonth(month));
/** "1 kode", "12 koder" */
export const codeCount = (n: number) => `${number.format(n)} ${n === 1 ? 'kode' : 'koder'}`;
/** "Bedemand Hansens", "Stenhuggeriet Vest ApS'": Danish adds s, or only an apostrophe after s, x and z. */
export const genitive = (name: string) => (/[sxz]$/i.test(name) ? `${name}'` : `${name}s`);
