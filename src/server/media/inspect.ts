import path from 'node:path';
import { badRequest } from '../lib/errors';
import { MEDIA_LIMITS, MEDIA_MESSAGES, type UploadKind } from '../../shared/media-limits';

/**
 * Decides what an upload really is from its first bytes (photos, videos, and the music's sound). The name and content type come from the
 * person's device and can say anything; the bytes decide (PRODUCT.md: "checked by content, not by
 * file name").
 */

/** How many leading bytes inspectUpload needs: enough for every signature and brand list below. */
export const SNIFF_BYTES = 64;

export interface DetectedMedia {
  kind: UploadKind;
  mime: string;
  /** Without the dot, for the stored name: the content's extension, never the declared one. */
  extension: string;
}

export interface DeclaredUpload {
  filename: string;
  contentType: string;
}

const media = (kind: UploadKind, mime: string, extension: string): DetectedMedia => ({ kind, mime, extension });
const JPEG = media('photo', 'image/jpeg', 'jpg');
const PNG = media('photo', 'image/png', 'png');
const GIF = media('photo', 'image/gif', 'gif');
const WEBP = media('photo', 'image/webp', 'webp');
const AVIF = media('photo', 'image/avif', 'avif');
const HEIC = media('photo', 'image/heic', 'heic');
const HEIF = media('photo', 'image/heif', 'heif');
const MP4 = media('video', 'video/mp4', 'mp4');
const MOV = media('video', 'video/quicktime', 'mov');
const WEBM = media('video', 'video/webm', 'webm');
const MP3 = media('audio', 'audio/mpeg', 'mp3');
const M4A = media('audio', 'audio/mp4', 'm4a');
const OGG = media('audio', 'audio/ogg', 'ogg');
const FLAC = media('audio', 'audio/flac', 'flac');
const WAV = media('audio', 'audio/wav', 'wav');

export function inspectUpload(
  head: Buffer,
  declared: DeclaredUpload,
  options: { accept?: readonly UploadKind[] } = {},
): DetectedMedia {
  const onlyAudio = only(options.accept, 'audio');
  let detected = detect(head);
  // An MP4 whose major brand is a generic one (mp42, isom) may hold only sound: where only sound
  // is taken, it is taken as M4A here, and the music's own check (music/audio.ts) reads its
  // tracks and refuses it if it holds a picture.
  if (onlyAudio && detected === MP4) detected = M4A;
  // Where only photos are taken (a shared memory's photo), a word about videos would only confuse.
  if (!detected) throw badRequest(only(options.accept, 'photo') ? MEDIA_MESSAGES.onlyPhoto : onlyAudio ? MEDIA_MESSAGES.onlyAudio : MEDIA_MESSAGES.unsupported);
  // Within a kind the content simply wins: phones and messengers rename files all the time
  // (a PNG called .jpg, a JPEG called .heic), and we re-encode photos anyway. Across kinds a
  // mismatch means the wrong file was picked or it is disguised, and the person should know.
  const claimed = declaredKind(declared);
  if (claimed === 'photo' && detected.kind === 'video') throw badRequest(MEDIA_MESSAGES.declaredPhotoIsVideo);
  if (claimed === 'video' && detected.kind === 'photo') throw badRequest(MEDIA_MESSAGES.declaredVideoIsPhoto);
  if (options.accept && !options.accept.includes(detected.kind)) {
    if (onlyAudio) throw badRequest(detected.kind === 'video' ? MEDIA_MESSAGES.audioIsVideo : MEDIA_MESSAGES.onlyAudio);
    // Sound offered where pictures are taken: the gallery's own list of what it takes.
    if (detected.kind === 'audio') throw badRequest(only(options.accept, 'photo') ? MEDIA_MESSAGES.onlyPhoto : MEDIA_MESSAGES.unsupported);
    throw badRequest(detected.kind === 'video' ? MEDIA_MESSAGES.onlyPhoto : MEDIA_MESSAGES.onlyVideo);
  }
  return detected;
}

const only = (accept: readonly UploadKind[] | undefined, kind: UploadKind) => accept !== undefined && accept.length > 0 && accept.every((each) => each === kind);

/** Refuses an upload over its kind's limit; call it with the bytes received so far, too. */
export function checkUploadSize(kind: UploadKind, bytes: number, maxBytes: number = MEDIA_LIMITS[kind].maxBytes): void {
  if (bytes > maxBytes) throw badRequest(MEDIA_MESSAGES.tooLarge(kind));
}

function detect(head: Buffer): DetectedMedia | undefined {
  if (startsWith(head, 0, [0xff, 0xd8, 0xff])) return JPEG;
  if (startsWith(head, 0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return PNG;
  if (ascii(head, 0, 6) === 'GIF87a' || ascii(head, 0, 6) === 'GIF89a') return GIF;
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 4) === 'WEBP') return WEBP;
  if (ascii(head, 4, 4) === 'ftyp') return fromFtyp(head);
  if (startsWith(head, 0, [0x1a, 0x45, 0xdf, 0xa3])) return ebmlDocType(head) === 'webm' ? WEBM : undefined;
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 4) === 'WAVE') return WAV;
  if (ascii(head, 0, 4) === 'fLaC') return FLAC;
  if (ascii(head, 0, 4) === 'OggS') return OGG;
  if (ascii(head, 0, 3) === 'ID3' || isMp3Frame(head)) return MP3;
  return undefined;
}

/**
 * An MPEG audio frame header without an ID3 tag before it: eleven sync bits, then a version and a
 * layer that exist (layer III: MP3), a bitrate that is not "bad" and a sample rate that is not
 * reserved. JPEG's FF D8 and ADTS AAC's FF F1 fail the layer test.
 */
function isMp3Frame(head: Buffer): boolean {
  if (head.length < 4 || head[0] !== 0xff || (head[1]! & 0xe0) !== 0xe0) return false;
  const version = (head[1]! >> 3) & 0b11;
  const layer = (head[1]! >> 1) & 0b11;
  const bitrate = head[2]! >> 4;
  const sampleRate = (head[2]! >> 2) & 0b11;
  return version !== 0b01 && layer === 0b01 && bitrate !== 0b1111 && sampleRate !== 0b11;
}

const AVIF_BRANDS = new Set(['avif', 'avis']);
const HEIC_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx']);
const HEIF_BRANDS = new Set(['mif1', 'msf1']);
const isMp4Brand = (brand: string) => brand.startsWith('iso') || ['mp41', 'mp42', 'avc1', 'M4V '].includes(brand);
/** iTunes' AAC and Apple Lossless files ("M4A "), and audiobooks ("M4B "): sound only by their brand. */
const AUDIO_MP4_BRANDS = new Set(['M4A ', 'M4B ']);

/**
 * ISO base media files (AVIF, HEIC, MP4, MOV) all start with an `ftyp` box: size, "ftyp", a
 * major brand, a minor version, then compatible brands. The video kind is decided by the major
 * brand alone: 3GP and others list "isom" as compatible but do not play in browsers.
 */
function fromFtyp(head: Buffer): DetectedMedia | undefined {
  const boxSize = head.readUInt32BE(0);
  if (boxSize < 16 || head.length < 16) return undefined;
  const major = ascii(head, 8, 4);
  if (major === 'qt  ') return MOV;
  if (AUDIO_MP4_BRANDS.has(major)) return M4A;
  if (isMp4Brand(major)) return MP4;
  if (AVIF_BRANDS.has(major)) return AVIF;
  if (HEIC_BRANDS.has(major)) return HEIC;
  if (!HEIF_BRANDS.has(major)) return undefined;
  // A generic "mif1" image says what it holds in its compatible brands.
  const compatible: string[] = [];
  for (let at = 16; at + 4 <= Math.min(boxSize, head.length); at += 4) compatible.push(ascii(head, at, 4));
  if (compatible.some((brand) => AVIF_BRANDS.has(brand))) return AVIF;
  if (compatible.some((brand) => HEIC_BRANDS.has(brand))) return HEIC;
  return HEIF;
}

/**
 * WebM is Matroska with DocType "webm". Plain Matroska (.mkv) shares the magic number but
 * browsers do not play it, so the DocType element of the EBML header is read.
 */
function ebmlDocType(head: Buffer): string | undefined {
  const headerSize = readVint(head, 4);
  if (!headerSize) return undefined;
  const end = Math.min(head.length, 4 + headerSize.length + headerSize.value);
  let at = 4 + headerSize.length;
  while (at < end) {
    const idLength = vintLength(head[at]);
    const size = idLength ? readVint(head, at + idLength) : undefined;
    if (!idLength || !size) return undefined;
    const id = head.readUIntBE(at, idLength);
    const dataAt = at + idLength + size.length;
    if (id === 0x4282) return ascii(head, dataAt, size.value);
    at = dataAt + size.value;
  }
  return undefined;
}

/** An EBML variable-length integer: the count of leading zero bits gives its length. */
function readVint(buffer: Buffer, at: number): { length: number; value: number } | undefined {
  const length = vintLength(buffer[at]);
  if (!length || at + length > buffer.length || length > 6) return undefined;
  const value = buffer.readUIntBE(at, length) - 2 ** (7 * length);
  return { length, value };
}

function vintLength(first: number | undefined): number | undefined {
  if (!first) return undefined;
  return Math.clz32(first) - 23;
}

function declaredKind({ filename, contentType }: DeclaredUpload): UploadKind | undefined {
  const type = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  if (type.startsWith('image/')) return 'photo';
  if (type.startsWith('video/')) return 'video';
  if (type.startsWith('audio/')) return 'audio';
  // Devices often send application/octet-stream (HEIC, for one); then the name is all we have.
  const extension = path.extname(filename).slice(1).toLowerCase();
  if (PHOTO_EXTENSIONS.has(extension)) return 'photo';
  if (VIDEO_EXTENSIONS.has(extension)) return 'video';
  if (AUDIO_EXTENSIONS.has(extension)) return 'audio';
  return undefined;
}

const PHOTO_EXTENSIONS = new Set(['jpg', 'jpeg', 'jfif', 'png', 'gif', 'webp', 'avif', 'heic', 'heif']);
const VIDEO_EXTENSIONS = new Set(['mp4', 'm4v', 'mov', 'qt', 'webm']);
const AUDIO_EXTENSIONS = new Set(['mp3', 'm4a', 'aac', 'ogg', 'oga', 'opus', 'flac', 'wav']);

const startsWith = (buffer: Buffer, at: number, bytes: number[]) =>
  buffer.length >= at + bytes.length && bytes.every((byte, i) => buffer[at + i] === byte);
const ascii = (buffer: Buffer, at: number, length: number) =>
  buffer.length >= at + length ? buffer.toString('latin1', at, at + length) : '';
