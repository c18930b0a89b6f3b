/** Request and response schemas of the memorial calls (SPEC.md §7: POST/PUT /api/memorials). */
import './zod-locale';
import { z } from 'zod';
import { mediaItemResponse } from './media-api';
import { songResponse } from './music-api';
import { parseCode } from './qr-code';
import { MEMBER_ROLES, MEMORIAL_LAYOUTS, MEMORIAL_LIMITS as L, MEMORIAL_PRIVACIES, MEMORIAL_THEMES, type Memorial, type MemorialSummary } from './memorials';

/**
 * A memorial's address must never read as a QR code: /memorial/{key} takes a key that reads as a
 * code to be one, so an address of that shape could take over a stone (docs/decisions/0021).
 */
export function slugLooksLikeCode(slug: string): boolean {
  return parseCode(slug) !== null;
}

const text = (max: number) => z.string().trim().max(max);

/**
 * Whether a date of 1, 2 or 3 parts (YYYY, YYYY-MM, YYYY-MM-DD) is on the calendar: no 31 February,
 * no month 13, and years 1–9999 only. PostgreSQL's date has no year 0 (the year before 1 AD is 1 BC),
 * so "0000-05-01" failed the insert; four digits are what the form's date input and JavaScript's
 * ISO dates handle.
 */
function isCalendarDate(value: string): boolean {
  const [year, month = 1, day = 1] = value.split('-').map(Number) as [number, number?, number?];
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date.getUTCDate() === day;
}

/** A calendar date as YYYY-MM-DD that exists (no 31 February). */
const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Skriv datoen som ÅÅÅÅ-MM-DD.')
  .refine(isCalendarDate, 'Datoen findes ikke.');

const timelineEvent = z.object({
  date: z
    .string()
    .trim()
    .regex(/^\d{4}(-\d{2}(-\d{2})?)?$/, 'Skriv et årstal eller en dato (ÅÅÅÅ eller ÅÅÅÅ-MM-DD).')
    .refine(isCalendarDate, 'Datoen findes ikke.'),
  title: text(L.eventTitle).min(1, 'Giv begivenheden en overskrift.'),
  text: text(L.eventText).default(''),
});

const restingPlace = z.strictObject({
  cemetery: text(L.place),
  section: text(40),
  graveNumber: text(40),
  latitude: z.number().min(-90).max(90).nullable(),
  longitude: z.number().min(-180).max(180).nullable(),
});

/** Every field a family can set; none has a default here, so a partial update changes only what it sends. */
const memorialFields = {
  name: text(L.name).min(2, 'Skriv navnet på den, siden handler om.'),
  birthDate: isoDate.nullable(),
  deathDate: isoDate.nullable(),
  birthPlace: text(L.place),
  deathPlace: text(L.place),
  restingPlace,
  epitaph: text(L.epitaph),
  /** HTML from the editor; the server keeps only what its allow-list permits. */
  lifeStory: z.string().max(L.lifeStory * 2, 'Livshistorien er for lang.'),
  timeline: z.array(timelineEvent).max(L.timelineEvents, `Højst ${L.timelineEvents} begivenheder.`),
  theme: z.enum(MEMORIAL_THEMES),
  layout: z.enum(MEMORIAL_LAYOUTS),
  privacy: z.enum(MEMORIAL_PRIVACIES),
};

/** The timeline alone, for the editors that check it before sending. */
export const timelineBody = memorialFields.timeline;

export type MemorialFields = { [K in keyof typeof memorialFields]: z.output<(typeof memorialFields)[K]> };

/** What a new memorial has where its creator said nothing. */
export const MEMORIAL_DEFAULTS: Omit<MemorialFields, 'name'> = {
  birthDate: null,
  deathDate: null,
  birthPlace: '',
  deathPlace: '',
  restingPlace: { cemetery: '', section: '', graveNumber: '', latitude: null, longitude: null },
  epitaph: '',
  lifeStory: '',
  timeline: [],
  theme: 'lys',
  layout: 'classic',
  privacy: 'public',
};

const datesInOrder = (value: { birthDate?: string | null; deathDate?: string | null }) =>
  !value.birthDate || !value.deathDate || value.birthDate <= value.deathDate;
const DATES_MESSAGE = { message: 'Dødsdatoen kan ikke ligge før fødselsdatoen.', path: ['deathDate'] };

/** A date field in a form: empty means "not known". */
const formDate = z.union([z.literal('').transform(() => null), isoDate]);

/** The person part of the create and edit forms (a date input gives '' when left empty). */
export const personForm = z
  .object({
    name: memorialFields.name,
    birthDate: formDate,
    deathDate: formDate,
    birthPlace: memorialFields.birthPlace,
    deathPlace: memorialFields.deathPlace,
    epitaph: memorialFields.epitaph,
  })
  .refine(datesInOrder, DATES_MESSAGE);
export type PersonFormInput = z.input<typeof personForm>;
export type PersonFormOutput = z.output<typeof personForm>;

export const createMemorialBody = z
  .strictObject(memorialFields)
  .partial()
  .required({ name: true })
  .refine(datesInOrder, DATES_MESSAGE)
  .transform((value): MemorialFields => ({ ...MEMORIAL_DEFAULTS, ...value }));
export type CreateMemorialBody = z.input<typeof createMemorialBody>;

/**
 * PUT is a partial update: only the fields sent change (the order of the dates is checked against
 * the stored ones by the server). The address (slug) may be changed too.
 */
export const updateMemorialBody = z.strictObject(memorialFields).partial().extend({
  /** A photo of the memorial's own gallery, or null for none. */
  portraitId: z.uuid('Vælg et billede fra mindesidens galleri.').nullable().optional(),
  coverId: z.uuid('Vælg et billede fra mindesidens galleri.').nullable().optional(),
  slug: z
    .string()
    .trim()
    .toLowerCase()
    .max(L.slug)
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Adressen må kun have små bogstaver (a–z), tal og bindestreger.')
    .refine((slug) => !slugLooksLikeCode(slug), 'Adressen ligner en QR-kode og kan derfor ikke bruges. Tilføj fx et ord mere.')
    .optional(),
});
export type UpdateMemorialBody = z.input<typeof updateMemorialBody>;
export type MemorialChanges = z.output<typeof updateMemorialBody>;

export const memorialResponse = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  birthDate: z.string().nullable(),
  deathDate: z.string().nullable(),
  birthPlace: z.string(),
  deathPlace: z.string(),
  restingPlace: z.object({ cemetery: z.string(), section: z.string(), graveNumber: z.string(), latitude: z.number().nullable(), longitude: z.number().nullable() }),
  epitaph: z.string(),
  lifeStory: z.string(),
  timeline: z.array(z.object({ date: z.string(), title: z.string(), text: z.string() })),
  theme: z.enum(MEMORIAL_THEMES),
  layout: z.enum(MEMORIAL_LAYOUTS),
  privacy: z.enum(MEMORIAL_PRIVACIES),
  premium: z.boolean(),
  media: z.array(mediaItemResponse),
  music: z.array(songResponse),
  greeting: z
    .object({ id: z.string(), videoUrl: z.string(), mime: z.string(), captionsUrl: z.string(), message: z.string(), posterUrl: z.string().nullable() })
    .nullable(),
  portraitId: z.string().nullable(),
  coverId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  deletedAt: z.string().nullable(),
  viewer: z.object({ role: z.enum(MEMBER_ROLES).nullable(), canEdit: z.boolean() }),
}) satisfies z.ZodType<Memorial>;

export const memorialListResponse = z.object({
  memorials: z.array(
    z.object({
      id: z.string(),
      slug: z.string(),
      name: z.string(),
      birthDate: z.string().nullable(),
      deathDate: z.string().nullable(),
      privacy: z.enum(MEMORIAL_PRIVACIES),
      role: z.enum(MEMBER_ROLES),
      deletedAt: z.string().nullable(),
      restorableUntil: z.string().nullable(),
    }) satisfies z.ZodType<MemorialSummary>,
  ),
});

export const memorialIdParams = z.object({ id: z.string().min(1).max(120) });
