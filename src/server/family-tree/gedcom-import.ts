/**
 * A GEDCOM file into a memorial's tree, in two steps: the preview says what would come in, who is
 * taken to be the memorial's own person and what is passed over; the import does it in one
 * transaction (all of the file, or nothing). The file's person who is the memorial's own is merged
 * into the tree's root, so the file's family hangs from the memorial's person.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { FAMILY_TREE_MESSAGES, TREE_MAX_PEOPLE, lifeYears } from '../../shared/family-tree';
import type { GedcomPreview } from '../../shared/family-tree-api';
import { familyChildren, familyPeople, familyUnions } from '../db/schema';
import type { Deps } from '../deps';
import { badRequest } from '../lib/errors';
import { treeEditor } from './access';
import { type GedcomFile, type GedcomPerson, readGedcomFile } from './gedcom-read';
import { peopleCount } from './people';

const fullName = (person: Pick<GedcomPerson, 'givenNames' | 'surname'>) => [person.givenNames, person.surname].filter(Boolean).join(' ');
const simple = (name: string) => name.toLocaleLowerCase('da').normalize('NFC').replace(/[^a-zæøåäöüé ]/g, '').replace(/\s+/g, ' ').trim();

/**
 * The file's people most like the memorial's own: by name (every word of the memorial's name found,
 * then most words shared) and by birth and death years. Best first.
 */
function candidatesFor(file: GedcomFile, root: { name: string; birthYear?: number; deathYear?: number }) {
  const wanted = simple(root.name).split(' ').filter(Boolean);
  const scored = file.people.map((person) => {
    const words = new Set(simple(fullName(person)).split(' '));
    const shared = wanted.filter((word) => words.has(word)).length;
    let score = shared * 10 + (shared === wanted.length ? 20 : 0);
    if (root.birthYear && person.birth?.year === root.birthYear) score += 15;
    if (root.deathYear && person.death?.year === root.deathYear) score += 15;
    return { person, score };
  });
  return scored.filter(({ score }) => score >= 20).sort((a, b) => b.score - a.score);
}

const summary = (person: GedcomPerson) => ({ id: person.id, name: fullName(person) || 'Uden navn', years: lifeYears(person.birth, person.death) });

async function prepare(deps: Deps, key: string, userId: string, bytes: Buffer) {
  const { memorial } = await treeEditor(deps.db, deps, key, userId);
  const file = readGedcomFile(bytes);
  const candidates = candidatesFor(file, {
    name: memorial.name,
    birthYear: memorial.birthDate ? Number(memorial.birthDate.slice(0, 4)) : undefined,
    deathYear: memorial.deathDate ? Number(memorial.deathDate.slice(0, 4)) : undefined,
  });
  return { memorial, file, candidates };
}

export async function previewGedcom(deps: Deps, key: string, userId: string, bytes: Buffer, chosenRoot: string | undefined): Promise<GedcomPreview> {
  const { file, candidates } = await prepare(deps, key, userId, bytes);
  const root = chosenRoot ? file.people.find((person) => person.id === chosenRoot) : candidates[0]?.person;
  return {
    people: file.people.length,
    families: file.families.length,
    charset: file.charset,
    source: file.source,
    root: root ? summary(root) : null,
    candidates: candidates.slice(0, 20).map(({ person }) => summary(person)),
    sample: file.people.slice(0, 12).map(summary),
    notUnderstood: file.notUnderstood.slice(0, 50),
    notUnderstoodCount: file.notUnderstood.length,
  };
}

/** Rows go in this many at a time: well under PostgreSQL's 65,535 parameters a statement. */
const BATCH = 1000;

export async function importGedcom(deps: Deps, key: string, userId: string, bytes: Buffer, chosenRoot: string | undefined) {
  const { memorial, file, candidates } = await prepare(deps, key, userId, bytes);
  const fileRoot = chosenRoot ? file.people.find((person) => person.id === chosenRoot) : candidates[0]?.person;
  if (!fileRoot) throw badRequest(`Vælg hvem i filen der er ${memorial.name}.`, 'root');
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const { rootId } = await treeEditor(tx, deps, key, userId);
    if ((await peopleCount(tx, memorial.id)) + file.people.length - 1 > TREE_MAX_PEOPLE) throw badRequest(FAMILY_TREE_MESSAGES.tooMany, 'file');
    const ids = new Map(file.people.map((person) => [person.id, person === fileRoot ? rootId : randomUUID()]));
    const rows = file.people
      .filter((person) => person !== fileRoot)
      .map(({ id, ...person }) => ({ ...person, id: ids.get(id)!, gedcomId: id, memorialId: memorial.id, createdBy: userId, createdAt: now, updatedAt: now }));
    for (let at = 0; at < rows.length; at += BATCH) await tx.insert(familyPeople).values(rows.slice(at, at + BATCH));

    // The root keeps what the family wrote; the file fills in what is missing.
    const [root] = await tx.select().from(familyPeople).where(eq(familyPeople.id, rootId));
    await tx
      .update(familyPeople)
      .set({
        birth: root!.birth ?? fileRoot.birth,
        death: root!.death ?? fileRoot.death,
        diedUndated: !(root!.death ?? fileRoot.death) && (root!.diedUndated || fileRoot.diedUndated),
        birthPlace: root!.birthPlace || fileRoot.birthPlace,
        deathPlace: root!.deathPlace || fileRoot.deathPlace,
        note: root!.note || fileRoot.note,
        sex: root!.sex === 'unknown' ? fileRoot.sex : root!.sex,
        gedcomId: fileRoot.id,
        updatedAt: now,
      })
      .where(eq(familyPeople.id, rootId));

    const unions = file.families.map((family) => ({
      id: randomUUID(),
      memorialId: memorial.id,
      partner1Id: family.partners[0] ? ids.get(family.partners[0])! : null,
      partner2Id: family.partners[1] ? ids.get(family.partners[1])! : null,
      partnership: family.partnership,
      gedcomId: family.id,
      createdAt: now,
    }));
    for (let at = 0; at < unions.length; at += BATCH) await tx.insert(familyUnions).values(unions.slice(at, at + BATCH));
    const kids = file.families.flatMap((family, i) => family.children.map((child, position) => ({ unionId: unions[i]!.id, childId: ids.get(child)!, position })));
    for (let at = 0; at < kids.length; at += BATCH) await tx.insert(familyChildren).values(kids.slice(at, at + BATCH));
    // No loop check against the tree's own families is needed: the file's people are all new, and
    // they meet the tree only in the root, so a loop would have to lie within the file (checked).
    return { added: rows.length, families: unions.length, rootId };
  });
}
