/**
 * GEDCOM files for the family tree's tests, written here rather than kept as opaque fixtures: a
 * large made-up Danish family (several generations, remarriages with half-siblings, a divorce, a
 * widow, unmarried partners, every date form, long notes, æ, ø and å everywhere), and small files
 * in the forms MyHeritage, Ancestry, Gramps and Legacy write (UTF-8 with a BOM, ANSI, ANSEL).
 */

const GIVEN_F = ['Karen', 'Ane', 'Mette', 'Søs', 'Ingeborg', 'Åse', 'Bodil', 'Grethe', 'Kirsten', 'Dorthe', 'Æbelønne', 'Birthe'];
const GIVEN_M = ['Søren', 'Hans', 'Jørgen', 'Niels', 'Poul', 'Åge', 'Bjørn', 'Knud', 'Erik', 'Ole', 'Mads', 'Frode'];
const SURNAMES = ['Jensen', 'Nielsen', 'Sørensen', 'Møller', 'Kjærgaard', 'Østergård', 'Brøndum', 'Ærø', 'Hansen', 'Damgård'];
const PLACES = ['Århus', 'Ærøskøbing', 'Københavns Frue Sogn', 'Brønderslev', 'Søby, Ærø', 'Næstved', 'Ølgod', 'Tønder'];
const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

/** A small deterministic random source, so the sample is the same in every run. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

interface SamplePerson {
  id: string;
  sex: 'M' | 'F';
  given: string;
  surname: string;
  born: number;
  lines: string[];
}

/**
 * A family of at least `people` people over five or more generations. Every fourth father marries
 * twice (the first wife dies or they divorce): the children of both marriages are half-siblings.
 */
export function sampleFamilyGedcom(people = 240): string {
  const next = random(1941);
  const pick = <T>(list: T[]) => list[Math.floor(next() * list.length)]!;
  const persons: SamplePerson[] = [];
  const families: string[][] = [];
  const dateOf = (year: number) => {
    const form = Math.floor(next() * 8);
    if (form === 0) return `ABT ${year}`;
    if (form === 1) return `BEF ${year}`;
    if (form === 2) return `AFT ${year}`;
    if (form === 3) return `BET ${year} AND ${year + 3}`;
    if (form === 4) return `${year}`;
    if (form === 5) return `${MONTHS[Math.floor(next() * 12)]} ${year}`;
    return `${1 + Math.floor(next() * 28)} ${MONTHS[Math.floor(next() * 12)]} ${year}`;
  };
  const person = (sex: 'M' | 'F', surname: string, born: number): SamplePerson => {
    const id = `@I${persons.length + 1}@`;
    const given = sex === 'M' ? `${pick(GIVEN_M)}${next() < 0.3 ? ` ${pick(GIVEN_M)}` : ''}` : `${pick(GIVEN_F)}${next() < 0.3 ? ` Marie` : ''}`;
    const lines = [`0 ${id} INDI`, `1 NAME ${given} /${surname}/`, `1 SEX ${sex}`, '1 BIRT', `2 DATE ${dateOf(born)}`, `2 PLAC ${pick(PLACES)}`];
    if (born < 1935) lines.push('1 DEAT', `2 DATE ${dateOf(born + 60 + Math.floor(next() * 30))}`, `2 PLAC ${pick(PLACES)}`);
    else if (born < 1945 && next() < 0.5) lines.push('1 DEAT Y');
    if (next() < 0.2) lines.push(`1 NOTE ${given} var ${pick(['smed', 'gårdmand', 'syerske', 'lærerinde', 'fisker'])} i ${pick(PLACES)}.`, '2 CONT Huskes for sin latter og sine æbleskiver.');
    const made = { id, sex, given, surname, born, lines };
    persons.push(made);
    return made;
  };
  const family = (husband: SamplePerson, wife: SamplePerson, extra: string[] = []) => {
    const id = `@F${families.length + 1}@`;
    const lines = [`0 ${id} FAM`, `1 HUSB ${husband.id}`, `1 WIFE ${wife.id}`, ...extra];
    husband.lines.push(`1 FAMS ${id}`);
    wife.lines.push(`1 FAMS ${id}`);
    families.push(lines);
    return { id, lines };
  };
  const child = (fam: { id: string; lines: string[] }, sex: 'M' | 'F', surname: string, born: number) => {
    const kid = person(sex, surname, born);
    fam.lines.push(`1 CHIL ${kid.id}`);
    kid.lines.push(`1 FAMC ${fam.id}`);
    return kid;
  };

  // One founding father for a test's family; more, side by side, for a benchmark's thousands.
  let generation = Array.from({ length: Math.max(1, Math.ceil(people / 1500)) }, (_, i) => person('M', pick(SURNAMES), 1800 + i));
  let wedding = 0;
  while (persons.length < people) {
    const nextGeneration: SamplePerson[] = [];
    for (const parent of generation) {
      if (persons.length >= people) break;
      const spouse = person(parent.sex === 'M' ? 'F' : 'M', pick(SURNAMES), parent.born + Math.floor(next() * 5) - 2);
      const [husband, wife] = parent.sex === 'M' ? [parent, spouse] : [spouse, parent];
      wedding += 1;
      const first = family(husband, wife, wedding % 7 === 3 ? ['1 MARR', '2 DATE 1 MAY 1960', '1 DIV Y'] : wedding % 11 === 5 ? ['1 _MSTAT PARTNERS'] : ['1 MARR', `2 DATE ${husband.born + 25}`]);
      const kids = 1 + Math.floor(next() * 3);
      for (let i = 0; i < kids; i++) nextGeneration.push(child(first, next() < 0.5 ? 'M' : 'F', husband.surname, husband.born + 24 + i * 2));
      // A second marriage: the children of both are half-siblings.
      if (wedding % 4 === 0) {
        const second = family(husband, person('F', pick(SURNAMES), husband.born + 8), wedding % 8 === 0 ? ['1 MARR Y', '1 _MSTAT WIDOWED'] : ['1 MARR Y']);
        nextGeneration.push(child(second, next() < 0.5 ? 'M' : 'F', husband.surname, husband.born + 40));
      }
    }
    generation = nextGeneration.filter((kid) => kid.born < 2000);
    if (generation.length === 0) break;
  }
  return gedcom('Mindested-testfamilien', [...persons.map((p) => p.lines), ...families]);
}

function gedcom(source: string, records: string[][], char = 'UTF-8'): string {
  const head = ['0 HEAD', `1 SOUR ${source}`, '1 GEDC', '2 VERS 5.5.1', '2 FORM LINEAGE-LINKED', `1 CHAR ${char}`];
  return `${[...head, ...records.flat(), '0 TRLR'].join('\n')}\n`;
}

/** A family as MyHeritage writes it: UTF-8 with a BOM, _UID and OBJE lines, a Danish half-sister. */
export function myHeritageFile(): Buffer {
  const text = [
    '0 HEAD',
    '1 SOUR MYHERITAGE',
    '2 NAME MyHeritage Family Tree Builder',
    '2 VERS 5.5.1',
    '1 GEDC',
    '2 VERS 5.5.1',
    '2 FORM LINEAGE-LINKED',
    '1 CHAR UTF-8',
    '1 LANG Danish',
    '0 @I1@ INDI',
    '1 NAME Karen Marie /Sørensen/',
    '2 GIVN Karen Marie',
    '2 SURN Sørensen',
    '1 SEX F',
    '1 BIRT',
    '2 DATE 12 MAR 1941',
    '2 PLAC Ærøskøbing, Ærø, Danmark',
    '1 DEAT',
    '2 DATE 3 APR 2023',
    '2 PLAC Århus',
    '1 _UID 5B8A0E2F9C2D4E1A',
    '1 OBJE',
    '2 FILE https://example.invalid/karen.jpg',
    '1 FAMC @F1@',
    '0 @I2@ INDI',
    '1 NAME Jørgen /Sørensen/',
    '1 SEX M',
    '1 BIRT',
    '2 DATE ABT 1910',
    '1 DEAT',
    '2 DATE BET 1975 AND 1978',
    '1 FAMS @F1@',
    '1 FAMS @F2@',
    '0 @I3@ INDI',
    '1 NAME Åse /Brøndum/',
    '1 SEX F',
    '1 BIRT',
    '2 DATE 1915',
    '1 DEAT Y',
    '1 FAMS @F1@',
    '0 @I4@ INDI',
    '1 NAME Bodil /Kjærgaard/',
    '1 SEX F',
    '1 BIRT',
    '2 DATE 1920',
    '1 DEAT',
    '2 DATE 1990',
    '1 FAMS @F2@',
    '0 @I5@ INDI',
    '1 NAME Grethe /Sørensen/',
    '1 SEX F',
    '1 BIRT',
    '2 DATE 1950',
    '1 DEAT',
    '2 DATE 2001',
    '1 FAMC @F2@',
    '0 @F1@ FAM',
    '1 HUSB @I2@',
    '1 WIFE @I3@',
    '1 CHIL @I1@',
    '1 DIV Y',
    '0 @F2@ FAM',
    '1 HUSB @I2@',
    '1 WIFE @I4@',
    '1 MARR',
    '2 DATE 1948',
    '1 CHIL @I5@',
    '0 TRLR',
  ].join('\r\n');
  return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(`${text}\r\n`, 'utf8')]);
}

/** As Ancestry writes it (and many Windows programs): ANSI, that is Windows-1252. */
export function ancestryFile(): Buffer {
  const text = gedcom('Ancestry.com Family Trees', [
    ['0 @P1@ INDI', '1 NAME Søren /Kjærgård/', '1 SEX M', '1 BIRT', '2 DATE 5 JUN 1932', '2 PLAC Ølgod', '1 DEAT', '2 DATE 2019', '1 FAMS @F1@'],
    ['0 @P2@ INDI', '1 NAME Ærtebjørg /Østergård/', '1 SEX F', '1 BIRT', '2 DATE 1935', '1 DEAT', '2 DATE 2020', '1 FAMS @F1@'],
    ['0 @F1@ FAM', '1 HUSB @P1@', '1 WIFE @P2@', '1 MARR', '2 DATE 14 JUL 1956'],
  ], 'ANSI');
  return Buffer.from(text, 'latin1');
}

/** As Gramps writes it: UTF-8, notes as records of their own, a span and an estimate. */
export function grampsFile(): Buffer {
  return Buffer.from(
    gedcom('Gramps', [
      ['0 @I0001@ INDI', '1 NAME Niels /Brøndum/', '1 SEX M', '1 BIRT', '2 DATE EST 1880', '1 DEAT', '2 DATE FROM 1940 TO 1942', '1 NOTE @N0001@', '1 FAMS @F0001@'],
      ['0 @I0002@ INDI', '1 NAME Mette /Ærø/', '1 SEX F', '1 BIRT', '2 DATE CAL 1884', '1 DEAT', '2 DATE AFT 1950', '1 FAMS @F0001@'],
      ['0 @I0003@ INDI', '1 NAME Poul /Brøndum/', '1 SEX M', '1 BIRT', '2 DATE @#DGREGORIAN@ 2 FEB 1910', '1 DEAT', '2 DATE 1988', '1 FAMC @F0001@'],
      ['0 @F0001@ FAM', '1 HUSB @I0001@', '1 WIFE @I0002@', '1 CHIL @I0003@'],
      ['0 @N0001@ NOTE Smed i Brønderslev.', '1 CONT Gift i Søby kirke.'],
    ]),
    'utf8',
  );
}

/** ANSEL bytes for the Danish letters: ø and æ have their own codes; å is a ring (0xEA) before the a. */
function ansel(text: string): Buffer {
  const bytes: number[] = [];
  for (const char of text) {
    if (char === 'ø') bytes.push(0xb2);
    else if (char === 'Ø') bytes.push(0xa2);
    else if (char === 'æ') bytes.push(0xb5);
    else if (char === 'Æ') bytes.push(0xa5);
    else if (char === 'å') bytes.push(0xea, 0x61);
    else if (char === 'Å') bytes.push(0xea, 0x41);
    else bytes.push(char.charCodeAt(0));
  }
  return Buffer.from(bytes);
}

/** As Legacy Family Tree writes it: ANSEL, the old library character set. */
export function legacyFile(): Buffer {
  return ansel(
    gedcom('Legacy', [
      ['0 @I1@ INDI', '1 NAME Åge /Møller/', '1 SEX M', '1 BIRT', '2 DATE 24 DEC 1899', '2 PLAC Næstved', '1 DEAT', '2 DATE BEF 1970', '1 FAMS @F1@'],
      ['0 @I2@ INDI', '1 NAME Kirsten /Læsø/', '1 SEX F', '1 BIRT', '2 DATE 1902', '1 DEAT', '2 DATE 1980', '1 FAMS @F1@'],
      ['0 @I3@ INDI', '1 NAME Birthe /Møller/', '1 SEX F', '1 BIRT', '2 DATE 1930', '1 DEAT', '2 DATE 2010', '1 FAMC @F1@'],
      ['0 @F1@ FAM', '1 HUSB @I1@', '1 WIFE @I2@', '1 CHIL @I3@', '1 MARR Y'],
    ], 'ANSEL'),
  );
}

/** `count` people with no families: for the limit on a file's size. */
export function crowdFile(count: number): Buffer {
  const lines: string[] = ['0 HEAD', '1 CHAR UTF-8', '1 GEDC', '2 VERS 5.5.1'];
  for (let i = 1; i <= count; i++) lines.push(`0 @I${i}@ INDI`, `1 NAME Person${i} /Jensen/`);
  lines.push('0 TRLR');
  return Buffer.from(`${lines.join('\n')}\n`);
}

export { gedcom as gedcomText };
