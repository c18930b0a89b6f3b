/** The gallery's order after one item moves a step, as the positions PUT /media/{id} will store. */
import type { MediaItem } from '@/shared/media';

/**
 * The positions after moving one item: the items keep the positions they had between them (so a
 * move changes two rows), unless two share one, in which case all are numbered afresh.
 */
export function reorder(items: MediaItem[], index: number, step: -1 | 1): MediaItem[] {
  const target = index + step;
  const moved = [...items];
  [moved[index], moved[target]] = [moved[target]!, moved[index]!];
  const positions = items.map((item) => item.position);
  const slots = new Set(positions).size === positions.length ? [...positions].sort((a, b) => a - b) : items.map((_, i) => i);
  return moved.map((item, i) => ({ ...item, position: slots[i]! }));
}
