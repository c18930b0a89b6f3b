/**
 * GEDCOM through the calls: a preview that writes nothing, an import that takes all of a file or
 * none of it, an export other programs (and our own import) read back to the same people and
 * relations, the forms MyHeritage, Ancestry, Gramps and Legacy write, and the files that must be
 * refused with a Danish reason: not GEDCOM, cut off, a person their own ancestor, too many people.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ancestryFile, crowdFile, gedcomText, grampsFile, legacyFile, myHeritageFile, sampleFamilyGedcom } from '../../../tests/support/gedcom-sample';
import { type Cast, castMemorial } from '../../../tests/support/memorial-cast';
import { multipartForm } from '../../../tests/support/multipart';
import { givePremium } from '../../../tests/support/premium';
import { type TestApp, createTestApp } from '../../../tests/support/test-app';
import { formatTreeDate } from '../../shared/family-tree';
import type { FamilyTree, GedcomPreview } from '../../shared/family-tree-api';
import { GEDCOM_MESSAGES } from './gedcom-read';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const tree = (memorial: string) => `/api/memorials/${memorial}/family-tree`;

async function premiumCast(fields: object = {}): Promise<Cast> {
  const cast = await castMemorial(t, fields);
  await givePremium(t.database.db, cast.memorial.id);
  return cast;
}

function send(cast: Cast, step: 'preview' | 'import', content: Buffer, root?: string, cookie = cast.owner.cookie) {
  const form = multipartForm({}, { field: 'file', filename: 'familie.ged', contentType: 'application/octet-stream', content });
  return t.request({ method: 'POST', url: `${tree(cast.memorial.id)}/gedcom?step=${step}${root ? `&root=${encodeURIComponent(root)}` : ''}`, headers: { ...form.headers, cookie }, payload: form.payload });
}

async function imported(cast: Cast, content: Buffer, root?: string) {
  const response = await send(cast, 'import', content, root);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ added: number; families: number; rootId: string }>();
}

async function whole(cast: Cast): Promise<FamilyTree> {
  const response = await t.request({ method: 'GET', url: tree(cast.memorial.id), headers: { cookie: cast.owner.cookie } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<FamilyTree>();
}

async function exported(cast: Cast): Promise<Buffer> {
  const response = await t.request({ method: 'GET', url: `${tree(cast.memorial.id)}/gedcom`, headers: { cookie: cast.owner.cookie } });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-disposition']).toBe(`attachment; filename="stamtrae-${cast.memorial.slug}.ged"`);
  return response.rawPayload;
}

/**
 * A tree as content alone, with no ids: each person by name, dates, places and note, and each
 * relation by the people it joins. Two trees with the same shape give the same, whatever their ids.
 */
function shape(family: FamilyTree) {
  const label = new Map(
    family.people.map((p) => [
      p.id,
      [p.givenNames, p.surname, p.sex, p.birth ? formatTreeDate(p.birth) : '', p.death ? formatTreeDate(p.death) : p.diedUndated ? 'død' : '', p.birthPlace, p.deathPlace, p.note].join('|'),
    ]),
  );
  const people = [...label.values()].sort();
  const relations = family.families
    .flatMap((f) => [
      `par:${f.partners.map((id) => label.get(id)).sort().join(' + ')}:${f.partners.length === 2 ? f.partnership : ''}`,
      ...f.children.map((child) => `barn:${f.partners.map((id) => label.get(id)).sort().join(' + ')} -> ${label.get(child)}`),
    ])
    .sort();
  return { people, relations };
}

describe('a GEDCOM round trip', () => {
  it('imports a family of over 200 with remarriages and half-siblings, exports it, and reads the export back to the same tree', async () => {
    const file = Buffer.from(sampleFamilyGedcom(240));
    const first = await premiumCast({ name: 'Ukendt Stamfar' });
    const preview = await send(first, 'preview', file);
    expect(preview.statusCode, preview.body).toBe(200);
    const seen = preview.json<GedcomPreview>();
    expect(seen.people).toBeGreaterThanOrEqual(240);
    expect(seen.charset).toBe('UTF-8');
    expect(seen.source).toBe('Mindested-testfamilien');
    // Nothing in the file is called what the memorial is: the family must choose.
    expect(seen.root).toBeNull();
    expect((await whole(first)).size).toBe(1);
    const refused = await send(first, 'import', file);
    expect(refused.statusCode).toBe(400);
    expect((await whole(first)).size).toBe(1);

    const result = await imported(first, file, '@I1@');
    expect(result.added).toBe(seen.people - 1);
    const original = await whole(first);
    expect(original.size).toBe(seen.people);
    // The sample holds remarriages: people with children in two families (half-siblings), and every partnership.
    expect(new Set(original.families.map((f) => f.partnership))).toEqual(new Set(['married', 'divorced', 'widowed', 'partners']));
    const parentsWithTwoFamilies = original.people.filter((p) => original.families.filter((f) => f.partners.includes(p.id) && f.children.length > 0).length > 1);
    expect(parentsWithTwoFamilies.length).toBeGreaterThan(3);

    const file2 = await exported(first);
    const text = file2.toString('utf8');
    expect(text.startsWith('0 HEAD\r\n')).toBe(true);
    expect(text).toContain('1 CHAR UTF-8');
    expect(text.trimEnd().endsWith('0 TRLR')).toBe(true);
    expect(text.split('\r\n').every((line) => line.length <= 255)).toBe(true);
    expect(text).toMatch(/Sørensen|Møller|Kjærgaard|Østergård|Ærø/);

    const second = await premiumCast({ name: 'Anden Kopi' });
    const root = /0 (@I\d+@) INDI\r\n1 NAME [^\r]*\r\n(?:[^0][^\r]*\r\n)*?1 SEX M\r\n1 BIRT\r\n2 DATE [A-Z ]*1800/.exec(text)?.[1];
    expect(root).toBeDefined();
    await imported(second, file2, root);
    const copy = await whole(second);
    // The roots were made from different memorials; the rest is the file's.
    const withoutRoot = (family: FamilyTree) => {
      const rootLabel = family.people.find((p) => p.isRoot)!;
      return { ...family, people: family.people.map((p) => (p.id === rootLabel.id ? { ...p, givenNames: 'ROD', surname: '' } : p)) };
    };
    expect(shape(withoutRoot(copy))).toEqual(shape(withoutRoot(original)));
  });

  it('keeps a name with characters GEDCOM treats specially', async () => {
    const cast = await premiumCast({ name: 'Karen Jensen' });
    const file = Buffer.from(
      gedcomText('Test', [
        ['0 @I1@ INDI', '1 NAME Karen /Jensen/', '1 SEX F', '1 FAMS @F1@'],
        ['0 @I2@ INDI', '1 NAME <img src=x onerror="alert(1)"> /Ø@@rsted/', '1 SEX M', '1 DEAT Y', '1 NOTE Første linje', '2 CONT Anden linje med æøå', '1 FAMS @F1@'],
        ['0 @F1@ FAM', '1 HUSB @I2@', '1 WIFE @I1@'],
      ]),
    );
    await imported(cast, file);
    const husband = (await whole(cast)).people.find((p) => !p.isRoot)!;
    expect(husband).toMatchObject({ givenNames: '<img src=x onerror="alert(1)">', surname: 'Ø@rsted', note: 'Første linje\nAnden linje med æøå' });
    const again = await premiumCast({ name: 'Karen Jensen' });
    await imported(again, await exported(cast));
    expect((await whole(again)).people.find((p) => !p.isRoot)).toMatchObject({ givenNames: husband.givenNames, surname: 'Ø@rsted', note: husband.note });
  });
});

describe('files as the big programs write them', () => {
  it('reads MyHeritage’s UTF-8 with a byte order mark, finds the memorial person by name and years, and says what it passes over', async () => {
    const cast = await premiumCast({ name: 'Karen Marie Sørensen', birthDate: '1941-03-12', deathDate: '2023-04-03' });
    const preview = (await send(cast, 'preview', myHeritageFile())).json<GedcomPreview>();
    expect(preview).toMatchObject({ people: 5, families: 2, charset: 'UTF-8', source: 'MyHeritage Family Tree Builder', root: { id: '@I1@', name: 'Karen Marie Sørensen', years: '1941–2023' } });
    expect(preview.notUnderstood).toContain('Billeder og filer (1) tages ikke med.');
    await imported(cast, myHeritageFile());
    const family = await whole(cast);
    const rootId = family.rootId;
    const close = (await t.request({ method: 'GET', url: `${tree(cast.memorial.id)}/close`, headers: { cookie: cast.owner.cookie } })).json();
    expect(close.parents.map((p: { givenNames: string }) => p.givenNames).sort()).toEqual(['Jørgen', 'Åse']);
    expect(close.siblings).toMatchObject([{ givenNames: 'Grethe', half: true }]);
    const father = family.people.find((p) => p.givenNames === 'Jørgen')!;
    expect(father).toMatchObject({ birth: { qualifier: 'about', year: 1910 }, death: { qualifier: 'between', year: 1975, to: 1978 } });
    expect(family.people.find((p) => p.givenNames === 'Åse')).toMatchObject({ diedUndated: true, surname: 'Brøndum' });
    expect(family.families.find((f) => f.children.includes(rootId))!.partnership).toBe('divorced');
    // The memorial person keeps what the family wrote and gains the file's places.
    expect(family.people.find((p) => p.id === rootId)).toMatchObject({ givenNames: 'Karen Marie', surname: 'Sørensen', birthPlace: 'Ærøskøbing, Ærø, Danmark', deathPlace: 'Århus' });
  });

  it('reads Ancestry’s ANSI, Gramps’ note records and Legacy’s ANSEL with the Danish letters whole', async () => {
    const ancestry = await premiumCast({ name: 'Søren Kjærgård' });
    expect((await send(ancestry, 'preview', ancestryFile())).json()).toMatchObject({ charset: 'ANSI (Windows-1252)', root: { name: 'Søren Kjærgård' } });
    await imported(ancestry, ancestryFile());
    expect((await whole(ancestry)).people.map((p) => `${p.givenNames} ${p.surname}`).sort()).toEqual(['Søren Kjærgård', 'Ærtebjørg Østergård']);

    const gramps = await premiumCast({ name: 'Poul Brøndum' });
    await imported(gramps, grampsFile());
    const niels = (await whole(gramps)).people.find((p) => p.givenNames === 'Niels')!;
    expect(niels).toMatchObject({ surname: 'Brøndum', note: 'Smed i Brønderslev.\nGift i Søby kirke.', birth: { qualifier: 'about', year: 1880 }, death: { qualifier: 'between', year: 1940, to: 1942 } });
    expect((await whole(gramps)).people.find((p) => p.isRoot)!.birth).toEqual({ qualifier: 'exact', year: 1910, month: 2, day: 2 });

    const legacy = await premiumCast({ name: 'Birthe Møller' });
    expect((await send(legacy, 'preview', legacyFile())).json()).toMatchObject({ charset: 'ANSEL', root: { name: 'Birthe Møller' } });
    await imported(legacy, legacyFile());
    expect((await whole(legacy)).people.map((p) => `${p.givenNames} ${p.surname}`).sort()).toEqual(['Birthe Møller', 'Kirsten Læsø', 'Åge Møller']);
    expect((await whole(legacy)).people.find((p) => p.givenNames === 'Åge')).toMatchObject({ birthPlace: 'Næstved', death: { qualifier: 'before', year: 1970 } });
  });
});

describe('files that are refused, with nothing half-imported', () => {
  const refusals: [string, () => Buffer, string][] = [
    ['a picture', () => Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), GEDCOM_MESSAGES.notGedcom],
    ['plain text', () => Buffer.from('Kære familie,\nher er vores stamtræ.\n'), GEDCOM_MESSAGES.notGedcom],
    ['a file cut off', () => Buffer.from(sampleFamilyGedcom(240).slice(0, 5000)), GEDCOM_MESSAGES.broken('Filen slutter for tidligt.')],
    [
      'a person their own ancestor',
      () =>
        Buffer.from(
          gedcomText('Test', [
            ['0 @I1@ INDI', '1 NAME Karen /Jensen/', '1 FAMC @F1@', '1 FAMS @F2@'],
            ['0 @I2@ INDI', '1 NAME Jørgen /Jensen/', '1 FAMS @F1@', '1 FAMC @F2@'],
            ['0 @F1@ FAM', '1 HUSB @I2@', '1 CHIL @I1@'],
            ['0 @F2@ FAM', '1 WIFE @I1@', '1 CHIL @I2@'],
          ]),
        ),
      'står som sin egen forfader',
    ],
    ['50,000 people', () => crowdFile(50_000), GEDCOM_MESSAGES.tooMany(50_000)],
    ['no people', () => Buffer.from(gedcomText('Test', [])), GEDCOM_MESSAGES.noPeople],
  ];
  it.each(refusals)('refuses %s', async (_name, file, message) => {
    const cast = await premiumCast({ name: 'Karen Jensen' });
    for (const step of ['preview', 'import'] as const) {
      const response = await send(cast, step, file(), '@I1@');
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json<{ message: string }>().message).toContain(message);
    }
    expect((await whole(cast)).size).toBe(1);
  });

  it('refuses a file past the size limit before reading it', async () => {
    const cast = await premiumCast();
    const response = await send(cast, 'preview', Buffer.alloc(16 * 1024 * 1024, 0x30));
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toMatch(/fylder for meget/);
  });

  it('lets only the family import, and only with Premium', async () => {
    const cast = await castMemorial(t, { name: 'Karen Marie Sørensen' });
    const withoutPremium = await send(cast, 'import', myHeritageFile());
    expect(withoutPremium.statusCode).toBe(403);
    await givePremium(t.database.db, cast.memorial.id);
    for (const cookie of [cast.viewer.cookie, cast.stranger.cookie]) expect((await send(cast, 'preview', myHeritageFile(), undefined, cookie)).statusCode).toBe(403);
    expect((await whole(cast)).size).toBe(1);
  });
});
