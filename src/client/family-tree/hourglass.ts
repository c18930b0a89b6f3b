/**
 * Where the full-screen chart draws each person: the hourglass around one person, their
 * ancestors above and their descendants below, partners side by side. Two d3 tree layouts do the
 * placing (d3-hierarchy's tidy tree, Reingold–Tilford): one upward from the person through
 * parents, one downward through couples, where a couple is a "unit" as wide as its cards, so
 * `separation` in pixels keeps every card apart. Only so many generations each way are drawn: a
 * tree of thousands keeps a small page, and "Vis flere generationer" asks for more.
 */
import { type HierarchyPointNode, hierarchy, tree } from 'd3-hierarchy';
import type { FamilyTree, TreeFamily, TreePerson } from '@/shared/family-tree-api';

export const CARD_W = 208;
export const CARD_H = 80;
/** Between cards of one couple, and between neighbouring units. */
const PAIR_GAP = 20;
const GAP = 28;
export const ROW_H = 156;

export interface PlacedPerson {
  key: string;
  person: TreePerson;
  /** The card's centre. */
  x: number;
  y: number;
  /** Above the person in focus (negative), the focus (0), or below. */
  generation: number;
}

export interface Hourglass {
  people: PlacedPerson[];
  /** SVG path data, one line each. */
  lines: { key: string; d: string }[];
  bounds: { x0: number; y0: number; x1: number; y1: number };
  /** Whether there is more above or below than the generations drawn. */
  more: boolean;
}

interface Index {
  person: Map<string, TreePerson>;
  /** The family a person is a child of. */
  parents: Map<string, TreeFamily>;
  /** The families a person is a parent in. */
  families: Map<string, TreeFamily[]>;
}

function indexTree(data: Pick<FamilyTree, 'people' | 'families'>): Index {
  const index: Index = { person: new Map(data.people.map((p) => [p.id, p])), parents: new Map(), families: new Map() };
  for (const family of data.families) {
    for (const child of family.children) if (!index.parents.has(child)) index.parents.set(child, family);
    for (const partner of family.partners) index.families.set(partner, [...(index.families.get(partner) ?? []), family]);
  }
  return index;
}

interface Unit {
  key: string;
  person: TreePerson;
  /** The person's families, each with the partner in it (if any) and its children's units. */
  families: { family: TreeFamily; partner: TreePerson | null }[];
  partners: TreePerson[];
  width: number;
  children: Unit[];
}

export function layoutHourglass(data: Pick<FamilyTree, 'people' | 'families'>, focusId: string, generations: number): Hourglass {
  const index = indexTree(data);
  const focus = index.person.get(focusId);
  if (!focus) return { people: [], lines: [], bounds: { x0: 0, y0: 0, x1: 0, y1: 0 }, more: false };
  let more = false;

  // Downward: a unit per person (with their partners), its children those of all their families.
  const unitOf = (person: TreePerson, key: string, depth: number): Unit => {
    const families = (index.families.get(person.id) ?? []).map((family) => {
      const partnerId = family.partners.find((id) => id !== person.id);
      return { family, partner: (partnerId && index.person.get(partnerId)) || null };
    });
    const partners = [...new Map(families.flatMap((f) => (f.partner ? [[f.partner.id, f.partner] as const] : []))).values()];
    const childIds = families.flatMap((f) => f.family.children);
    if (depth >= generations && childIds.length) more = true;
    const children =
      depth < generations
        ? childIds.flatMap((id, i) => {
            const child = index.person.get(id);
            return child ? [unitOf(child, `${key}/${i}:${id}`, depth + 1)] : [];
          })
        : [];
    return { key, person, families, partners, width: CARD_W + partners.length * (CARD_W + PAIR_GAP), children };
  };
  const down = tree<Unit>()
    .nodeSize([1, ROW_H])
    .separation((a, b) => (a.data.width + b.data.width) / 2 + GAP + (a.parent === b.parent ? 0 : GAP))(hierarchy(unitOf(focus, `d:${focus.id}`, 0), (unit) => unit.children));

  const people: PlacedPerson[] = [];
  const lines: Hourglass['lines'] = [];
  const personX = (node: HierarchyPointNode<Unit>) => node.x - node.data.width / 2 + CARD_W / 2;
  const partnerX = (node: HierarchyPointNode<Unit>, partnerId: string) => personX(node) + (node.data.partners.findIndex((p) => p.id === partnerId) + 1) * (CARD_W + PAIR_GAP);

  for (const node of down.descendants()) {
    const x = personX(node);
    const y = node.y;
    people.push({ key: node.data.key, person: node.data.person, x, y, generation: node.depth });
    // With several partners each couple's line lies a little lower than the last, so they read apart.
    const coupleY = (partnerId: string) => y - 8 + node.data.partners.findIndex((p) => p.id === partnerId) * 12;
    for (const partner of node.data.partners) {
      const px = partnerX(node, partner.id);
      people.push({ key: `${node.data.key}+${partner.id}`, person: partner, x: px, y, generation: node.depth });
      // The couple's line, between the two cards (behind any card between them).
      lines.push({ key: `${node.data.key}=${partner.id}`, d: `M${x + CARD_W / 2},${coupleY(partner.id)}H${px - CARD_W / 2}` });
    }
    // Each child hangs from the middle of their parents' line, or under a parent alone.
    const bar = y + ROW_H / 2;
    for (const childNode of node.children ?? []) {
      const family = node.data.families.find((f) => f.family.children.includes(childNode.data.person.id));
      const from = family?.partner ? (x + CARD_W / 2 + partnerX(node, family.partner.id) - CARD_W / 2) / 2 : x;
      const top = family?.partner ? coupleY(family.partner.id) : y + CARD_H / 2;
      lines.push({ key: `${childNode.data.key}^`, d: `M${from},${top}V${bar}H${personX(childNode)}V${childNode.y - CARD_H / 2}` });
    }
  }

  // Upward: the person's parents, theirs, and so on, centred over the person in focus.
  const focusX = personX(down);
  interface Ancestor {
    key: string;
    person: TreePerson;
    parents: Ancestor[];
  }
  const ancestorOf = (person: TreePerson, key: string, depth: number): Ancestor => {
    const family = index.parents.get(person.id);
    const parentIds = family?.partners ?? [];
    if (depth >= generations && parentIds.length) more = true;
    const parents =
      depth < generations
        ? parentIds.flatMap((id) => {
            const parent = index.person.get(id);
            return parent ? [ancestorOf(parent, `${key}/${id}`, depth + 1)] : [];
          })
        : [];
    return { key, person, parents };
  };
  const up = tree<Ancestor>()
    .nodeSize([1, ROW_H])
    .separation((a, b) => CARD_W + GAP + (a.parent === b.parent ? 0 : GAP))(hierarchy(ancestorOf(focus, `a:${focus.id}`, 0), (a) => a.parents));
  for (const node of up.descendants()) {
    const x = focusX + node.x;
    const y = -node.y;
    if (node.depth > 0) people.push({ key: node.data.key, person: node.data.person, x, y, generation: -node.depth });
    const parents = node.children ?? [];
    if (!parents.length) continue;
    const xs = parents.map((p) => focusX + p.x);
    const py = y - ROW_H;
    if (parents.length === 2) lines.push({ key: `${node.data.key}=`, d: `M${xs[0]! + CARD_W / 2},${py}H${xs[1]! - CARD_W / 2}` });
    const from = xs.reduce((sum, v) => sum + v, 0) / xs.length;
    const start = parents.length === 2 ? py : py + CARD_H / 2;
    lines.push({ key: `${node.data.key}^`, d: `M${from},${start}V${y - ROW_H / 2}H${x}V${y - CARD_H / 2}` });
  }

  // Top to bottom, left to right: the order Tab goes through the cards.
  people.sort((a, b) => a.y - b.y || a.x - b.x);
  const xs = people.map((p) => p.x);
  const ys = people.map((p) => p.y);
  const bounds = { x0: Math.min(...xs) - CARD_W / 2, x1: Math.max(...xs) + CARD_W / 2, y0: Math.min(...ys) - CARD_H / 2, y1: Math.max(...ys) + CARD_H / 2 };
  return { people, lines, bounds, more };
}
