/**
 * The family tree's words, both sides (PRODUCT.md "Memorials", issue 24): a person's dates as
 * GEDCOM knows them (a year alone is enough; "about", "before", "after", "between"), the kinds of
 * partnership, and the Danish sentences. No zod here, so any page may import it; the calls'
 * schemas are in family-tree-api.ts.
 */

export const SEXES = ['female', 'male', 'unknown'] as const;
export type Sex = (typeof SEXES)[number];

/** How two partners are joined. `partners` is a couple who never married. */
export const PARTNERSHIPS = ['married', 'divorced', 'widowed', 'partners'] as const;
export type Partnership = (typeof PARTNERSHIPS)[number];

export const DATE_QUALIFIERS = ['exact', 'about', 'before', 'after', 'between'] as const;
export type DateQualifier = (typeof DATE_QUALIFIERS)[number];

/**
 * A date as people and GEDCOM files know it: a year, perhaps a month and a day, perhaps only
 * roughly ("ABT 1890") or a span ("BET 1890 AND 1895", where `to` is the later year).
 */
export interface TreeDate {
  qualifier: DateQualifier;
  year: number;
  month?: number;
  day?: number;
  /** The span's end year, for `between` only. */
  to?: number;
}
