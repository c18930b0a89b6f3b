import { describe, expect, test } from 'vitest';
import type { TreeFamily, TreePerson } from '@/shared/family-tree-api';
import { CARD_H, CARD_W, layoutHourglass } from './hourglass';

const person = (id: string): TreePerson => ({
  id,
  givenNames: id,
  surname: '',
  sex: 'unknown',
  birth: null,
  death: null,
  diedUndated: false,
  birthPlace: '',
  deathPlace: '',
  note: '',
  photo: null,
  linkedMemorial: null,
  living: false,
  restricted: false,
  showLivingToVisitors: false,
  isRoot: id === 'me',
});
const family = (id: string, partners: string[], children: string[]): TreeFamily => ({ id, partners, partnership: 'married', children });

/** No two cards of the chart overlap. */
function overlapping(people: { x: number; y: number }[]) {
  return people.some((a, i) => people.some((b, j) => j > i && Math.abs(a.x - b.x) < CARD_W && Math.abs(a.y - b.y) < CARD_H));
}

describe('the hourglass', () => {
  const people = ['me', 'mum', 'dad', 'gran', 'grandad', 'wife', 'ex', 'son', 'daughter', 'halfson', 'grandchild'].map(person);
  const families = [
    family('f-parents', ['mum', 'dad'], ['me']),
    family('f-grand', ['gran', 'grandad'], ['mum']),
    family('f-wife', ['me', 'wife'], ['son', 'daughter']),
    family('f-ex', ['me', 'ex'], ['halfson']),
    family('f-son', ['son'], ['grandchild']),
  ];

  test('puts ancestors above and descendants below, partners beside, and no card on another', () => {
    const chart = layoutHourglass({ people, families }, 'me', 3);
    const at = (id: string) => chart.people.find((p) => p.person.id === id)!;
    expect(at('me').generation).toBe(0);
    expect(at('mum').y).toBeLessThan(at('me').y);
    expect(at('gran').y).toBeLessThan(at('mum').y);
    expect(at('son').y).toBeGreaterThan(at('me').y);
    expect(at('grandchild').y).toBeGreaterThan(at('son').y);
    expect(at('wife').y).toBe(at('me').y);
    expect(at('ex').y).toBe(at('me').y);
    // The parents sit over the person, one each side.
    expect((at('mum').x + at('dad').x) / 2).toBeCloseTo(at('me').x);
    expect(overlapping(chart.people)).toBe(false);
    expect(chart.people).toHaveLength(people.length);
    expect(chart.more).toBe(false);
    // Tab's order: top to bottom.
    expect(chart.people.map((p) => p.y)).toEqual([...chart.people.map((p) => p.y)].sort((a, b) => a - b));
  });

  test('draws only as many generations as asked, and says there are more', () => {
    const chart = layoutHourglass({ people, families }, 'me', 1);
    const ids = chart.people.map((p) => p.person.id);
    expect(ids).not.toContain('gran');
    expect(ids).not.toContain('grandchild');
    expect(ids).toContain('son');
    expect(chart.more).toBe(true);
  });

  test('keeps a large tree small: 2,000 people, a few dozen cards', () => {
    // A long line of ancestors, each couple with many children: the hourglass shows only the line.
    const many: TreePerson[] = [person('me')];
    const fams: TreeFamily[] = [];
    let child = 'me';
    for (let g = 0; g < 400; g++) {
      const [a, b] = [`a${g}`, `b${g}`];
      const siblings = [0, 1, 2].map((i) => `s${g}-${i}`);
      many.push(person(a), person(b), ...siblings.map(person));
      fams.push(family(`f${g}`, [a, b], [child, ...siblings]));
      child = a;
    }
    const start = performance.now();
    const chart = layoutHourglass({ people: many, families: fams }, 'me', 3);
    expect(performance.now() - start).toBeLessThan(200);
    expect(many.length).toBeGreaterThan(2000);
    expect(chart.people.length).toBeLessThanOrEqual(15);
    expect(chart.more).toBe(true);
    expect(overlapping(chart.people)).toBe(false);
  });
});
