/**
 * A GEDCOM file (5.5.1 as MyHeritage, Ancestry, Gramps and Legacy write it) read into people and
 * families. read-gedcom decodes the file (UTF-8, ANSEL, ANSI/CP1252, with or without a BOM) and
 * splits it into records; this reads the records we keep and lists, in Danish, what it passed
 * over. Nothing here touches the database: the preview and the import read the same result.
 */
import { ErrorParse, type TreeNode, parseGedcom } from 'read-gedcom';
import { type Partnership, type Sex, type TreeDate, TREE_MAX_PEOPLE } from '../../shared/family-tree';
import { isCleanText } from '../../shared/text';
import { badRequest } from '../lib/errors';
import { findOwnAncestor, indexFamilies } from './graph';
import { readGedcomDate } from './gedcom-dates';

export interface GedcomPerson {
  /** The file's own id, "@I12@". */
  id: string;
  givenNames: string;
  surname: string;
  sex: Sex;
  birth: TreeDate | null;
  death: TreeDate | null;
  diedUndated: boolean;
  birthPlace: string;
  deathPlace: string;
  note: string;
}

export interface GedcomFamily {
  id: string;
  partners: string[];
  children: string[];
  partnership: Partnership;
}

export interface GedcomFile {
  charset: string;
  source: string | null;
  people: GedcomPerson[];
  families: GedcomFamily[];
  notUnderstood: string[];
}

export const GEDCOM_MESSAGES = {
  notGedcom: 'Filen er ikke en GEDCOM-fil. Eksportér stamtræet som GEDCOM (.ged) fra jeres slægtsprogram og prøv igen.',
  broken: (detail: string) => `Filen kunne ikke læses som GEDCOM: ${detail} Måske er den ikke blevet gemt helt. Eksportér den igen og prøv på ny.`,
  noPeople: 'Filen indeholder ingen personer.',
  tooMany: (people: number) =>
    `Filen indeholder ${people.toLocaleString('da-DK')} personer. Stamtræet kan højst rumme ${TREE_MAX_PEOPLE.toLocaleString('da-DK')}. Eksportér en mindre del af træet, fx kun efterkommere og forfædre.`,
  ownAncestor: (name: string) => `Filen kan ikke importeres: ${name} står som sin egen forfader. Ret det i jeres slægtsprogram og eksportér filen igen.`,
} as const;

/** What read-gedcom's errors mean, said so a family understands what to do. */
function explain(error: ErrorParse): string {
  const name = error.constructor.name;
  if (name === 'ErrorInvalidFileType' || name === 'ErrorEmptyTree') return GEDCOM_MESSAGES.notGedcom;
  if (name === 'ErrorTreeStructure') return GEDCOM_MESSAGES.broken('Filen slutter for tidligt.');
  const line = (error as ErrorParse & { lineNumber?: number }).lineNumber;
  return GEDCOM_MESSAGES.broken(line !== undefined ? `Linje ${line.toLocaleString('da-DK')} giver ikke mening.` : 'Dens opbygning er ikke gyldig.');
}

const child = (node: TreeNode, tag: string) => node.children.find((candidate) => candidate.tag === tag);
const children = (node: TreeNode, tag: string) => node.children.filter((candidate) => candidate.tag === tag);

/** Stored text: no NUL or broken characters (the database refuses them), within `max` characters. */
function text(value: string | null | undefined, max: number): string {
  if (!value) return '';
  let cleaned = value.replaceAll('\u0000', '').trim();
  if (!isCleanText(cleaned)) cleaned = cleaned.replace(/[\ud800-\udfff]/g, '');
  return cleaned.length > max ? `${cleaned.slice(0, max - 1)}…` : cleaned;
}

/** What we keep of a record and what we pass over, with the passing over said in Danish. */
const PASSED_OVER: Record<string, string> = {
  OBJE: 'billeder og filer',
  SOUR: 'kildehenvisninger',
  OCCU: 'erhverv',
  RESI: 'bopæle',
  EDUC: 'uddannelser',
  RELI: 'religion',
  EVEN: 'andre begivenheder',
  CHR: 'dåb',
  BAPM: 'dåb',
  CONF: 'konfirmationer',
  BURI: 'begravelser',
  CREM: 'bisættelser',
  EMIG: 'udvandringer',
  IMMI: 'indvandringer',
  CENS: 'folketællinger',
  PROB: 'skifter',
  ADOP: 'adoptioner',
  ENGA: 'forlovelser',
  ASSO: 'forbindelser til andre personer',
  ALIA: 'andre navne',
  NICK: 'kaldenavne',
  TITL: 'titler',
  NATI: 'nationalitet',
  FACT: 'andre oplysninger',
  REPO: 'arkiver',
};
/** Bookkeeping of the programs that wrote the file: nothing a family would miss. */
const BOOKKEEPING = new Set(['HEAD', 'TRLR', 'SUBM', 'SUBN', 'CHAN', 'RIN', 'RFN', 'AFN', 'REFN', 'UID', '_UID', '_UPD', 'FAMC', 'FAMS', 'NOTE', 'NAME', 'SEX', 'BIRT', 'DEAT', 'HUSB', 'WIFE', 'CHIL', 'MARR', 'DIV', '_MSTAT', 'NCHI', '_PRIM', 'CREA']);

class Passed {
  private counts = new Map<string, number>();
  readonly lines: string[] = [];
  tag(tag: string | null) {
    if (!tag || BOOKKEEPING.has(tag) || (tag.startsWith('_') && !PASSED_OVER[tag])) return;
    this.counts.set(tag, (this.counts.get(tag) ?? 0) + 1);
  }
  line(sentence: string) {
    this.lines.push(sentence);
  }
  list(): string[] {
    const tags = [...this.counts]
      .sort((a, b) => b[1] - a[1])
      .map(([tag, n]) => `${PASSED_OVER[tag] ? `${PASSED_OVER[tag][0]!.toUpperCase()}${PASSED_OVER[tag].slice(1)}` : `Oplysninger af typen ${tag}`} (${n.toLocaleString('da-DK')}) tages ikke med.`);
    return [...tags, ...this.lines];
  }
}

function noteText(node: TreeNode, notes: Map<string, string>): string {
  const parts = children(node, 'NOTE').map((note) => (note.value && /^@[^@]+@$/.test(note.value) ? (notes.get(note.value) ?? '') : (note.value ?? '')));
  return parts.filter(Boolean).join('\n\n');
}

function eventDate(event: TreeNode | undefined, who: string, what: string, passed: Passed): TreeDate | null {
  const value = event && child(event, 'DATE')?.value;
  if (!value) return null;
  const date = readGedcomDate(value);
  if (!date) passed.line(`${what} for ${who} ("${text(value, 60)}") kunne ikke læses og tages ikke med.`);
  return date;
}

function readPerson(node: TreeNode, notes: Map<string, string>, passed: Passed): GedcomPerson {
  const nameNode = child(node, 'NAME');
  const full = nameNode?.value ?? '';
  const slashed = /^(.*?)\/(.*?)\/(.*)$/.exec(full);
  const givenNames = text(child(nameNode ?? node, 'GIVN')?.value ?? (slashed ? `${slashed[1]} ${slashed[3]}` : full).replace(/\s+/g, ' '), 120);
  const surname = text(child(nameNode ?? node, 'SURN')?.value ?? slashed?.[2] ?? '', 120);
  const sexValue = child(node, 'SEX')?.value?.trim().toUpperCase();
  const birthNode = child(node, 'BIRT');
  const deathNode = child(node, 'DEAT');
  const who = [givenNames, surname].filter(Boolean).join(' ') || node.pointer!;
  for (const item of node.children) passed.tag(item.tag);
  const death = eventDate(deathNode, who, 'Dødsdatoen', passed);
  return {
    id: node.pointer!,
    givenNames,
    surname,
    sex: sexValue === 'F' ? 'female' : sexValue === 'M' ? 'male' : 'unknown',
    birth: eventDate(birthNode, who, 'Fødselsdatoen', passed),
    death,
    // "1 DEAT Y", a death without a date, or a burial: the person has died.
    diedUndated: !death && (deathNode !== undefined || child(node, 'BURI') !== undefined || child(node, 'CREM') !== undefined),
    birthPlace: text(birthNode && child(birthNode, 'PLAC')?.value, 200),
    deathPlace: text(deathNode && child(deathNode, 'PLAC')?.value, 200),
    note: text(noteText(node, notes), 2000),
  };
}

function partnershipOf(node: TreeNode): Partnership {
  const own = child(node, '_MSTAT')?.value?.trim().toUpperCase();
  if (own === 'WIDOWED') return 'widowed';
  if (own === 'PARTNERS') return 'partners';
  if (child(node, 'DIV')) return 'divorced';
  const status = `${child(node, '_STAT')?.value ?? ''} ${child(node, 'TYPE')?.value ?? ''}`.toUpperCase();
  if (/NOT MARRIED|UNMARRIED|PARTNER|FRIEND/.test(status)) return 'partners';
  return 'married';
}

export function readGedcomFile(bytes: Buffer): GedcomFile {
  let root: TreeNode;
  try {
    // A copy of exactly the file's bytes: a Buffer may be a window on a larger shared one.
    root = parseGedcom(new Uint8Array(bytes).buffer, { noIndex: true });
  } catch (error) {
    if (error instanceof ErrorParse) throw badRequest(explain(error), 'file');
    throw error;
  }
  const head = child(root, 'HEAD');
  const source = head ? text(child(child(head, 'SOUR') ?? head, 'NAME')?.value ?? child(head, 'SOUR')?.value, 80) || null : null;
  const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  const declared = head && child(head, 'CHAR')?.value?.trim().toUpperCase();
  const charset = bom ? 'UTF-8' : declared === 'ANSI' ? 'ANSI (Windows-1252)' : declared || 'UTF-8';

  const passed = new Passed();
  const notes = new Map<string, string>();
  for (const record of children(root, 'NOTE')) if (record.pointer) notes.set(record.pointer, record.value ?? '');
  const people = children(root, 'INDI').filter((node) => node.pointer).map((node) => readPerson(node, notes, passed));
  if (people.length === 0) throw badRequest(GEDCOM_MESSAGES.noPeople, 'file');
  if (people.length > TREE_MAX_PEOPLE) throw badRequest(GEDCOM_MESSAGES.tooMany(people.length), 'file');
  const known = new Set(people.map((person) => person.id));

  const families: GedcomFamily[] = [];
  for (const node of children(root, 'FAM')) {
    if (!node.pointer) continue;
    for (const item of node.children) passed.tag(item.tag);
    const refs = (tag: string) => children(node, tag).flatMap((ref) => (ref.value && known.has(ref.value) ? [ref.value] : []));
    const partners = [...new Set([...refs('HUSB'), ...refs('WIFE')])].slice(0, 2);
    const kids = [...new Set(refs('CHIL'))].filter((kid) => !partners.includes(kid));
    if (partners.length + kids.length < 2 && kids.length === 0) continue;
    families.push({ id: node.pointer, partners, children: kids, partnership: partnershipOf(node) });
  }
  for (const record of root.children) if (record.tag && !['INDI', 'FAM', 'NOTE'].includes(record.tag)) passed.tag(record.tag);

  const ownAncestor = findOwnAncestor(indexFamilies(families), known);
  if (ownAncestor) {
    const person = people.find((candidate) => candidate.id === ownAncestor)!;
    throw badRequest(GEDCOM_MESSAGES.ownAncestor([person.givenNames, person.surname].filter(Boolean).join(' ') || ownAncestor), 'file');
  }
  return { charset, source, people, families, notUnderstood: passed.list() };
}

