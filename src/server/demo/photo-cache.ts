/**
 * The demo photos through the real photo pipeline (media/photo.ts: variants in AVIF, WebP and
 * JPEG, a placeholder, an upright original), done once per machine and kept in a cache.
 *
 * Why a cache: the demo is seeded on the first start of every embedded-database server, which
 * includes the server of every browser-test file. Encoding eleven photos (AVIF above all) takes
 * several seconds of both cores; reading them back takes a few milliseconds. The key is a hash of
 * the painting and of the pipeline's own source and sharp's version, so a change to either makes
 * new files instead of serving old ones. The cache is only ever an optimisation: when it cannot be
 * read or written, the photos are simply made again.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { type VariantFormat, editPhoto, processPhoto } from '../media/photo';
import type { Painting } from './paintings';
import { PROJECT_ROOT } from '../lib/project-root';

export interface DemoPhoto {
  width: number;
  height: number;
  placeholder: string;
  variants: { width: number; height: number; format: VariantFormat; buffer: Buffer }[];
  /** The upright original kept for later edits (/edit-image), as an upload keeps it. */
  original: Buffer;
}

interface CachedMeta {
  width: number;
  height: number;
  placeholder: string;
  variants: { width: number; height: number; format: VariantFormat; file: string }[];
}

/** Beside the project's other tool caches; outside DATA_DIR so every fresh database shares it. */
export const DEMO_PHOTO_CACHE = path.join(PROJECT_ROOT, 'node_modules/.cache/mindested/demo-photos/');

let pipelineKey: Promise<string> | undefined;
function pipelineVersion(): Promise<string> {
  pipelineKey ??= readFile(path.join(PROJECT_ROOT, 'src/server/media/photo.ts'), 'utf8')
    .catch(() => '')
    .then((source) => `${sharp.versions.vips}:${sharp.versions.sharp ?? ''}:${source}`);
  return pipelineKey;
}

async function cacheKey(painting: Painting): Promise<string> {
  return createHash('sha256')
    .update(await pipelineVersion())
    .update(painting.svg)
    .digest('hex')
    .slice(0, 24);
}

/** The painting as a camera would hand it over: a JPEG, before the pipeline makes it ours. */
export function rasterise(painting: Painting): Promise<Buffer> {
  return sharp(Buffer.from(painting.svg)).jpeg({ quality: 92 }).toBuffer();
}

async function make(painting: Painting): Promise<DemoPhoto> {
  const jpeg = await rasterise(painting);
  const [photo, original] = await Promise.all([processPhoto(jpeg), editPhoto(jpeg, { rotate: 0 })]);
  return {
    width: photo.width,
    height: photo.height,
    placeholder: photo.placeholder,
    variants: photo.variants.map(({ width, height, format, buffer }) => ({ width, height, format, buffer })),
    original,
  };
}

async function readCached(dir: string): Promise<DemoPhoto | null> {
  try {
    const meta = JSON.parse(await readFile(path.join(dir, 'meta.json'), 'utf8')) as CachedMeta;
    const variants = await Promise.all(meta.variants.map(async (variant) => ({ ...variant, buffer: await readFile(path.join(dir, path.basename(variant.file))) })));
    return { width: meta.width, height: meta.height, placeholder: meta.placeholder, variants: variants.map(({ file: _file, ...rest }) => rest), original: await readFile(path.join(dir, 'original.jpg')) };
  } catch {
    return null;
  }
}

async function writeCached(dir: string, photo: DemoPhoto): Promise<void> {
  // Written beside, then renamed into place: a server starting at the same moment sees all or nothing.
  const temporary = `${dir}.${process.pid}.${Date.now()}`;
  try {
    await mkdir(temporary, { recursive: true });
    const variants = photo.variants.map(({ buffer: _buffer, ...variant }) => ({ ...variant, file: `${variant.width}.${variant.format}` }));
    await Promise.all(photo.variants.map((variant, index) => writeFile(path.join(temporary, variants[index]!.file), variant.buffer)));
    await writeFile(path.join(temporary, 'original.jpg'), photo.original);
    const meta: CachedMeta = { width: photo.width, height: photo.height, placeholder: photo.placeholder, variants };
    await writeFile(path.join(temporary, 'meta.json'), JSON.stringify(meta));
    await rename(temporary, dir);
  } catch {
    // Another process got there first, or the cache is read-only: the photo is made either way.
  } finally {
    await rm(temporary, { recursive: true, force: true }).catch(() => undefined);
  }
}

/** The painting's photo in every variant: from the cache when it is there, else made (and cached). */
export async function demoPhoto(painting: Painting, cacheDir = DEMO_PHOTO_CACHE): Promise<DemoPhoto> {
  const dir = path.join(cacheDir, `${painting.name}-${await cacheKey(painting)}`);
  const cached = await readCached(dir);
  if (cached) return cached;
  const photo = await make(painting);
  await mkdir(cacheDir, { recursive: true }).catch(() => undefined);
  await writeCached(dir, photo);
  return photo;
}
