/**
 * What a person's fields must be before they are kept, beyond their schema: a name, dates that can
 * have happened (not in the future, death not before birth), and a linked memorial that exists and
 * is open to visitors (a link to a private or deleted memorial would lead nowhere).
 */
import { FAMILY_TREE_MESSAGES, type TreeDate } from '../../shared/family-tree';
import type { PersonFields } from '../../shared/family-tree-api';
import type { Db, Tx } from '../db/connection';
import { badRequest } from '../lib/errors';
import { findMemorial } from '../memorials/service';

/** The earliest and latest year a date may mean ("between" and "after" reach to their later end). */
const earliest = (date: TreeDate) => date.year;
const latest = (date: TreeDate) => (date.qualifier === 'between' ? date.to! : date.year);
/** Comparable to the day where both dates are that precise; otherwise by year. */
const dayNumber = (date: TreeDate) => date.year * 10_000 + (date.month ?? 0) * 100 + (date.day ?? 0);

export function checkDates(fields: Pick<PersonFields, 'birth' | 'death'>, now: Date): void {
  const thisYear = now.getUTCFullYear();
  for (const [date, field] of [[fields.birth, 'birth'], [fields.death, 'death']] as const) {
    if (date && earliest(date) > thisYear) throw badRequest(FAMILY_TREE_MESSAGES.future, field);
  }
  const { birth, death } = fields;
  if (!birth || !death) return;
  if (birth.qualifier !== 'exact' || death.qualifier !== 'exact') {
    // "ca. 1890" and "før 1889" may well be the same year: a rough date is never held against another.
    if (birth.qualifier === 'about' || death.qualifier === 'about' || death.qualifier === 'after' || birth.qualifier === 'before') return;
    if (latest(death) < earliest(birth)) throw badRequest(FAMILY_TREE_MESSAGES.deathBeforeBirth, 'death');
    return;
  }
  const precise = birth.day !== undefined && death.day !== undefined;
  if (precise ? dayNumber(death) < dayNumber(birth) : death.year < birth.year) throw badRequest(FAMILY_TREE_MESSAGES.deathBeforeBirth, 'death');
}

export function checkName(fields: Pick<PersonFields, 'givenNames' | 'surname'>): void {
  if (!fields.givenNames && !fields.surname) throw badRequest(FAMILY_TREE_MESSAGES.noName, 'givenNames');
}

/**
 * The memorial an address points at: "https://mindested.dk/memorial/karen-jensen-1941-2023",
 * "/memorial/karen-jensen-1941-2023" or the slug alone (any host: the family copies it from
 * wherever they saw it). Only a public or unlisted memorial, not this one, and not a deleted one.
 */
export async function resolveLinkedMemorial(db: Db | Tx, address: string | null, ownMemorialId: string): Promise<string | null> {
  if (address === null || address === '') return null;
  let path = address.trim();
  try {
    path = new URL(path).pathname;
  } catch {
    // Not a whole address: a path or a slug.
  }
  const segments = path.split('/').filter(Boolean);
  const at = segments.indexOf('memorial');
  const key = decodeURIComponent((at >= 0 ? segments[at + 1] : segments.at(-1)) ?? '');
  const found = key && key.length <= 120 ? await findMemorial(db, key, null) : null;
  if (!found || found.row.privacy === 'private' || found.row.deletedAt || found.row.id === ownMemorialId) {
    throw badRequest(FAMILY_TREE_MESSAGES.linkedMemorial, 'linkedMemorial');
  }
  return found.row.id;
}
