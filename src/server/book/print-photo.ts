/**
 * A gallery photo as the book prints it: read from the kept original (not the web variants, whose
 * 2048 pixels give only 160 dpi across an A5 page), turned and cropped as the family edited it,
 * and scaled to the pixels its place on the page needs at 300 dpi. Never enlarged: a small
 * original keeps its pixels. JPEG, which pdfkit embeds as it is; a photo is read, scaled and
 * handed to the PDF one at a time, so a book of sixty photos never holds more than one.
 */
import sharp from 'sharp';
import { MEDIA_LIMITS } from '../../shared/media-limits';
import type { PhotoEdit } from '../../shared/media';
import type { Storage } from '../lib/storage';
import { editPhoto } from '../media/photo';

/** Print resolution: what a printer needs for a photo to look sharp at reading distance. */
export const PRINT_DPI = 300;
/** Below this a photo shows its pixels on paper, so a small original is printed smaller instead. */
export const LEAST_DPI = 150;
const POINTS_PER_INCH = 72;

export interface PrintPhoto {
  jpeg: Buffer;
  /** Pixels of `jpeg`. */
  width: number;
  height: number;
}

export interface StoredPhoto {
  id: string;
  originalKey: string | null;
  edit: PhotoEdit | null;
}

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  return Buffer.concat(chunks);
}

/**
 * The photo at no more than `PRINT_DPI` for a box of `boxWidth` × `boxHeight` points, upright and
 * edited; null when its original is gone from the storage (the book is made without it).
 */
export async function printPhoto(storage: Storage, photo: StoredPhoto, boxWidth: number, boxHeight: number): Promise<PrintPhoto | null> {
  if (!photo.originalKey) return null;
  const stored = await storage.get(photo.originalKey);
  if (!stored) return null;
  let input = await readAll(stored.body);
  // The edit is applied to the original as the gallery's variants were made from it (media/photo.ts).
  if (photo.edit) input = await editPhoto(input, photo.edit);
  const { data, info } = await sharp(input, { failOn: 'error', limitInputPixels: MEDIA_LIMITS.photo.maxInputPixels, autoOrient: true })
    .resize({
      width: Math.ceil((boxWidth / POINTS_PER_INCH) * PRINT_DPI),
      height: Math.ceil((boxHeight / POINTS_PER_INCH) * PRINT_DPI),
      fit: 'inside',
      withoutEnlargement: true,
    })
    .toColourspace('srgb')
    // Paper is white: a transparent PNG is printed on white, not on black.
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 90, chromaSubsampling: '4:4:4', mozjpeg: true })
    .toBuffer({ resolveWithObject: true });
  return { jpeg: data, width: info.width, height: info.height };
}

/**
 * The size a photo of `width` × `height` pixels is printed at in a box: as large as the box allows,
 * but never so large that it falls below LEAST_DPI, and never distorted.
 */
export function printedSize(width: number, height: number, boxWidth: number, boxHeight: number): { width: number; height: number } {
  const largest = POINTS_PER_INCH / LEAST_DPI;
  const scale = Math.min(boxWidth / width, boxHeight / height, largest);
  return { width: width * scale, height: height * scale };
}
