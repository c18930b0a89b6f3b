/**
 * Real image files for media tests, written with sharp into a temporary directory, and the first
 * bytes of real video containers (we never decode video, so its header is all a test needs).
 */
import { mkdtemp, open, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { crc32, deflate } from 'node:zlib';
import sharp from 'sharp';

export interface ImageDir {
  dir: string;
  cleanup: () => Promise<void>;
}

export async function createImageDir(): Promise<ImageDir> {
  const dir = await mkdtemp(path.join(tmpdir(), 'mindested-media-'));
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

export const RED = { r: 255, g: 0, b: 0 };
export const BLUE = { r: 0, g: 0, b: 255 };

/**
 * A phone photo lying on its side: stored 600×400 with EXIF orientation 6 (shown 400×600,
 * turned 90° clockwise) and GPS coordinates in Copenhagen. A red stripe along the stored left
 * edge ends up along the top once the photo is upright, which tells a correct rotation from a
 * wrong one.
 */
export async function writeJpegWithGps(dir: string, name = 'telefon.jpg'): Promise<string> {
  const file = path.join(dir, name);
  await sharp({ create: { width: 600, height: 400, channels: 3, background: BLUE } })
    .composite([{ input: { create: { width: 100, height: 400, channels: 3, background: RED } }, left: 0, top: 0 }])
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Make: 'Testkamera', Model: 'Mindested 1' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '55/1 40/1 30/1', GPSLongitudeRef: 'E', GPSLongitude: '12/1 34/1 5/1' },
    })
    .withMetadata({ orientation: 6 })
    .toFile(file);
  return file;
}

export type StillFormat = 'jpeg' | 'png' | 'webp' | 'avif' | 'gif';

/** A plain image of the given size; with alpha, half of it is transparent. */
export async function writeImage(
  dir: string,
  name: string,
  format: StillFormat,
  { width = 400, height = 300, alpha = false }: { width?: number; height?: number; alpha?: boolean } = {},
): Promise<string> {
  const file = path.join(dir, name);
  const background = alpha ? { ...BLUE, alpha: 0 } : BLUE;
  const overlay = { width: Math.max(1, Math.floor(width / 2)), height, channels: 4 as const, background: { ...RED, alpha: 1 } };
  await sharp({ create: { width, height, channels: alpha ? 4 : 3, background } })
    .composite([{ input: { create: overlay }, left: 0, top: 0 }])
    .toFormat(format)
    .toFile(file);
  return file;
}

export async function writeTextFile(dir: string, name = 'notat.jpg'): Promise<string> {
  const file = path.join(dir, name);
  await writeFile(file, 'Kære familie,\nher er billederne fra mindehøjtideligheden.\n');
  return file;
}

/**
 * A decompression bomb: a valid 20000×20000 one-colour PNG (400 megapixels, ≈50 KB on disk).
 * Written by hand (1-bit greyscale, every row zero) because having sharp encode 400 megapixels
 * would take longer than the whole test file.
 */
export async function writeBombPng(dir: string, side = 20_000): Promise<string> {
  const rowBytes = 1 + Math.ceil(side / 8); // a filter byte, then one bit per pixel
  const pixels = await promisify(deflate)(Buffer.alloc(rowBytes * side), { level: 9 });
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  const file = path.join(dir, 'bombe.png');
  await writeFile(
    file,
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      pngChunk('IHDR', header),
      pngChunk('IDAT', pixels),
      pngChunk('IEND', Buffer.alloc(0)),
    ]),
  );
  return file;
}

export function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** The first bytes of a file, as an upload route sees them before the rest has arrived. */
export async function readHead(file: string, bytes = 64): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(bytes), 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

const bytes = (...parts: (string | number[])[]) =>
  Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part, 'latin1') : Buffer.from(part))));

/** Container headers as ffmpeg, an iPhone, a browser's MediaRecorder and mkvmerge write them. */
export const VIDEO_HEADS = {
  mp4: bytes([0, 0, 0, 0x20], 'ftypisom', [0, 0, 2, 0], 'isomiso2avc1mp41', [0, 0, 0, 8], 'free', [0, 0, 0x10, 0], 'mdat'),
  mov: bytes([0, 0, 0, 0x14], 'ftypqt  ', [0x20, 0x05, 0x03, 0], 'qt  ', [0, 0, 0, 8], 'wide', [0, 0, 0x10, 0], 'mdat'),
  webm: bytes(
    [0x1a, 0x45, 0xdf, 0xa3, 0x9f],
    [0x42, 0x86, 0x81, 1, 0x42, 0xf7, 0x81, 1, 0x42, 0xf2, 0x81, 4, 0x42, 0xf3, 0x81, 8],
    [0x42, 0x82, 0x84],
    'webm',
    [0x42, 0x87, 0x81, 4, 0x42, 0x85, 0x81, 2],
    [0x18, 0x53, 0x80, 0x67, 0x01, 0, 0, 0, 0, 0, 0x10, 0],
  ),
  matroska: bytes(
    [0x1a, 0x45, 0xdf, 0xa3, 0xa3],
    [0x42, 0x86, 0x81, 1, 0x42, 0xf7, 0x81, 1, 0x42, 0xf2, 0x81, 4, 0x42, 0xf3, 0x81, 8],
    [0x42, 0x82, 0x88],
    'matroska',
    [0x42, 0x87, 0x81, 4, 0x42, 0x85, 0x81, 2],
  ),
  // 3GP lists "isom" as compatible but browsers do not play it.
  threeGp: bytes([0, 0, 0, 0x18], 'ftyp3gp4', [0, 0, 2, 0], 'isom3gp4', [0, 0, 0, 8], 'free'),
};

/** HEIC as an iPhone writes it, and an older AVIF whose major brand is the generic "mif1". */
export const PHOTO_HEADS = {
  heic: bytes([0, 0, 0, 0x18], 'ftypheic', [0, 0, 0, 0], 'mif1heic', [0, 0, 0x0f, 0xf0], 'meta'),
  avifMif1: bytes([0, 0, 0, 0x1c], 'ftypmif1', [0, 0, 0, 0], 'mif1avifmiaf', [0, 0, 0, 0xd6], 'meta'),
  svg: bytes('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"></svg>'),
};

/** Whether raw EXIF (as sharp's metadata().exif gives it) points to a GPS directory. */
export function exifHasGps(exif: Buffer): boolean {
  const tiff = exif.toString('latin1', 0, 4) === 'Exif' ? exif.subarray(6) : exif;
  const little = tiff.toString('latin1', 0, 2) === 'II';
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const ifd0 = little ? tiff.readUInt32LE(4) : tiff.readUInt32BE(4);
  for (let entry = 0; entry < u16(ifd0); entry++) {
    if (u16(ifd0 + 2 + entry * 12) === 0x8825) return true; // GPSInfo IFD pointer
  }
  return false;
}

/** The colour of one pixel of an encoded image. */
export async function pixelAt(image: Buffer, x: number, y: number): Promise<{ r: number; g: number; b: number }> {
  const data = await sharp(image).extract({ left: x, top: y, width: 1, height: 1 }).removeAlpha().raw().toBuffer();
  return { r: data[0]!, g: data[1]!, b: data[2]! };
}

/** Whether a colour is within a lossy encoder's tolerance of another. */
export const near = (a: { r: number; g: number; b: number }, b: { r: number; g: number; b: number }, tolerance = 40) =>
  Math.abs(a.r - b.r) <= tolerance && Math.abs(a.g - b.g) <= tolerance && Math.abs(a.b - b.b) <= tolerance;
