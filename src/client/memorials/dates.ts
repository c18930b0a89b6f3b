/** Danish dates as they are written on a memorial card: "2. marts 1941". */
const MONTHS = ['januar', 'februar', 'marts', 'april', 'maj', 'juni', 'juli', 'august', 'september', 'oktober', 'november', 'december'];

/** A stored date (YYYY-MM-DD) or a timeline date (YYYY or YYYY-MM or YYYY-MM-DD) in words. */
export function danishDate(value: string): string {
  const [year, month, day] = value.split('-');
  if (!month) return year!;
  const name = MONTHS[Number(month) - 1] ?? '';
  return day ? `${Number(day)}. ${name} ${year}` : `${name} ${year}`;
}

export function lifeSpan(birthDate: string | null, deathDate: string | null): string {
  if (!birthDate && !deathDate) return '';
  return `${birthDate ? danishDate(birthDate) : '?'} – ${deathDate ? danishDate(deathDate) : ''}`.trim();
}

/** The age reached, in whole years, when both dates are known. */
export function ageAt(birthDate: string | null, deathDate: string | null): number | null {
  if (!birthDate || !deathDate) return null;
  const [by, bm, bd] = birthDate.split('-').map(Number) as [number, number, number];
  const [dy, dm, dd] = deathDate.split('-').map(Number) as [number, number, number];
  return dy - by - (dm < bm || (dm === bm && dd < bd) ? 1 : 0);
}
