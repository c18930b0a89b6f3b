/** How a gallery item is shown to the browser: stored keys become the addresses they are served at. */
import { asc, eq } from 'drizzle-orm';
import type { MediaItem } from '../../shared/media';
import type { Db, Tx } from '../db/connection';
import { memorialMedia } from '../db/schema';

export type MediaRow = typeof memorialMedia.$inferSelect;

export const mediaUrl = (key: string) => `/media/${key}`;
export function presentMedia(row: MediaRow): MediaItem {
  return {
    id: row.id,
    kind: row.kind,
    caption: row.caption,
    position: row.position,
    width: row.width,
    height: row.height,
    variants: row.variants.map(({ key, ...variant }) => ({ ...variant, url: mediaUrl(key) })),
    placeholder: row.placeholder,
    videoUrl: row.kind === 'video' && row.originalKey ? mediaUrl(row.originalKey) : null,
    mime: row.mime,
    youtubeId: row.youtubeId,
    edit: row.edit ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listMedia(db: Db | Tx, memorialId: string): Promise<MediaItem[]> {
  const rows = await db.select().from(memorialMedia).where(eq(memorialMedia.memorialId, memorialId)).orderBy(asc(memorialMedia.position), asc(memorialMedia.createdAt));
  return rows.map(presentMedia);
}

