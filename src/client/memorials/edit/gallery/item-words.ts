/**
 * How the gallery manager names an item in its buttons, dialogs and announcements: by kind and
 * place ("Billede 2 af 5"), and by its caption where it has one, so a person using a screen reader
 * knows which photo a button changes, and the delete dialog says exactly what goes.
 */
import type { MediaItem } from '@/shared/media';

export function kindWord(item: MediaItem): string {
  if (item.kind === 'photo') return 'Billede';
  return item.kind === 'youtube' ? 'YouTube-film' : 'Film';
}

/** "Billede 2 af 5": the card's heading. */
export const itemTitle = (item: MediaItem, index: number, total: number) => `${kindWord(item)} ${index + 1} af ${total}`;

/** "billede 2" as part of a sentence or a button's name. */
export const itemRef = (item: MediaItem, index: number) => `${kindWord(item).replace(/^B/, 'b')} ${index + 1}`;

/** "billede 2 (»Haven i Vejle«)": the item and its caption, for sentences that must be unmistakable. */
export const itemName = (item: MediaItem, index: number) => (item.caption ? `${itemRef(item, index)} (»${item.caption}«)` : itemRef(item, index));

/** "3,2 MB", "850 kB": file sizes as a Dane reads them. */
export function fileSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${(bytes > 0 ? Math.max(1, Math.round(bytes / 1024)) : 0).toLocaleString("da-DK")} kB`;
  return `${(bytes / (1024 * 1024)).toLocaleString('da-DK', { maximumFractionDigits: 1 })} MB`;
}
