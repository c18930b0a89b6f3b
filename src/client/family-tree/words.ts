/** How the tree's pages name people: whole names, the possessive, half-siblings, places. */
import { type Sex, formatTreeDate, lifeYears } from '@/shared/family-tree';
import type { TreePerson } from '@/shared/family-tree-api';

/** "Karen Marie Jensen"; a person the family has not named yet is "Uden navn". */
export function personName(person: Pick<TreePerson, 'givenNames' | 'surname'>): string {
  return `${person.givenNames} ${person.surname}`.trim() || 'Uden navn';
}

/** Danish possessive: "Karens", but "Hans'" and "Max'". */
export function possessive(name: string): string {
  return /[sxz]$/i.test(name) ? `${name}'` : `${name}s`;
}

export const years = (person: Pick<TreePerson, 'birth' | 'death'>) => lifeYears(person.birth, person.death);

/** A half-sibling's mark on their card. */
export function halfSiblingWord(sex: Sex): string {
  return sex === 'female' ? 'Halvsøster' : sex === 'male' ? 'Halvbror' : 'Halvsøskende';
}

/** "Født 12. marts 1941 i Vejle", "Død ca. 2001", one line each, or nothing. */
export function lifeLines(person: Pick<TreePerson, 'birth' | 'death' | 'birthPlace' | 'deathPlace' | 'diedUndated'>): string[] {
  const line = (word: string, date: TreePerson['birth'], place: string) =>
    date || place ? [word, date ? formatTreeDate(date) : '', place ? `i ${place}` : ''].filter(Boolean).join(' ') : '';
  const died = line('Død', person.death, person.deathPlace) || (person.diedUndated ? 'Død, datoen kendes ikke' : '');
  return [line('Født', person.birth, person.birthPlace), died].filter(Boolean);
}

/** Initials for a card without a photo: "KJ". */
export function initials(person: Pick<TreePerson, 'givenNames' | 'surname'>): string {
  const first = person.givenNames.trim()[0] ?? '';
  const last = person.surname.trim()[0] ?? '';
  return (first + last).toUpperCase() || '?';
}

export const RESTRICTED_TEXT = 'Levende personer vises kun med fornavn.';
