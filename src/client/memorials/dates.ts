/** Danish dates as they are written on a memorial card: "2. marts 1941" (shared with the printed book). */
export { danishDate, lifeSpan } from '@/shared/danish-dates';

/** The age reached, in whole years, when both dates are known. */
export function ageAt(birthDate: string | null, deathDate: string | null): number | null {
  if (!birthDate || !deathDate) return null;
  const [by, bm, bd] = birthDate.split('-').map(Number) as [number, number, number];
  const [dy, dm, dd] = deathDate.split('-').map(Number) as [number, number, number];
  return dy - by - (dm < bm || (dm === bm && dd < bd) ? 1 : 0);
}
