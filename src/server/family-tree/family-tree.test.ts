/**
 * The family tree through its calls: people and relations added from a person's card, half-
 * siblings and step-families read back right, the undo of every change, living people kept from
 * visitors, and who may do what (visitors read; the owner and co-admins change it, with Premium).
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ImageDir, createImageDir, writeImage } from '../../../tests/support/images';
import { killedAtCommit } from '../../../tests/support/killed';
import { type Cast, castMemorial } from '../../../tests/support/memorial-cast';
import { multipartForm } from '../../../tests/support/multipart';
import { givePremium } from '../../../tests/support/premium';
import { type TestApp, createTestApp } from '../../../tests/support/test-app';
import { FAMILY_TREE_MESSAGES } from '../../shared/family-tree';
import type { CloseFamily, FamilyTree, PersonFields } from '../../shared/family-tree-api';
import { familyPeople, premiumPeriods, uploadsInProgress } from '../db/schema';
import { createStorage } from '../lib/storage';
import { ABANDONED_AFTER_MS, sweepAbandonedUploads } from '../lib/uploads-in-progress';
import { setPhoto } from './people';
import { purgeRemovedTreePeople } from './purge';

let t: TestApp;
let images: ImageDir;
let mediaDir: string;

beforeAll(async () => {
  mediaDir = await mkdtemp(path.join(tmpdir(), 'mindested-tree-media-'));
  t = await createTestApp({}, { storage: createStorage({ kind: 'disk', root: mediaDir }) });
  images = await createImageDir();
});
afterAll(async () => {
  await t.close();
  await images.cleanup();
  await rm(mediaDir, { recursive: true, force: true });
});

const person = (fields: Partial<PersonFields>): PersonFields => ({
  givenNames: '',
  surname: '',
  sex: 'unknown',
  birth: null,
  death: null,
  diedUndated: false,
  birthPlace: '',
  deathPlace: '',
  note: '',
  showLivingToVisitors: false,
  linkedMemorial: null,
  ...fields,
});
const inProgress = () => t.database.db.select().from(uploadsInProgress);
async function stored(folder: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of t.app.deps.storage.list(folder)) keys.push(key);
  return keys;
}
const year = (value: number) => ({ qualifier: 'exact' as const, year: value });
const tree = (memorial: string) => `/api/memorials/${memorial}/family-tree`;

async function premiumCast(fields: object = {}): Promise<Cast> {
  const cast = await castMemorial(t, fields);
  await givePremium(t.database.db, cast.memorial.id);
  return cast;
}

async function add(cast: Cast, fields: Partial<PersonFields>, relation?: object, cookie = cast.owner.cookie): Promise<string> {
  const response = await t.request({ method: 'POST', url: `${tree(cast.memorial.id)}/people`, headers: { cookie }, payload: { person: person(fields), relation } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ personId: string }>().personId;
}

async function close(cast: Cast, personId?: string, cookie?: string): Promise<CloseFamily> {
  const response = await t.request({ method: 'GET', url: `${tree(cast.memorial.id)}/close${personId ? `?person=${personId}` : ''}`, headers: cookie ? { cookie } : {} });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<CloseFamily>();
}

async function whole(cast: Cast, cookie?: string): Promise<FamilyTree> {
  const response = await t.request({ method: 'GET', url: tree(cast.memorial.id), headers: cookie ? { cookie } : {} });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<FamilyTree>();
}

const names = (people: { givenNames: string }[]) => people.map((p) => p.givenNames).sort();

describe('building a family from the memorial person’s card', () => {
  it('starts with the memorial’s own person, made from the memorial', async () => {
    const cast = await premiumCast({ name: 'Karen Marie Jensen', birthDate: '1941-03-12', deathDate: '2023-04-03', birthPlace: 'Ærøskøbing' });
    const family = await close(cast, undefined, cast.owner.cookie);
    expect(family.person).toMatchObject({ givenNames: 'Karen Marie', surname: 'Jensen', birthPlace: 'Ærøskøbing', isRoot: true, living: false });
    expect(family.person.birth).toEqual({ qualifier: 'exact', year: 1941, month: 3, day: 12 });
    expect(family).toMatchObject({ canEdit: true, premium: true, size: 1, parents: [], partners: [], siblings: [], children: [] });
  });

  it('adds parents, grandparents, partners and children, and reads half-siblings and step-families right', async () => {
    const cast = await premiumCast({ name: 'Karen Jensen' });
    const root = (await close(cast, undefined, cast.owner.cookie)).rootId;
    const father = await add(cast, { givenNames: 'Jørgen', surname: 'Jensen', sex: 'male', birth: year(1910), death: year(1980) }, { kind: 'parent', of: root });
    const mother = await add(cast, { givenNames: 'Åse', surname: 'Brøndum', sex: 'female', birth: year(1915), death: year(1999) }, { kind: 'parent', of: root });
    const grandfather = await add(cast, { givenNames: 'Niels', surname: 'Jensen', sex: 'male', birth: { qualifier: 'about', year: 1880 }, diedUndated: true }, { kind: 'parent', of: father });
    // The father's second wife and their daughter: Karen's stepmother and half-sister.
    const stepmother = await add(cast, { givenNames: 'Bodil', sex: 'female', birth: year(1920), death: year(1990) }, { kind: 'partner', of: father, partnership: 'widowed' });
    const secondFamily = (await close(cast, father, cast.owner.cookie)).families.find((f) => f.partners.includes(stepmother))!;
    const halfSister = await add(cast, { givenNames: 'Grethe', sex: 'female', birth: year(1950), death: year(2001) }, { kind: 'child', of: father, familyId: secondFamily.id });
    const brother = await add(cast, { givenNames: 'Poul', sex: 'male', birth: year(1938), death: year(2010) }, { kind: 'child', of: mother });
    const husband = await add(cast, { givenNames: 'Hans', sex: 'male', birth: year(1939), death: year(2015) }, { kind: 'partner', of: root, partnership: 'married' });
    const ownFamily = (await close(cast, root, cast.owner.cookie)).families[0]!;
    await add(cast, { givenNames: 'Mette', sex: 'female', birth: year(1965) }, { kind: 'child', of: root, familyId: ownFamily.id });

    const karen = await close(cast, root, cast.owner.cookie);
    expect(names(karen.parents)).toEqual(['Jørgen', 'Åse']);
    expect(karen.partners).toMatchObject([{ id: husband, partnership: 'married' }]);
    expect(karen.children.map((c) => c.givenNames)).toEqual(['Mette']);
    // Poul was added as the mother's child, into a family of her own without the father: a half-brother.
    expect(karen.siblings.map((s) => [s.givenNames, s.half])).toEqual([
      ['Poul', true],
      ['Grethe', true],
    ]);
    const jorgen = await close(cast, father, cast.owner.cookie);
    expect(jorgen.parents.map((p) => p.id)).toEqual([grandfather]);
    expect(jorgen.partners.map((p) => [p.givenNames, p.partnership]).sort()).toEqual([
      ['Bodil', 'widowed'],
      ['Åse', 'married'],
    ]);
    expect(names(jorgen.children)).toEqual(['Grethe', 'Karen']);

    // Poul's father is Jørgen too: the mother's own family gets him as its second parent, and Poul becomes a full brother
    // (two families with the same two parents are one set of full siblings).
    const poulsFamily = (await close(cast, brother, cast.owner.cookie)).parentFamilyId!;
    const linked = await t.request({ method: 'POST', url: `${tree(cast.memorial.id)}/relations`, headers: { cookie: cast.owner.cookie }, payload: { kind: 'parent', of: brother, personId: father, familyId: poulsFamily } });
    expect(linked.statusCode, linked.body).toBe(200);
    const poul = await close(cast, brother, cast.owner.cookie);
    expect(names(poul.parents)).toEqual(['Jørgen', 'Åse']);
    expect(poul.siblings.find((s) => s.id === root)).toMatchObject({ half: false });
    expect(poul.siblings.find((s) => s.id === halfSister)).toMatchObject({ half: true });

    const all = await whole(cast, cast.owner.cookie);
    expect(all.size).toBe(9);
    expect(all.families.length).toBeGreaterThanOrEqual(4);
  });

  it('lets no one become their own ancestor', async () => {
    const cast = await premiumCast();
    const root = (await close(cast, undefined, cast.owner.cookie)).rootId;
    const child = await add(cast, { givenNames: 'Mette' }, { kind: 'child', of: root });
    const grandchild = await add(cast, { givenNames: 'Lise' }, { kind: 'child', of: child });
    for (const payload of [
      { kind: 'parent', of: root, personId: grandchild },
      { kind: 'child', of: grandchild, personId: root },
      { kind: 'parent', of: root, personId: root },
    ]) {
      const response = await t.request({ method: 'POST', url: `${tree(cast.memorial.id)}/relations`, headers: { cookie: cast.owner.cookie }, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toEqual({ message: FAMILY_TREE_MESSAGES.ownAncestor });
    }
    const third = await add(cast, { givenNames: 'Tredje' });
    await add(cast, { givenNames: 'Far' }, { kind: 'parent', of: third });
    await add(cast, { givenNames: 'Mor' }, { kind: 'parent', of: third });
    const tooMany = await t.request({ method: 'POST', url: `${tree(cast.memorial.id)}/people`, headers: { cookie: cast.owner.cookie }, payload: { person: person({ givenNames: 'Tredje forælder' }), relation: { kind: 'parent', of: third } } });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toEqual({ message: FAMILY_TREE_MESSAGES.tooManyParents });
    // Refused in the same transaction as the person it would have added: no one half-added.
    expect((await whole(cast, cast.owner.cookie)).people.some((p) => p.givenNames === 'Tredje forælder')).toBe(false);
  });

  it('checks names and dates in Danish', async () => {
    const cast = await premiumCast();
    const cases: [Partial<PersonFields>, string][] = [
      [{ givenNames: ' ', surname: '' }, FAMILY_TREE_MESSAGES.noName],
      [{ givenNames: 'Ib', birth: year(2100) }, FAMILY_TREE_MESSAGES.future],
      [{ givenNames: 'Ib', birth: { qualifier: 'exact', year: 1950, month: 5, day: 2 }, death: { qualifier: 'exact', year: 1950, month: 5, day: 1 } }, FAMILY_TREE_MESSAGES.deathBeforeBirth],
      [{ givenNames: 'Ib', birth: { qualifier: 'exact', year: 1950, month: 2, day: 30 } }, FAMILY_TREE_MESSAGES.date],
      [{ givenNames: 'Ib', linkedMemorial: 'https://mindested.dk/memorial/findes-ikke' }, FAMILY_TREE_MESSAGES.linkedMemorial],
    ];
    for (const [fields, message] of cases) {
      const response = await t.request({ method: 'POST', url: `${tree(cast.memorial.id)}/people`, headers: { cookie: cast.owner.cookie }, payload: { person: person(fields) } });
      expect(response.statusCode, JSON.stringify(fields)).toBe(400);
      expect(response.json<{ message: string }>().message).toContain(message);
    }
    // "ca. 1890" and "før 1889" may be the same year: only certain dates are held against each other.
    await add(cast, { givenNames: 'Ib', birth: { qualifier: 'about', year: 1890 }, death: { qualifier: 'before', year: 1889 } });
  });

  it('shows names as the text they are', async () => {
    const cast = await premiumCast();
    const id = await add(cast, { givenNames: '<img src=x onerror=alert(1)>', surname: '"><script>alert(1)</script>', death: year(1950) });
    const found = (await whole(cast)).people.find((p) => p.id === id)!;
    expect(found.givenNames).toBe('<img src=x onerror=alert(1)>');
    expect(found.surname).toBe('"><script>alert(1)</script>');
  });
});

describe('the undo of every change', () => {
  it('removes a person and restores them with their place in the family; the memorial person stays', async () => {
    const cast = await premiumCast();
    const root = (await close(cast, undefined, cast.owner.cookie)).rootId;
    const child = await add(cast, { givenNames: 'Mette' }, { kind: 'child', of: root });
    expect((await t.request({ method: 'DELETE', url: `${tree(cast.memorial.id)}/people/${child}`, headers: { cookie: cast.owner.cookie } })).statusCode).toBe(204);
    expect((await close(cast, root, cast.owner.cookie)).children).toEqual([]);
    const missing = await t.request({ method: 'GET', url: `${tree(cast.memorial.id)}/close?person=${child}`, headers: { cookie: cast.owner.cookie } });
    expect(missing.statusCode).toBe(404);
    expect((await t.request({ method: 'POST', url: `${tree(cast.memorial.id)}/people/${child}/restore`, headers: { cookie: cast.owner.cookie } })).statusCode).toBe(200);
    expect((await close(cast, root, cast.owner.cookie)).children.map((c) => c.id)).toEqual([child]);

    const rootRemoval = await t.request({ method: 'DELETE', url: `${tree(cast.memorial.id)}/people/${root}`, headers: { cookie: cast.owner.cookie } });
    expect(rootRemoval.statusCode).toBe(400);
    expect(rootRemoval.json()).toEqual({ message: FAMILY_TREE_MESSAGES.rootCannotBeRemoved });
  });

  it('deletes a removed person for ever, photo and all, once the days to restore them are over', async () => {
    const cast = await premiumCast();
    const root = (await close(cast, undefined, cast.owner.cookie)).rootId;
    const child = await add(cast, { givenNames: 'Mette' }, { kind: 'child', of: root });
    const kept = await add(cast, { givenNames: 'Lise' }, { kind: 'child', of: root });
    const form = multipartForm({}, { field: 'file', filename: 'mette.jpg', contentType: 'image/jpeg', content: await readFile(await writeImage(images.dir, 'mette.jpg', 'jpeg', { width: 200, height: 200 })) });
    expect((await t.request({ method: 'POST', url: `${tree(cast.memorial.id)}/people/${child}/photo`, headers: { ...form.headers, cookie: cast.owner.cookie }, payload: form.payload })).statusCode).toBe(200);
    const photoUrl = (await whole(cast, cast.owner.cookie)).people.find((p) => p.id === child)!.photo!.variants[0]!.url;
    await t.request({ method: 'DELETE', url: `${tree(cast.memorial.id)}/people/${child}`, headers: { cookie: cast.owner.cookie } });
    const deps = { db: t.database.db, storage: createStorage({ kind: 'disk', root: mediaDir }) };
    expect(await purgeRemovedTreePeople(deps, new Date(t.clock.now().getTime() + 29 * 24 * 3600_000))).toBe(0);
    expect(await purgeRemovedTreePeople(deps, new Date(t.clock.now().getTime() + 31 * 24 * 3600_000))).toBeGreaterThanOrEqual(1);
    expect((await t.request({ method: 'POST', url: `${tree(cast.memorial.id)}/people/${child}/restore`, headers: { cookie: cast.owner.cookie } })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: photoUrl })).statusCode).toBe(404);
    expect((await close(cast, root, cast.owner.cookie)).children.map((c) => c.id)).toEqual([kept]);
  });

  it('takes a child or a partner out of a family and puts them back', async () => {
    const cast = await premiumCast();
    const root = (await close(cast, undefined, cast.owner.cookie)).rootId;
    const partner = await add(cast, { givenNames: 'Hans' }, { kind: 'partner', of: root, partnership: 'divorced' });
    const familyId = (await close(cast, root, cast.owner.cookie)).families[0]!.id;
    const child = await add(cast, { givenNames: 'Mette' }, { kind: 'child', of: root, familyId });
    const request = (method: 'POST' | 'DELETE', payload: object) => t.request({ method, url: `${tree(cast.memorial.id)}/relations`, headers: { cookie: cast.owner.cookie }, payload });

    expect((await request('DELETE', { kind: 'child', familyId, personId: child })).statusCode).toBe(204);
    expect((await close(cast, root, cast.owner.cookie)).children).toEqual([]);
    expect((await request('POST', { kind: 'child', of: root, familyId, personId: child })).statusCode).toBe(200);
    expect((await close(cast, child, cast.owner.cookie)).parents.map((p) => p.id).sort()).toEqual([root, partner].sort());

    expect((await request('DELETE', { kind: 'partner', familyId, personId: partner })).statusCode).toBe(204);
    expect((await close(cast, root, cast.owner.cookie)).partners).toEqual([]);
    expect((await request('POST', { kind: 'partner', of: root, familyId, personId: partner })).statusCode).toBe(200);
    expect((await close(cast, root, cast.owner.cookie)).partners).toMatchObject([{ id: partner, partnership: 'divorced', familyId }]);

    const changed = await t.request({ method: 'PUT', url: `${tree(cast.memorial.id)}/families/${familyId}`, headers: { cookie: cast.owner.cookie }, payload: { partnership: 'married' } });
    expect(changed.statusCode).toBe(204);
    expect((await close(cast, root, cast.owner.cookie)).partners[0]!.partnership).toBe('married');
  });

  it('joins two people already in the tree, and answers the family the undo takes them out of', async () => {
    const cast = await premiumCast();
    const root = (await close(cast, undefined, cast.owner.cookie)).rootId;
    const mother = await add(cast, { givenNames: 'Åse', sex: 'female' }, { kind: 'parent', of: root });
    const father = await add(cast, { givenNames: 'Jørgen', sex: 'male' });
    const relations = (method: 'POST' | 'DELETE', payload: object) => t.request({ method, url: `${tree(cast.memorial.id)}/relations`, headers: { cookie: cast.owner.cookie }, payload });

    const joined = await relations('POST', { kind: 'parent', of: root, personId: father });
    expect(joined.statusCode, joined.body).toBe(200);
    const { familyId } = joined.json<{ personId: string; familyId: string }>();
    const karen = await close(cast, root, cast.owner.cookie);
    expect(names(karen.parents)).toEqual(['Jørgen', 'Åse']);
    // The father joined the mother's family: one family with both, not a second one.
    expect(new Set(karen.parents.map((p) => p.familyId))).toEqual(new Set([familyId]));
    expect((await close(cast, mother, cast.owner.cookie)).partners.map((p) => p.id)).toEqual([father]);

    expect((await relations('DELETE', { kind: 'partner', familyId, personId: father })).statusCode).toBe(204);
    expect(names((await close(cast, root, cast.owner.cookie)).parents)).toEqual(['Åse']);
  });

  it('corrects a person and can correct them back', async () => {
    const cast = await premiumCast();
    const id = await add(cast, { givenNames: 'Søren', birth: year(1940) });
    const put = (payload: object) => t.request({ method: 'PUT', url: `${tree(cast.memorial.id)}/people/${id}`, headers: { cookie: cast.owner.cookie }, payload });
    expect((await put({ givenNames: 'Søren Peter', birth: { qualifier: 'about', year: 1941 }, note: 'Smed i Ølgod.' })).statusCode).toBe(200);
    expect((await whole(cast, cast.owner.cookie)).people.find((p) => p.id === id)).toMatchObject({ givenNames: 'Søren Peter', birth: { qualifier: 'about', year: 1941 }, note: 'Smed i Ølgod.' });
    expect((await put({ givenNames: 'Søren', birth: year(1940), note: '' })).statusCode).toBe(200);
    expect((await whole(cast, cast.owner.cookie)).people.find((p) => p.id === id)).toMatchObject({ givenNames: 'Søren', birth: year(1940), note: '' });
    // A change that would leave a person without a name is refused, whatever else it holds.
    expect((await put({ givenNames: '', surname: '' })).statusCode).toBe(400);
  });
});

describe('what visitors see', () => {
  it('shows a living person by first name only, unless the family chose otherwise', async () => {
    const cast = await premiumCast();
    const root = (await close(cast, undefined, cast.owner.cookie)).rootId;
    const living = await add(cast, { givenNames: 'Mette Marie', surname: 'Jensen', birth: year(1965), birthPlace: 'Århus', note: 'Bor i Aarhus.' }, { kind: 'child', of: root });
    const shown = await add(cast, { givenNames: 'Lise', surname: 'Jensen', birth: year(1968), showLivingToVisitors: true }, { kind: 'child', of: root });
    const oldUncle = await add(cast, { givenNames: 'Frode', surname: 'Jensen', birth: year(1915) }, { kind: 'partner', of: root });

    for (const cookie of [undefined, cast.stranger.cookie, cast.viewer.cookie]) {
      const people = (await whole(cast, cookie)).people;
      expect(people.find((p) => p.id === living)).toMatchObject({ givenNames: 'Mette', surname: '', birth: null, birthPlace: '', note: '', photo: null, restricted: true });
      expect(people.find((p) => p.id === shown)).toMatchObject({ givenNames: 'Lise', surname: 'Jensen', birth: year(1968), restricted: false });
      // Born over a hundred years ago: not taken to be living.
      expect(people.find((p) => p.id === oldUncle)).toMatchObject({ surname: 'Jensen', restricted: false, living: false });
      const children = (await close(cast, root, cookie)).children;
      expect(children.find((c) => c.id === living)).toMatchObject({ givenNames: 'Mette', restricted: true });
    }
    for (const cookie of [cast.owner.cookie, cast.coadmin.cookie]) {
      expect((await whole(cast, cookie)).people.find((p) => p.id === living)).toMatchObject({ givenNames: 'Mette Marie', surname: 'Jensen', restricted: false, living: true });
    }
  });

  it('links a person to their own memorial, and only to one visitors may open', async () => {
    const cast = await premiumCast();
    const other = await castMemorial(t, { name: 'Jørgen Jensen' });
    const hidden = await castMemorial(t, { name: 'Privat Person', privacy: 'private' });
    const id = await add(cast, { givenNames: 'Jørgen', death: year(1980), linkedMemorial: `https://mindested.dk/memorial/${other.memorial.slug}` });
    expect((await whole(cast)).people.find((p) => p.id === id)!.linkedMemorial).toEqual({ slug: other.memorial.slug, name: 'Jørgen Jensen' });
    const refused = await t.request({ method: 'PUT', url: `${tree(cast.memorial.id)}/people/${id}`, headers: { cookie: cast.owner.cookie }, payload: { linkedMemorial: hidden.memorial.slug } });
    expect(refused.statusCode).toBe(400);
    // The other memorial deleted: the link leads nowhere, so it is not shown.
    expect((await t.request({ method: 'DELETE', url: `/api/memorials/${other.memorial.id}`, headers: { cookie: other.owner.cookie } })).statusCode).toBe(204);
    expect((await whole(cast)).people.find((p) => p.id === id)!.linkedMemorial).toBeNull();
  });
});

describe('who may do what', () => {
  it('lets only the owner and co-admins change the tree; others are refused by the server', async () => {
    const cast = await premiumCast();
    const root = (await close(cast, undefined, cast.owner.cookie)).rootId;
    await add(cast, { givenNames: 'Fra medadministratoren' }, { kind: 'child', of: root }, cast.coadmin.cookie);
    for (const [cookie, status] of [
      [cast.viewer.cookie, 403],
      [cast.stranger.cookie, 403],
      [undefined, 401],
    ] as const) {
      const response = await t.request({ method: 'POST', url: `${tree(cast.memorial.id)}/people`, headers: cookie ? { cookie } : {}, payload: { person: person({ givenNames: 'Ubuden' }) } });
      expect(response.statusCode).toBe(status);
      const removal = await t.request({ method: 'DELETE', url: `${tree(cast.memorial.id)}/people/${root}`, headers: cookie ? { cookie } : {} });
      expect(removal.statusCode).toBe(status);
      const exported = await t.request({ method: 'GET', url: `${tree(cast.memorial.id)}/gedcom`, headers: cookie ? { cookie } : {} });
      expect(exported.statusCode).toBe(status);
    }
    expect((await whole(cast)).people.some((p) => p.givenNames === 'Ubuden')).toBe(false);
  });

  it('keeps a private memorial’s tree from strangers', async () => {
    const cast = await premiumCast({ privacy: 'private' });
    expect((await t.request({ method: 'GET', url: tree(cast.memorial.id), headers: { cookie: cast.stranger.cookie } })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: tree(cast.memorial.id) })).statusCode).toBe(404);
    expect((await whole(cast, cast.viewer.cookie)).canEdit).toBe(false);
  });

  it('is Premium’s: without it the family cannot build, visitors find nothing, and a lapse deletes nothing', async () => {
    const cast = await castMemorial(t);
    const refused = await t.request({ method: 'POST', url: `${tree(cast.memorial.id)}/people`, headers: { cookie: cast.owner.cookie }, payload: { person: person({ givenNames: 'Mette' }) } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: FAMILY_TREE_MESSAGES.premium });
    expect((await t.request({ method: 'GET', url: tree(cast.memorial.id) })).statusCode).toBe(404);
    expect(await whole(cast, cast.owner.cookie)).toMatchObject({ premium: false, canEdit: true, size: 1 });

    // Paid for a while, built, then lapsed: the family keeps it all; visitors see it again when it is renewed.
    const now = t.clock.now();
    await t.database.db.insert(premiumPeriods).values({ memorialId: cast.memorial.id, startsAt: new Date(now.getTime() - 1000), endsAt: new Date(now.getTime() + 60_000), source: 'test:lapse' });
    const child = await add(cast, { givenNames: 'Mette', death: year(2000) });
    t.clock.advance(120_000);
    expect((await t.request({ method: 'GET', url: tree(cast.memorial.id) })).statusCode).toBe(404);
    expect((await whole(cast, cast.owner.cookie)).people.some((p) => p.id === child)).toBe(true);
    await givePremium(t.database.db, cast.memorial.id);
    expect((await whole(cast)).people.some((p) => p.id === child)).toBe(true);
  });
});

describe('photos of people', () => {
  it('takes a photo by its content, serves it, and replaces it without leaving the old files', async () => {
    const cast = await premiumCast();
    const id = await add(cast, { givenNames: 'Åse', death: year(1999) });
    const upload = async (file: string, name: string, type: string) => {
      const form = multipartForm({}, { field: 'file', filename: name, contentType: type, content: await readFile(file) });
      return t.request({ method: 'POST', url: `${tree(cast.memorial.id)}/people/${id}/photo`, headers: { ...form.headers, cookie: cast.owner.cookie }, payload: form.payload });
    };
    const first = await upload(await writeImage(images.dir, 'aase.jpg', 'jpeg', { width: 400, height: 500 }), 'aase.jpg', 'image/jpeg');
    expect(first.statusCode, first.body).toBe(200);
    // Crossed out in the transaction that wrote the row (lib/uploads-in-progress.ts).
    expect(await inProgress()).toEqual([]);
    const photo = (await whole(cast)).people.find((p) => p.id === id)!.photo!;
    expect(photo.variants.length).toBeGreaterThan(0);
    const served = await t.request({ method: 'GET', url: photo.variants[0]!.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toMatch(/^image\//);

    const second = await upload(await writeImage(images.dir, 'aase2.png', 'png', { width: 300, height: 300 }), 'aase2.png', 'image/png');
    expect(second.statusCode, second.body).toBe(200);
    expect((await t.request({ method: 'GET', url: photo.variants[0]!.url })).statusCode).toBe(404);

    const text = await upload(path.join(import.meta.dirname, 'routes.ts'), 'aase.jpg', 'image/jpeg');
    expect(text.statusCode).toBe(400);
    expect(await inProgress()).toEqual([]);
    expect((await t.request({ method: 'DELETE', url: `${tree(cast.memorial.id)}/people/${id}/photo`, headers: { cookie: cast.owner.cookie } })).statusCode).toBe(204);
    expect((await whole(cast)).people.find((p) => p.id === id)!.photo).toBeNull();
    const [row] = await t.database.db.select().from(familyPeople).where(eq(familyPeople.id, id));
    expect(row!.photoVariants).toBeNull();
  });

  it('leaves the files of a photo a killed server stored before writing its row to the sweep', async () => {
    const cast = await premiumCast();
    const id = await add(cast, { givenNames: 'Åse', death: year(1999) });
    const content = await readFile(await writeImage(images.dir, 'aase3.jpg', 'jpeg', { width: 400, height: 500 }));
    const killed = killedAtCommit(t.database.db);
    const pending = setPhoto({ ...t.app.deps, db: killed.db }, cast.memorial.id, cast.owner.id, id, { stream: Readable.from([content]), filename: 'aase3.jpg', mimetype: 'image/jpeg' });
    await killed.reached;

    const [note, ...more] = await inProgress();
    expect(more).toEqual([]);
    expect(note!.folder).toMatch(new RegExp(`^memorials/${cast.memorial.id}/tree/[0-9a-f-]{36}/$`));
    expect((await stored(note!.folder)).length).toBeGreaterThan(1);
    const [row] = await t.database.db.select().from(familyPeople).where(eq(familyPeople.id, id));
    expect(row!.photoVariants).toBeNull();
    // Within the hour an upload may still be storing it; after it, nothing is.
    expect(await sweepAbandonedUploads(t.app.deps, new Date(t.clock.now().getTime() + ABANDONED_AFTER_MS - 1000))).toBe(0);
    expect(await sweepAbandonedUploads(t.app.deps, new Date(t.clock.now().getTime() + ABANDONED_AFTER_MS))).toBe(1);
    expect(await stored(note!.folder)).toEqual([]);
    expect(await inProgress()).toEqual([]);

    killed.release();
    await expect(pending).rejects.toThrow('killed before the commit');
  });
});
