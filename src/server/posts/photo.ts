/**
 * A shared memory's optional photo (PRODUCT.md: "shared memories (minder, text and an optional
 * photo)"), through the gallery's own pipeline (media/service.ts): checked by content and size,
 * re-encoded upright and without metadata into responsive variants, served under /media/.
 */
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { PostPhoto } from '../../shared/posts-api';
import type { StoredPostPhoto } from '../db/schema/posts';
import type { Deps } from '../deps';
import { HttpError, badRequest } from '../lib/errors';
import { abandoned, storing } from '../lib/uploads-in-progress';
import { type IncomingFile, receiveUpload, storePhoto } from '../media/service';
import { mediaUrl } from '../media/present';

/**
 * The photo's folder has its own id rather than the post's: the post's id is made by the database
 * in the one statement that stores it (service.ts leavePost), and the photo is stored before that.
 */
const newFolder = (memorialId: string) => `memorials/${memorialId}/posts/${randomUUID()}/`;

/** The folder a stored photo's files live in, so they can be removed together. */
export const folderOfPhoto = (photo: StoredPostPhoto) => photo.originalKey.slice(0, photo.originalKey.lastIndexOf('/') + 1);

/**
 * Receives, checks and stores a memory's photo. Only photos are taken; a refused or broken file
 * leaves nothing stored. The caller removes the files (removePostPhoto) if the post is not kept.
 */
export async function storePostPhoto(deps: Deps, memorialId: string, file: IncomingFile): Promise<StoredPostPhoto> {
  const folder = newFolder(memorialId);
  try {
    // Written down before its files go in; the post's insert crosses it out (service.ts), so a
    // server killed in between leaves nothing the sweep does not find (lib/uploads-in-progress.ts).
    const stored = await receiveUpload(
      file,
      async (received) => {
        await storing(deps.db, folder, deps.now());
        return storePhoto(deps, folder, received.file);
      },
      { accept: ['photo'], limits: deps.uploadLimits },
    );
    return { width: stored.width, height: stored.height, originalKey: stored.originalKey, variants: stored.variants, placeholder: stored.placeholder };
  } catch (error) {
    await removeFolder(deps, folder);
    // The pipeline's refusals name the field, so the form says it under the photo.
    if (error instanceof HttpError && error.statusCode === 400 && !error.extra.field) throw badRequest(error.message, 'photo');
    throw error;
  }
}

export async function removePostPhoto(deps: Deps, photo: StoredPostPhoto): Promise<void> {
  await removeFolder(deps, folderOfPhoto(photo));
}

async function removeFolder(deps: Deps, folder: string): Promise<void> {
  // A file left behind is only wasted space; the person's answer must not wait on it or fail by it.
  // Crossed out only once the files are gone: should the removal fail, the sweep tries again.
  await deps.storage
    .deletePrefix(folder)
    .then(() => abandoned(deps.db, folder))
    .catch((cleanup: unknown) => deps.log.error({ err: cleanup, folder }, 'could not remove the files of a shared memory\'s photo'));
}

export function presentPostPhoto(photo: StoredPostPhoto | null | undefined): PostPhoto | null {
  if (!photo) return null;
  return {
    width: photo.width,
    height: photo.height,
    variants: photo.variants.map((variant) => ({ url: mediaUrl(variant.key), width: variant.width, height: variant.height, format: variant.format })),
    placeholder: photo.placeholder,
  };
}

/** Reads an upload to its end and drops it: a request must be read before it is answered. */
export async function discard(stream: Readable): Promise<void> {
  // Given up on by the parser (the request was cut off): nothing more will come, and reading would wait for ever.
  if (stream.destroyed) return;
  for await (const _chunk of stream) {
    // Nothing to keep.
  }
}
