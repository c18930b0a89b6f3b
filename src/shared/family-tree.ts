/**
 * The family tree's words, both sides (PRODUCT.md "Memorials", issue 24): a person's dates as
 * GEDCOM knows them (a year alone is enough; "about", "before", "after", "between"), the kinds of
 * partnership, and the Danish sentences. No zod here, so any page may import it; the calls'
 * schemas are in family-tree-api.ts.
 */
import { DANISH_MONTHS } from './danish-dates';

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

const MONTH_BY_NAME = new Map<string, number>(DANISH_MONTHS.flatMap((name, i) => [[name, i + 1], [name.slice(0, 3), i + 1]] as [string, number][]));

const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** Whether a date's parts make a real calendar date (the 30th of February is not one). */
export function isValidTreeDate(date: TreeDate): boolean {
  const { year, month, day, to, qualifier } = date;
  if (!Number.isInteger(year) || year < 1 || year > 9999) return false;
  if (month !== undefined && (!Number.isInteger(month) || month < 1 || month > 12)) return false;
  if (day !== undefined && (month === undefined || !Number.isInteger(day) || day < 1 || day > daysIn(year, month))) return false;
  if (qualifier === 'between') return to !== undefined && Number.isInteger(to) && to > year && to <= 9999;
  return to === undefined;
}

/** "12. marts 1941", "ca. 1890", "før 1850", "efter 1920", "1890–1895": how a page writes a date. */
export function formatTreeDate(date: TreeDate): string {
  const plain = `${date.day !== undefined ? `${date.day}. ` : ''}${date.month !== undefined ? `${DANISH_MONTHS[date.month - 1]} ` : ''}${date.year}`;
  switch (date.qualifier) {
    case 'about':
      return `ca. ${plain}`;
    case 'before':
      return `før ${plain}`;
    case 'after':
      return `efter ${plain}`;
    case 'between':
      return `${date.year}–${date.to}`;
    default:
      return plain;
  }
}

/**
 * The years a person lived, for a card: "1941–2023", "f. 1965", "ca. 1890–1952", and a span as
 * "1975/78" (a dash inside the dash between birth and death would read as a third date).
 */
export function lifeYears(birth: TreeDate | null, death: TreeDate | null): string {
  const span = (from: number, to: number) => `${from}/${Math.floor(from / 100) === Math.floor(to / 100) ? String(to).slice(-2) : to}`;
  const year = (date: TreeDate) =>
    date.qualifier === 'exact' ? `${date.year}` : date.qualifier === 'about' ? `ca. ${date.year}` : date.qualifier === 'between' ? span(date.year, date.to!) : formatTreeDate(date);
  if (birth && death) return `${year(birth)}–${year(death)}`;
  if (birth) return `f. ${year(birth)}`;
  if (death) return `d. ${year(death)}`;
  return '';
}

/**
 * A date as a Danish person types it: "1941", "12.3.1941", "12-03-1941", "12. marts 1941",
 * "marts 1941", "ca. 1890", "omkring 1890", "før 1850", "efter 1920", "1890-1895". Null when it
 * cannot be read; the form then says so instead of guessing.
 */
export function parseDanishDate(text: string): TreeDate | null {
  let rest = text.trim().toLowerCase().replace(/\s+/g, ' ');
  if (!rest) return null;
  const span = /^(?:mellem )?(\d{1,4}) ?(?:[-–]|og) ?(\d{1,4})$/.exec(rest);
  if (span) {
    const date: TreeDate = { qualifier: 'between', year: Number(span[1]), to: Number(span[2]) };
    return isValidTreeDate(date) ? date : null;
  }
  let qualifier: DateQualifier = 'exact';
  const prefix = /^(ca\.?|cirka|omkring|før|efter|senest|tidligst) ?/.exec(rest);
  if (prefix) {
    const word = prefix[1]!;
    qualifier = word === 'før' || word === 'senest' ? 'before' : word === 'efter' || word === 'tidligst' ? 'after' : 'about';
    rest = rest.slice(prefix[0].length);
  }
  let date: TreeDate | null = null;
  const numeric = /^(\d{1,2})[./-](\d{1,2})[./-](\d{4})$/.exec(rest);
  const named = /^(?:(\d{1,2})\.? )?([a-zæøå]+)\.? (\d{1,4})$/.exec(rest);
  const yearOnly = /^(\d{1,4})$/.exec(rest);
  if (numeric) date = { qualifier, year: Number(numeric[3]), month: Number(numeric[2]), day: Number(numeric[1]) };
  else if (named && MONTH_BY_NAME.has(named[2]!)) {
    date = { qualifier, year: Number(named[3]), month: MONTH_BY_NAME.get(named[2]!)! };
    if (named[1]) date.day = Number(named[1]);
  } else if (yearOnly) date = { qualifier, year: Number(yearOnly[1]) };
  return date && isValidTreeDate(date) ? date : null;
}

/** How many years after birth a person without a death date is taken to be living. */
export const LIVING_YEARS = 100;

/**
 * Whether a person counts as living, so visitors see only their first name: no death date, not
 * known to have died, and born within the last LIVING_YEARS years (or with no birth date at all:
 * when nothing is known, we protect).
 */
export function isLiving(person: { birth: TreeDate | null; death: TreeDate | null; diedUndated: boolean }, now: Date): boolean {
  if (person.death || person.diedUndated) return false;
  if (!person.birth) return true;
  const latestBirthYear = person.birth.qualifier === 'between' ? person.birth.to! : person.birth.year;
  return now.getUTCFullYear() - latestBirthYear < LIVING_YEARS;
}

export const PARTNERSHIP_NAMES: Record<Partnership, string> = {
  married: 'Gift',
  divorced: 'Skilt',
  widowed: 'Gift (enke/enkemand)',
  partners: 'Samlevende',
};

export const SEX_NAMES: Record<Sex, string> = { female: 'Kvinde', male: 'Mand', unknown: 'Ikke angivet' };

/** The most people one tree holds: far above any family's, and what an import may bring. */
export const TREE_MAX_PEOPLE = 10_000;
/** The largest GEDCOM file taken: 10,000 people with notes fit well within it. */
export const GEDCOM_MAX_BYTES = 15 * 1024 * 1024;

export const FAMILY_TREE_MESSAGES = {
  notFound: 'Personen findes ikke i stamtræet.',
  familyNotFound: 'Familien findes ikke i stamtræet.',
  rootCannotBeRemoved: 'Mindesidens egen person kan ikke fjernes fra stamtræet.',
  ownAncestor: 'Det kan ikke lade sig gøre: personen ville blive sin egen forfader.',
  sameFamily: 'Personen er allerede med i den familie.',
  tooManyParents: 'En person kan højst have to forældre i samme familie. Tilføj i stedet en ny familie.',
  noName: 'Skriv et fornavn eller et efternavn.',
  date: 'Datoen kunne ikke læses. Skriv fx 1941, 12.3.1941, ca. 1890 eller 1890–1895.',
  deathBeforeBirth: 'Dødsdatoen ligger før fødselsdatoen.',
  future: 'Datoen ligger ude i fremtiden.',
  tooMany: `Stamtræet kan højst rumme ${TREE_MAX_PEOPLE.toLocaleString('da-DK')} personer.`,
  linkedMemorial: 'Mindesiden blev ikke fundet. Indsæt adressen på en offentlig mindeside, fx mindested.dk/memorial/karen-jensen-1941-2023.',
  premium: 'Stamtræet hører til Premium. Med Premium kan I bygge familiens stamtræ og vise det på mindesiden.',
  hidden: 'Stamtræet er ikke tilgængeligt.',
} as const;
