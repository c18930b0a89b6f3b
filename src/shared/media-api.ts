/** Schemas of the gallery calls: POST/DELETE /api/memorials/{id}/media (SPEC.md §7) and captions/order. */
import './zod-locale';
import { z } from 'zod';
import { CAPTION_MAX, MEDIA_KINDS, type MediaItem } from './media';

export const mediaItemResponse = z.object({
  id: z.string(),
  kind: z.enum(MEDIA_KINDS),
  caption: z.string(),
  position: z.number(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  variants: z.array(z.object({ width: z.number(), height: z.number(), format: z.enum(['avif', 'webp', 'jpeg']), url: z.string(), bytes: z.number() })),
  placeholder: z.string().nullable(),
  videoUrl: z.string().nullable(),
  mime: z.string().nullable(),
  youtubeId: z.string().nullable(),
  edit: z.object({ rotate: z.union([z.literal(0), z.literal(90), z.literal(180), z.literal(270)]), crop: z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() }).optional() }).nullable(),
  createdAt: z.string(),
  hiddenWithoutPremium: z.boolean().optional(),
}) satisfies z.ZodType<MediaItem>;

export const caption = z.string().trim().max(CAPTION_MAX, `Billedteksten må højst være ${CAPTION_MAX} tegn.`);

/** A YouTube link as a gallery item (JSON); files come as multipart/form-data with fields `file` and `caption`. */
export const youtubeMediaBody = z.strictObject({ youtubeUrl: z.string().trim().min(1).max(500), caption: caption.default('') });

export const updateMediaBody = z.strictObject({ caption: caption.optional(), position: z.number().int().min(0).max(100_000).optional() });

export const mediaParams = z.object({ id: z.string().min(1).max(120), mediaId: z.uuid('Ukendt billede eller video.') });

const pixels = z.number().int('Skal være et helt antal pixels.').min(0).max(100_000);
export const editPhotoBody = z.strictObject({
  rotate: z.union([z.literal(0), z.literal(90), z.literal(180), z.literal(270)], 'Billedet kan kun drejes 0, 90, 180 eller 270 grader.'),
  crop: z.strictObject({ x: pixels, y: pixels, width: pixels, height: pixels }).optional(),
});

/** GET /api/media/{mediaId}: the item's own id is enough, the memorial is found from it. */
export const mediaIdParams = z.object({ mediaId: z.uuid('Ukendt billede.') });

/**
 * One photo as /edit-image/{id} needs it: the gallery item, the memorial it belongs to (for the way
 * back), and its kept original, because every edit is cut from the original again: the crop is in
 * pixels of the original turned by `rotate`, and a person re-editing expects to see the whole
 * picture with the current crop laid over it, not only what is left of it.
 */
export const photoForEditingResponse = mediaItemResponse.extend({
  memorial: z.object({ id: z.string(), slug: z.string(), name: z.string() }),
  original: z.object({
    /** The upright original's size in pixels, before any rotation or crop. */
    width: z.number(),
    height: z.number(),
    /** The original scaled down to fit a screen (the full file may be 50 megapixels). */
    displayUrl: z.string(),
  }),
});
export type PhotoForEditing = z.infer<typeof photoForEditingResponse>;
