/**
 * The family tree's calls (/api/memorials/{id}/family-tree/...), both sides. Visitors read the
 * close family of one person (a phone's first view) and the whole tree (the full-screen chart);
 * the memorial's owner and co-admins change it, person by person and relation by relation, and
 * every change has its undo (a removed person is restored, a removed relation added again).
 */
import './zod-locale';
import { z } from 'zod';
import { DATE_QUALIFIERS, FAMILY_TREE_MESSAGES, PARTNERSHIPS, SEXES, type TreeDate, isValidTreeDate } from './family-tree';

export const treeDate = z
  .object({
    qualifier: z.enum(DATE_QUALIFIERS),
    year: z.number().int(),
    month: z.number().int().optional(),
    day: z.number().int().optional(),
    to: z.number().int().optional(),
  })
  .refine((date) => isValidTreeDate(date), FAMILY_TREE_MESSAGES.date) satisfies z.ZodType<TreeDate>;

const name = (max: number) => z.string().trim().max(max, `Navnet må højst være ${max} tegn.`);
const place = z.string().trim().max(200, 'Stedet må højst være 200 tegn.');

/** What a family writes about a person. Names and places are plain text, shown as text everywhere. */
export const personFields = z.strictObject({
  givenNames: name(120),
  surname: name(120),
  sex: z.enum(SEXES),
  birth: treeDate.nullable(),
  death: treeDate.nullable(),
  diedUndated: z.boolean(),
  birthPlace: place,
  deathPlace: place,
  note: z.string().trim().max(2000, 'Noten må højst være 2.000 tegn.'),
  showLivingToVisitors: z.boolean(),
  /** The address (or slug) of the person's own memorial on Mindested, or null for none. */
  linkedMemorial: z.string().trim().max(300).nullable(),
});
export type PersonFields = z.infer<typeof personFields>;

/** A change to some of a person's fields. */
export const personChanges = personFields.partial();
export type PersonChanges = z.infer<typeof personChanges>;

export const RELATION_KINDS = ['parent', 'child', 'partner'] as const;
export type RelationKind = (typeof RELATION_KINDS)[number];

/**
 * How a person is joined to another (`of`): as their parent, child or partner. A child goes into
 * `familyId` when given (which of the person's families: with which partner), else into the
 * person's family without a partner; a parent joins the family the person is a child of, if it has
 * room for one more parent.
 */
export const relationBody = z.strictObject({
  kind: z.enum(RELATION_KINDS),
  of: z.uuid('Ukendt person.'),
  familyId: z.uuid('Ukendt familie.').optional(),
  partnership: z.enum(PARTNERSHIPS).optional(),
});

/** POST /people: a new person, joined at once to someone already in the tree (or alone). */
export const addPersonBody = z.strictObject({ person: personFields, relation: relationBody.optional() });
/** POST /relations: two people already in the tree joined; also the undo of a removed relation. */
export const linkBody = relationBody.extend({ personId: z.uuid('Ukendt person.') });
/** DELETE /relations: a child taken out of a family, or a partner out of it. */
export const unlinkBody = z.strictObject({ kind: z.enum(['child', 'partner']), familyId: z.uuid('Ukendt familie.'), personId: z.uuid('Ukendt person.') });
export const familyChanges = z.strictObject({ partnership: z.enum(PARTNERSHIPS) });

export const treeParams = z.object({ id: z.string().min(1).max(120) });
export const personParams = treeParams.extend({ personId: z.uuid('Ukendt person.') });
export const familyParams = treeParams.extend({ familyId: z.uuid('Ukendt familie.') });
export const closeQuery = z.object({ person: z.uuid('Ukendt person.').optional() });

const photo = z.object({
  variants: z.array(z.object({ width: z.number(), height: z.number(), format: z.enum(['avif', 'webp', 'jpeg']), url: z.string(), bytes: z.number() })),
  placeholder: z.string().nullable(),
});

/**
 * A person as the reader may see them. For a visitor, a living person (isLiving) is `restricted`:
 * first name only, no dates, places, note or photo, unless the family chose to show them.
 */
export const treePerson = z.object({
  id: z.string(),
  givenNames: z.string(),
  surname: z.string(),
  sex: z.enum(SEXES),
  birth: treeDate.nullable(),
  death: treeDate.nullable(),
  diedUndated: z.boolean(),
  birthPlace: z.string(),
  deathPlace: z.string(),
  note: z.string(),
  photo: photo.nullable(),
  /** The person's own memorial, when it is one the reader may open. */
  linkedMemorial: z.object({ slug: z.string(), name: z.string() }).nullable(),
  living: z.boolean(),
  restricted: z.boolean(),
  showLivingToVisitors: z.boolean(),
  isRoot: z.boolean(),
});
export type TreePerson = z.infer<typeof treePerson>;

export const treeFamily = z.object({
  id: z.string(),
  /** One or two parents. */
  partners: z.array(z.string()),
  partnership: z.enum(PARTNERSHIPS),
  children: z.array(z.string()),
});
export type TreeFamily = z.infer<typeof treeFamily>;

const treeAccess = {
  memorial: z.object({ id: z.string(), slug: z.string(), name: z.string() }),
  canEdit: z.boolean(),
  premium: z.boolean(),
  /** How many people the tree holds (for the reader). */
  size: z.number(),
};

/** GET /family-tree: the whole tree, for the full-screen chart and the family's editing. */
export const treeResponse = z.object({ ...treeAccess, rootId: z.string(), people: z.array(treePerson), families: z.array(treeFamily) });
export type FamilyTree = z.infer<typeof treeResponse>;

const sibling = treePerson.extend({ half: z.boolean() });
/**
 * GET /family-tree/close: one person's close family, what a phone shows first. Each partner comes
 * with the family they share (its children under `children` carry their familyId).
 */
export const closeFamilyResponse = z.object({
  ...treeAccess,
  rootId: z.string(),
  person: treePerson,
  parents: z.array(treePerson.extend({ familyId: z.string() })),
  partners: z.array(treePerson.extend({ familyId: z.string(), partnership: z.enum(PARTNERSHIPS) })),
  siblings: z.array(sibling),
  children: z.array(treePerson.extend({ familyId: z.string() })),
  /** The person's families (as a parent), also one without a partner, for adding a child into. */
  families: z.array(treeFamily),
  /** The family the person is a child of, which a new parent joins (null: none yet). */
  parentFamilyId: z.string().nullable(),
});
export type CloseFamily = z.infer<typeof closeFamilyResponse>;

/** What a change answers: the person it made or changed, to focus on. */
export const changeResponse = z.object({ personId: z.string() });
/** What joining two people answers: also the family they now share, which the undo takes them out of. */
export const linkResponse = changeResponse.extend({ familyId: z.string() });

/** The GEDCOM import's two steps: `preview` says what would happen; `import` does it. */
export const gedcomQuery = z.object({
  step: z.enum(['preview', 'import']),
  /** The file's person (its @I…@ id) who is the memorial's own person; found by name when not given. */
  root: z.string().max(40).optional(),
});

export const gedcomPreviewResponse = z.object({
  people: z.number(),
  families: z.number(),
  /** The file's character set as read (UTF-8, ANSEL, ANSI…). */
  charset: z.string(),
  /** Who the file's program is, when it says (MyHeritage, Gramps…). */
  source: z.string().nullable(),
  /** The person taken to be the memorial's own, and other candidates to choose from. */
  root: z.object({ id: z.string(), name: z.string(), years: z.string() }).nullable(),
  candidates: z.array(z.object({ id: z.string(), name: z.string(), years: z.string() })),
  /** A first look at who comes in. */
  sample: z.array(z.object({ name: z.string(), years: z.string() })),
  /** What was not understood, and will be left out: one line each, Danish. */
  notUnderstood: z.array(z.string()),
  /** How many such lines there were in all (the list shows the first ones). */
  notUnderstoodCount: z.number(),
});
export type GedcomPreview = z.infer<typeof gedcomPreviewResponse>;

export const gedcomImportResponse = z.object({ added: z.number(), families: z.number(), rootId: z.string() });

/**
 * A family tree page as the server drew it for a visitor (family-tree/page-route.ts): the close
 * family the page shows first, written into the HTML so the page paints and comes alive without
 * asking again. `memorial` is the key as the address has it; `person` the one in focus (null: the
 * memorial's own person).
 */
export const FAMILY_TREE_DATA_ELEMENT_ID = 'family-tree-data';
export interface InlineFamilyTree {
  memorial: string;
  person: string | null;
  close: CloseFamily;
}
