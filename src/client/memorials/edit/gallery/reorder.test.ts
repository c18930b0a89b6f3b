import { describe, expect, test } from 'vitest';
import type { MediaItem } from '@/shared/media';
import { reorder } from './reorder';

const item = (id: string, position: number): MediaItem => ({
  id,
  kind: 'photo',
  caption: '',
  position,
  width: 10,
  height: 10,
  variants: [],
  placeholder: null,
  videoUrl: null,
  mime: 'image/jpeg',
  edit: null,
  youtubeId: null,
  createdAt: '2026-01-01T00:00:00.000Z',
});

const order = (items: MediaItem[]) => items.map((i) => `${i.id}@${i.position}`);

describe('moving a gallery item one step', () => {
  test('two neighbours trade places and keep the positions between them (gaps left by deletions stay)', () => {
    const items = [item('a', 0), item('b', 3), item('c', 7)];
    expect(order(reorder(items, 2, -1))).toEqual(['a@0', 'c@3', 'b@7']);
    expect(order(reorder(items, 0, 1))).toEqual(['b@0', 'a@3', 'c@7']);
  });

  test('only the two moved items change position, so only two rows are written', () => {
    const items = [item('a', 0), item('b', 1), item('c', 2), item('d', 3)];
    const moved = reorder(items, 1, 1);
    const changed = moved.filter((m) => items.find((i) => i.id === m.id)!.position !== m.position).map((m) => m.id);
    expect(changed.sort()).toEqual(['b', 'c']);
  });

  test('items that share a position are numbered afresh, so the new order is unambiguous', () => {
    const items = [item('a', 0), item('b', 0), item('c', 1)];
    expect(order(reorder(items, 2, -1))).toEqual(['a@0', 'c@1', 'b@2']);
  });
});
