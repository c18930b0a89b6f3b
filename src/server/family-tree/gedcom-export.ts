/**
 * A memorial's tree as a GEDCOM 5.5.1 file (lineage-linked, UTF-8) that other programs read back:
 * MyHeritage, Gramps, Legacy and our own import. The partnership beyond married and divorced
 * (widowed, partners) goes in a tag of our own (_MSTAT), which other programs pass over.
 */
import type { TreeDate } from '../../shared/family-tree';
import type { FamilyRow, PersonRow, TreeRows } from './people-rows';
import { writeGedcomDate } from './gedcom-dates';

/** GEDCOM's longest line is 255 characters; values are cut well inside it and continued with CONC. */
const PIECE = 200;

/** "@" starts a pointer in GEDCOM: one inside a value is written twice. */
const escape = (value: string) => value.replace(/@/g, '@@');

function valueLines(level: number, tag: string, value: string): string[] {
  const lines: string[] = [];
  value.split(/\r?\n/).forEach((paragraph, i) => {
    const pieces = paragraph.length === 0 ? [''] : (paragraph.match(new RegExp(`[\\s\\S]{1,${PIECE}}`, 'g')) ?? ['']);
    pieces.forEach((piece, j) => {
      const head = i === 0 && j === 0 ? `${level} ${tag}` : `${level + 1} ${j === 0 ? 'CONT' : 'CONC'}`;
      lines.push(piece ? `${head} ${escape(piece)}` : head);
    });
  });
  return lines;
}

function event(tag: string, date: TreeDate | null, place: string, happened: boolean): string[] {
  if (!date && !place && !happened) return [];
  const lines = [date || place ? `1 ${tag}` : `1 ${tag} Y`];
  if (date) lines.push(`2 DATE ${writeGedcomDate(date)}`);
  if (place) lines.push(...valueLines(2, 'PLAC', place));
  return lines;
}

export function writeGedcom(rows: TreeRows, memorialName: string, now: Date): string {
  const people = [...rows.people.values()];
  const personId = new Map(people.map((person, i) => [person.id, `@I${i + 1}@`]));
  const familyId = new Map(rows.families.map((family, i) => [family.id, `@F${i + 1}@`]));
  const lines = [
    '0 HEAD',
    '1 SOUR MINDESTED',
    '2 NAME Mindested',
    '1 DEST ANY',
    `1 DATE ${writeGedcomDate({ qualifier: 'exact', year: now.getUTCFullYear(), month: now.getUTCMonth() + 1, day: now.getUTCDate() })}`,
    ...valueLines(1, 'FILE', `${memorialName}.ged`),
    '1 GEDC',
    '2 VERS 5.5.1',
    '2 FORM LINEAGE-LINKED',
    '1 CHAR UTF-8',
    '1 LANG Danish',
    '1 SUBM @U1@',
  ];
  const asChild = new Map<string, FamilyRow[]>();
  const asPartner = new Map<string, FamilyRow[]>();
  for (const family of rows.families) {
    for (const partner of family.partners) asPartner.set(partner, [...(asPartner.get(partner) ?? []), family]);
    for (const kid of family.children) asChild.set(kid, [...(asChild.get(kid) ?? []), family]);
  }
  for (const person of people) lines.push(...individual(person, personId.get(person.id)!, asChild.get(person.id) ?? [], asPartner.get(person.id) ?? [], familyId));
  for (const family of rows.families) {
    lines.push(`0 ${familyId.get(family.id)} FAM`);
    const [first, second] = family.partners.map((id) => rows.people.get(id)!);
    // HUSB and WIFE by sex where it is known; two of the same, or unknown, in the order kept.
    const firstIsWife = first?.sex === 'female' || (first?.sex === 'unknown' && second?.sex === 'male');
    const husband = firstIsWife ? second : first;
    const wife = firstIsWife ? first : second;
    if (husband) lines.push(`1 HUSB ${personId.get(husband.id)}`);
    if (wife) lines.push(`1 WIFE ${personId.get(wife.id)}`);
    for (const kid of family.children) lines.push(`1 CHIL ${personId.get(kid)}`);
    if (family.partners.length === 2 && family.partnership !== 'partners') lines.push('1 MARR Y');
    if (family.partnership === 'divorced') lines.push('1 DIV Y');
    if (family.partnership === 'widowed' || family.partnership === 'partners') lines.push(`1 _MSTAT ${family.partnership.toUpperCase()}`);
  }
  lines.push('0 @U1@ SUBM', '1 NAME Mindested', '0 TRLR');
  return `${lines.join('\r\n')}\r\n`;
}

function individual(person: PersonRow, id: string, asChild: FamilyRow[], asPartner: FamilyRow[], familyId: Map<string, string>): string[] {
  const lines = [`0 ${id} INDI`];
  // Slashes delimit the surname in GEDCOM: any inside a name would move it.
  const given = person.givenNames.replace(/\//g, ' ');
  const surname = person.surname.replace(/\//g, ' ');
  lines.push(`1 NAME ${escape(`${given} /${surname}/`.trim())}`);
  if (given) lines.push(...valueLines(2, 'GIVN', given));
  if (surname) lines.push(...valueLines(2, 'SURN', surname));
  lines.push(`1 SEX ${person.sex === 'female' ? 'F' : person.sex === 'male' ? 'M' : 'U'}`);
  lines.push(...event('BIRT', person.birth ?? null, person.birthPlace, false));
  lines.push(...event('DEAT', person.death ?? null, person.deathPlace, person.diedUndated));
  if (person.note) lines.push(...valueLines(1, 'NOTE', person.note));
  for (const family of asChild) lines.push(`1 FAMC ${familyId.get(family.id)}`);
  for (const family of asPartner) lines.push(`1 FAMS ${familyId.get(family.id)}`);
  return lines;
}

/** The file's name: the memorial's address, which is safe in any file system. */
export const gedcomFileName = (slug: string) => `stamtrae-${slug}.ged`;
