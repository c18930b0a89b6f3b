/**
 * A memorial's gallery: uploads checked by their content and stored through the storage, YouTube
 * links, captions and order, and removal that leaves no file behind. Who may change a gallery is
 * the memorial's rule (owner and co-admins, memorials/service.ts).
 */
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { open, rm } from 'node:fs/promises';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { MediaItem, PhotoEdit } from '../../shared/media';
import type { PhotoForEditing } from '../../shared/media-api';
import { youtubeVideoId } from '../../shared/youtube';
import type { Tx } from '../db/connection';
import { memorialMedia, memorials } from '../db/schema';
import type { StoredVariant } from '../db/schema/media';
import type { Deps } from '../deps';
import { HttpError, badRequest, notFound } from '../lib/errors';
import { requireEditor, touchMemorial } from '../memorials/service';
import { checkGalleryRoom } from '../money/premium-gates';
import { type DetectedMedia, SNIFF_BYTES, checkUploadSize, inspectUpload } from './inspect';
import type { UploadKind } from '../../shared/media-limits';
import { makeUploadFolder } from '../lib/upload-folders';
import type { UploadLimits } from '../lib/uploads';
import { abandoned, storing, stored as uploadStored } from '../lib/uploads-in-progress';
import { type PhotoSize, type PhotoVariant, editPhoto, processPhoto, readPhotoSize } from './photo';
import { type MediaRow, mediaUrl, presentMedia } from './present';

/** Files of one item live together, so removing the item removes them all at once. */
const folderOf = (memorialId: string, mediaId: string) => `memorials/${memorialId}/${mediaId}/`;
/** Stored under names that never change (a new edit gets new names): browsers may keep them for good. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

export const MEDIA_NOT_FOUND = 'Billedet eller videoen findes ikke på mindesiden.';

async function nextPosition(tx: Tx, memorialId: string): Promise<number> {
  const [row] = await tx.select({ last: sql<number | null>`max(${memorialMedia.position})` }).from(memorialMedia).where(eq(memorialMedia.memorialId, memorialId));
  return (row?.last ?? -1) + 1;
}

export interface IncomingFile {
  /** busboy's file stream sets `truncated` when it stopped at the parser's limit and dropped the rest. */
  stream: Readable & { truncated?: boolean };
  filename: string;
  mimetype: string;
  /** Aborted when the request is cut off before the file has arrived (lib/uploads.ts cutOffSignal). */
  signal?: AbortSignal;
}

export const UPLOAD_CUT_OFF = 'Filen kom ikke helt frem. Prøv at sende den igen.';

/** Errors that say the upload did not arrive whole, rather than that our disk failed. */
const isCutOff = (error: unknown) => {
  const { name, code, message } = error as { name?: string; code?: string; message?: string };
  return name === 'AbortError' || code === 'ERR_STREAM_PREMATURE_CLOSE' || /terminated early|unexpected end/i.test(message ?? '');
};

/**
 * Copies the upload to a temporary file, counting its bytes; the request's own limit stops a flood.
 * A file the parser cut at its limit counts as endless: what arrived is not the whole file.
 */
async function receive(file: IncomingFile, dir: string): Promise<{ file: string; bytes: number }> {
  // The parser may have given up on the file before we came to read it (a form that ends inside
  // the file, a closed connection): a stream destroyed before its end would never end a pipeline.
  if (file.stream.destroyed && !file.stream.readableEnded) throw badRequest(UPLOAD_CUT_OFF);
  const target = path.join(dir, 'upload');
  let bytes = 0;
  const count = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  try {
    await pipeline(file.stream, count, createWriteStream(target), ...(file.signal ? [{ signal: file.signal }] : []));
  } catch (error) {
    if (isCutOff(error)) throw badRequest(UPLOAD_CUT_OFF);
    throw error;
  }
  return { file: target, bytes: file.stream.truncated ? Infinity : bytes };
}

async function head(file: string): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, SNIFF_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

async function storeVariants(deps: Deps, folder: string, variants: PhotoVariant[], version: number): Promise<StoredVariant[]> {
  const stored: StoredVariant[] = [];
  for (const variant of variants) {
    const key = `${folder}${variant.width}${version ? `-${version}` : ''}.${variant.format === 'jpeg' ? 'jpg' : variant.format}`;
    await deps.storage.put(key, variant.buffer, { contentType: `image/${variant.format}`, cacheControl: IMMUTABLE });
    stored.push({ width: variant.width, height: variant.height, format: variant.format, bytes: variant.bytes, key });
  }
  return stored;
}

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  return Buffer.concat(chunks);
}

/**
 * Crops and turns a photo (/edit-image/{id}). Every edit starts again from the kept original, so
 * nothing is lost by editing twice; the new variants get new names and the old ones are removed
 * once the row points at the new.
 */
export async function editMedia(deps: Deps, memorialKey: string, mediaId: string, userId: string, edit: PhotoEdit): Promise<MediaItem> {
  const { row: memorial } = await requireEditor(deps.db, memorialKey, userId);
  const [row] = await deps.db.select().from(memorialMedia).where(and(eq(memorialMedia.id, mediaId), eq(memorialMedia.memorialId, memorial.id)));
  if (!row) throw notFound(MEDIA_NOT_FOUND);
  if (row.kind !== 'photo' || !row.originalKey) throw badRequest('Kun billeder kan beskæres og drejes.');
  const original = await deps.storage.get(row.originalKey);
  if (!original) throw new Error(`the original of media ${row.id} is missing from the storage`);
  const edited = await editPhoto(await readAll(original.body), edit);
  const photo = await processPhoto(edited);
  const version = row.version + 1;
  const folder = folderOf(memorial.id, row.id);
  const variants = await storeVariants(deps, folder, photo.variants, version);
  const [updated] = await deps.db
    .update(memorialMedia)
    .set({ variants, width: photo.width, height: photo.height, placeholder: photo.placeholder, edit, version })
    .where(and(eq(memorialMedia.id, row.id), eq(memorialMedia.version, row.version)))
    .returning();
  if (!updated) {
    // Someone else's edit landed first: theirs stays, ours is removed.
    await Promise.all(variants.map((variant) => deps.storage.delete(variant.key)));
    throw new HttpError(409, 'Billedet blev ændret af en anden imens. Hent siden igen og prøv på ny.');
  }
  await touchMemorial(deps.db, memorial.id, deps.now());
  deps.memorialChanged(memorial.id);
  await Promise.all(row.variants.map((variant) => deps.storage.delete(variant.key)));
  return presentMedia(updated);
}

export interface ReceivedUpload<K extends UploadKind = UploadKind> {
  /** The upload on local disk, in a temporary folder removed when the work is done. */
  file: string;
  /** Whole: never more than the kind's limit. */
  bytes: number;
  /** One of the kinds accepted. */
  detected: DetectedMedia & { kind: K };
}

/**
 * Receives an upload into a temporary folder, decides from its content what it is (one of `accept`
 * when given) and refuses it over its kind's size, then hands it to `handle`. The temporary folder is
 * removed afterwards, whatever happens.
 */
export async function receiveUpload<T, K extends UploadKind = UploadKind>(
  file: IncomingFile,
  handle: (received: ReceivedUpload<K>) => Promise<T>,
  options: { accept?: readonly K[]; limits: Partial<UploadLimits> },
): Promise<T> {
  const work = await makeUploadFolder();
  try {
    const received = await receive(file, work);
    if (received.bytes === 0) throw badRequest('Filen er tom. Vælg en anden fil.');
    // inspectUpload refuses any kind not accepted.
    const detected = inspectUpload(await head(received.file), { filename: file.filename, contentType: file.mimetype }, options) as DetectedMedia & { kind: K };
    checkUploadSize(detected.kind, received.bytes, options.limits[detected.kind]);
    return await handle({ ...received, detected });
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

export interface StoredPhoto {
  width: number;
  height: number;
  variants: StoredVariant[];
  placeholder: string;
  /** The upright original without metadata, kept for later edits. */
  originalKey: string;
  bytes: number;
}

/**
 * A received photo made into what we serve, stored under `folder`: checked for its size in pixels
 * before it is decoded, turned upright, stripped of metadata, cut into variants, and the upright
 * original kept beside them. The caller removes the folder if what it stores them for fails.
 */
export async function storePhoto(deps: Deps, folder: string, file: string): Promise<StoredPhoto> {
  await readPhotoSize(file);
  const [photo, original] = await Promise.all([processPhoto(file), editPhoto(file, { rotate: 0 })]);
  const variants = await storeVariants(deps, folder, photo.variants, 0);
  const originalKey = `${folder}original.jpg`;
  await deps.storage.put(originalKey, original, { contentType: 'image/jpeg', cacheControl: IMMUTABLE });
  return { width: photo.width, height: photo.height, variants, placeholder: photo.placeholder, originalKey, bytes: original.length };
}

/**
 * Adds an uploaded photo or video to a memorial's gallery. The file's content decides what it is;
 * a photo goes through storePhoto, a video is stored as it came. Whatever fails, nothing is left
 * behind: no row, no stored file, no temporary file.
 */
export async function addUpload(deps: Deps, memorialKey: string, userId: string, file: IncomingFile, caption: string): Promise<MediaItem> {
  const { row: memorial } = await requireEditor(deps.db, memorialKey, userId);
  const mediaId = randomUUID();
  const folder = folderOf(memorial.id, mediaId);
  try {
    const row = await receiveUpload(file, async (received) => {
      // Asked before the file is processed and stored, and again where the row is added.
      await checkGalleryRoom(deps.db, memorial.id, received.detected.kind, deps.now());
      await storing(deps.db, folder, deps.now());
      let stored: Pick<MediaRow, 'width' | 'height' | 'variants' | 'placeholder' | 'originalKey' | 'mime' | 'bytes'>;
      if (received.detected.kind === 'photo') {
        stored = { ...(await storePhoto(deps, folder, received.file)), mime: 'image/jpeg' };
      } else {
        const originalKey = `${folder}original.${received.detected.extension}`;
        await deps.storage.put(originalKey, createReadStream(received.file), { contentType: received.detected.mime, cacheControl: IMMUTABLE });
        stored = { width: null, height: null, variants: [], placeholder: null, originalKey, mime: received.detected.mime, bytes: received.bytes };
      }
      const [inserted] = await deps.db.transaction(async (tx) => {
        await touchMemorial(tx, memorial.id, deps.now());
        await checkGalleryRoom(tx, memorial.id, received.detected.kind, deps.now());
        await uploadStored(tx, folder);
        return tx
          .insert(memorialMedia)
          .values({ id: mediaId, memorialId: memorial.id, kind: received.detected.kind, caption, position: await nextPosition(tx, memorial.id), createdBy: userId, createdAt: deps.now(), ...stored })
          .returning();
      });
      return inserted!;
      // Sound belongs to the music (music/), never to the gallery.
    }, { accept: ['photo', 'video'], limits: deps.uploadLimits });
    deps.memorialChanged(memorial.id);
    return presentMedia(row);
  } catch (error) {
    // Crossed out only once the files are gone: should the removal fail, the sweep tries again.
    await deps.storage
      .deletePrefix(folder)
      .then(() => abandoned(deps.db, folder))
      .catch((cleanup: unknown) => deps.log.error({ err: cleanup, folder }, 'could not remove the files of a failed upload'));
    throw error;
  }
}

export async function addYoutube(deps: Deps, memorialKey: string, userId: string, url: string, caption: string): Promise<MediaItem> {
  const youtubeId = youtubeVideoId(url);
  if (!youtubeId) throw badRequest('Linket er ikke en YouTube-video. Kopiér adressen fra YouTube og prøv igen.', 'youtubeUrl');
  const row = await deps.db.transaction(async (tx) => {
    const { row: memorial } = await requireEditor(tx, memorialKey, userId);
    await touchMemorial(tx, memorial.id, deps.now());
    await checkGalleryRoom(tx, memorial.id, 'youtube', deps.now());
    const [added] = await tx
      .insert(memorialMedia)
      .values({ memorialId: memorial.id, kind: 'youtube', youtubeId, caption, position: await nextPosition(tx, memorial.id), createdBy: userId, createdAt: deps.now() })
      .returning();
    return added!;
  });
  deps.memorialChanged(row.memorialId);
  return presentMedia(row);
}

export async function updateMedia(deps: Deps, memorialKey: string, mediaId: string, userId: string, changes: { caption?: string; position?: number }): Promise<MediaItem> {
  const row = await deps.db.transaction(async (tx) => {
    const { row: memorial } = await requireEditor(tx, memorialKey, userId);
    const [changed] = await tx
      .update(memorialMedia)
      .set(changes)
      .where(and(eq(memorialMedia.id, mediaId), eq(memorialMedia.memorialId, memorial.id)))
      .returning();
    if (!changed) throw notFound(MEDIA_NOT_FOUND);
    await touchMemorial(tx, memorial.id, deps.now());
    return changed;
  });
  deps.memorialChanged(row.memorialId);
  return presentMedia(row);
}

/** Removes an item and its files; a portrait or cover that was this photo is cleared. */
export async function deleteMedia(deps: Deps, memorialKey: string, mediaId: string, userId: string): Promise<void> {
  const memorialId = await deps.db.transaction(async (tx) => {
    const { row: memorial } = await requireEditor(tx, memorialKey, userId);
    const [row] = await tx.delete(memorialMedia).where(and(eq(memorialMedia.id, mediaId), eq(memorialMedia.memorialId, memorial.id))).returning();
    if (!row) throw notFound(MEDIA_NOT_FOUND);
    await touchMemorial(tx, memorial.id, deps.now());
    if (memorial.portraitMediaId === mediaId) await tx.update(memorials).set({ portraitMediaId: null }).where(eq(memorials.id, memorial.id));
    if (memorial.coverMediaId === mediaId) await tx.update(memorials).set({ coverMediaId: null }).where(eq(memorials.id, memorial.id));
    return memorial.id;
  });
  deps.memorialChanged(memorialId);
  // After the commit: a file without a row is only wasted space, a row without its file a broken page.
  await deps.storage.deletePrefix(folderOf(memorialId, mediaId));
}

/** Unknown, or on a memorial the reader may not see: the same answer, so nothing is revealed. */
export const PHOTO_NOT_FOUND = 'Billedet findes ikke, eller du har ikke adgang til det.';
export const ONLY_PHOTOS_EDITABLE = 'Kun billeder kan beskæres og drejes. En video eller en YouTube-film vises, som den er.';

/** The longest side of the copy the browser cuts on: sharp on a phone screen, a fraction of a 50-megapixel file. */
const DISPLAY_COPY_SIZE = 2048;
/** Enough of a JPEG (our originals are JPEG without metadata) to read its size from the header. */
const HEADER_BYTES = 64 * 1024;

/**
 * One photo for /edit-image/{id}, to its memorial's owner and co-admins only (the same rule as
 * every change to a gallery). Besides the item it carries the original's size, so the page can lay
 * the current crop over the whole picture, and a screen-sized copy of the original to show.
 */
export async function readPhotoForEditing(deps: Deps, mediaId: string, userId: string): Promise<PhotoForEditing> {
  const [row] = await deps.db.select().from(memorialMedia).where(eq(memorialMedia.id, mediaId));
  if (!row) throw notFound(PHOTO_NOT_FOUND);
  const memorial = await requireEditor(deps.db, row.memorialId, userId).then(
    (found) => found.row,
    (error: unknown) => {
      // A private memorial's "not found" would tell an outsider the photo exists; say what an unknown id says.
      throw error instanceof HttpError && error.statusCode === 404 ? notFound(PHOTO_NOT_FOUND) : error;
    },
  );
  if (row.kind !== 'photo' || !row.originalKey) throw badRequest(ONLY_PHOTOS_EDITABLE);
  const { width, height, displayKey } = await displayCopy(deps, row.originalKey, folderOf(memorial.id, row.id));
  return {
    ...presentMedia(row),
    memorial: { id: memorial.id, slug: memorial.slug, name: memorial.name },
    original: { width, height, displayUrl: mediaUrl(displayKey) },
  };
}

/**
 * The original's size, and a copy of it that fits a screen, made the first time a photo is edited
 * and kept beside the original (the original never changes, so neither does the copy; removing
 * the item removes its folder and the copy with it).
 */
async function displayCopy(deps: Deps, originalKey: string, folder: string): Promise<PhotoSize & { displayKey: string }> {
  const displayKey = `${folder}original-display.jpg`;
  if (await deps.storage.head(displayKey)) {
    const size = await originalSize(deps, originalKey);
    if (size) return { ...size, displayKey };
  }
  const original = await readStored(deps, originalKey);
  const size = await readPhotoSize(original);
  const copy = await sharp(original)
    .resize({ width: DISPLAY_COPY_SIZE, height: DISPLAY_COPY_SIZE, fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 82, mozjpeg: true })
    .toBuffer();
  await deps.storage.put(displayKey, copy, { contentType: 'image/jpeg', cacheControl: IMMUTABLE });
  return { ...size, displayKey };
}

/** The size from the first bytes of the original; null when the header is not all there (a WebP original). */
async function originalSize(deps: Deps, key: string): Promise<PhotoSize | null> {
  const head = await deps.storage.get(key, { start: 0, end: HEADER_BYTES - 1 });
  if (!head) return null;
  return readPhotoSize(await readAll(head.body)).catch(() => null);
}

async function readStored(deps: Deps, key: string): Promise<Buffer> {
  const stored = await deps.storage.get(key);
  if (!stored) throw new Error(`the stored file ${key} is missing`);
  return readAll(stored.body);
}
