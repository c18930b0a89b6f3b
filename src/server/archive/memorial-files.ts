/**
 * The files a memorial's archive carries, each by the storage key it is copied from and the path
 * it gets inside the ZIP, in folders a person understands when they open it: billeder/, film/,
 * musik/, minder/, slaegt/, hilsen/. The pages (memorial-pages.ts) and the JSON point at the same
 * paths, so every address in them is a relative one that works from the disk.
 *
 * A photo comes twice: the size a screen shows (about 1280 px, JPEG, which every browser opens)
 * and the kept original, at print quality, for whoever wants to print it one day. Films and songs
 * come as they were uploaded; YouTube items are links, since their files were never ours.
 */
import type { MediaVariant } from '../../shared/media';
import type { ArchiveContent } from './memorial-content';

export interface ArchiveFile {
  /** Inside the ZIP. */
  path: string;
  key: string;
  /** As far as known before it is read (the summary's estimate); 0 when not known. */
  bytes: number;
}

/** The width a screen shows best: wide enough for a laptop, light enough for five hundred of them. */
const SHOWN_WIDTH = 1280;
/** A family tree's faces are small. */
const FACE_WIDTH = 480;

const MEDIA = '/media/';
/** The storage key of a file served at /media/<key> (media/present.ts mediaUrl). */
export const keyOf = (url: string): string | null => (url.startsWith(MEDIA) ? url.slice(MEDIA.length) : null);

/** ".jpg" from "memorials/…/original.jpg"; "" when the key has none. */
function extension(key: string): string {
  const name = key.slice(key.lastIndexOf('/') + 1);
  return name.includes('.') ? name.slice(name.lastIndexOf('.')).toLowerCase() : '';
}

/** The JPEG variant nearest `width`, as every browser opens JPEG. */
export function jpegNear<V extends Pick<MediaVariant, 'format' | 'width'>>(variants: readonly V[], width: number): V | null {
  return variants.filter((variant) => variant.format === 'jpeg').sort((a, b) => Math.abs(a.width - width) - Math.abs(b.width - width))[0] ?? null;
}

export interface ArchiveFiles {
  /** Every file, each once, in the order the ZIP holds them. */
  files: ArchiveFile[];
  /** Their sizes as far as known: about what the ZIP weighs. */
  bytes: number;
  /** The archive's path of a file served at `url` (a /media/ address), or null when it is not in the archive. */
  pathOf(url: string | null | undefined): string | null;
  /** Of a photo's variants, the path of the one the archive carries. */
  shown(variants: readonly { url: string }[] | undefined): string | null;
  /** A gallery photo's kept original. */
  original(mediaId: string): string | null;
}

export function archiveFiles({ memorial, stored, tree, posts }: ArchiveContent): ArchiveFiles {
  const files: ArchiveFile[] = [];
  const byKey = new Map<string, string>();
  const originals = new Map<string, string>();
  const add = (key: string | null, path: string, bytes: number) => {
    if (!key || byKey.has(key)) return;
    byKey.set(key, path);
    files.push({ path, key, bytes });
  };

  for (const item of memorial.media) {
    if (item.kind === 'photo') {
      const shown = jpegNear(item.variants, SHOWN_WIDTH);
      if (shown) add(keyOf(shown.url), `billeder/${item.id}.jpg`, shown.bytes);
      const original = stored.get(item.id);
      if (original) {
        add(original.key, `billeder/original/${item.id}${extension(original.key)}`, original.bytes);
        originals.set(item.id, byKey.get(original.key)!);
      }
    } else if (item.videoUrl) {
      const key = keyOf(item.videoUrl);
      if (key) add(key, `film/${item.id}${extension(key)}`, stored.get(item.id)?.bytes ?? 0);
    }
  }
  for (const song of memorial.music) {
    const key = song.url ? keyOf(song.url) : null;
    if (key) add(key, `musik/${song.id}${extension(key)}`, song.bytes ?? 0);
  }
  const greeting = memorial.greeting;
  if (greeting) {
    const video = keyOf(greeting.videoUrl);
    if (video) add(video, `hilsen/${greeting.id}${extension(video)}`, 0);
    const poster = greeting.posterUrl ? keyOf(greeting.posterUrl) : null;
    if (poster) add(poster, `hilsen/${greeting.id}-portraet${extension(poster)}`, 0);
  }
  for (const post of posts) {
    const shown = post.photo ? jpegNear(post.photo.variants, SHOWN_WIDTH) : null;
    // A memory's photo variants carry no size; 0 leaves them out of the estimate.
    if (shown) add(keyOf(shown.url), `minder/${post.id}.jpg`, 0);
  }
  for (const person of tree?.people ?? []) {
    const face = person.photo ? jpegNear(person.photo.variants, FACE_WIDTH) : null;
    if (face) add(keyOf(face.url), `slaegt/${person.id}.jpg`, face.bytes);
  }

  const pathOf = (url: string | null | undefined) => {
    const key = url ? keyOf(url) : null;
    return key ? (byKey.get(key) ?? null) : null;
  };
  return {
    files,
    bytes: files.reduce((sum, file) => sum + file.bytes, 0),
    pathOf,
    shown: (variants) => variants?.map((variant) => pathOf(variant.url)).find((path) => path !== null) ?? null,
    original: (mediaId) => originals.get(mediaId) ?? null,
  };
}
