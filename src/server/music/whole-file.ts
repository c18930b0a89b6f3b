/**
 * Whether a song's file is sound from its first byte to its last. music-metadata reads what it
 * needs and stops, so a file cut in the middle of its last frame, or sound with a web page or an
 * archive after it (a polyglot that a browser or an unzipper would read as that other thing),
 * passes it. A photo is re-encoded and keeps nothing of what came with it; sound is kept as it
 * came (there is no encoder here), so what is kept must be sound and nothing else: the container's
 * own structure, walked from the start, must end exactly where the file does.
 *
 * Walked: MP3 (its frames, after ID3v2 tags and before ID3v1, APE and Lyrics3 tags), WAV (its RIFF
 * chunks), MP4 (its top-level boxes) and Ogg (its pages). FLAC's frames carry no length and are
 * not walked; music-metadata's reading is all it gets.
 */
import { type FileHandle, open } from 'node:fs/promises';

/** whole: nothing missing, nothing after; cut: the last unit runs past the end; more: something that is not sound. */
export type Wholeness = 'whole' | 'cut' | 'more';

/** Reads a file at any position through a window of it, so a walk of 70,000 frames makes a few hundred reads. */
class Bytes {
  private window = Buffer.alloc(0);
  private windowAt = 0;

  constructor(
    private readonly handle: FileHandle,
    readonly size: number,
  ) {}

  /** `length` bytes at `position`, fewer at the end of the file. */
  async at(position: number, length: number): Promise<Buffer> {
    if (position < this.windowAt || position + length > this.windowAt + this.window.length) {
      const buffer = Buffer.alloc(Math.max(length, 256 * 1024));
      const { bytesRead } = await this.handle.read(buffer, 0, buffer.length, position);
      this.window = buffer.subarray(0, bytesRead);
      this.windowAt = position;
    }
    return this.window.subarray(position - this.windowAt, position - this.windowAt + length);
  }
}

export async function wholeness(file: string, mime: string): Promise<Wholeness> {
  const walk = WALKS[mime];
  if (!walk) return 'whole';
  const handle = await open(file, 'r');
  try {
    return await walk(new Bytes(handle, (await handle.stat()).size));
  } finally {
    await handle.close();
  }
}

const WALKS: Record<string, (bytes: Bytes) => Promise<Wholeness>> = {
  'audio/mpeg': walkMpeg,
  'audio/wav': walkRiff,
  'audio/mp4': walkBoxes,
  'audio/ogg': walkOggPages,
};

// Kilobits a second by bitrate index (1–14), for MPEG-1 layers I, II, III and MPEG-2/2.5 layer I, II/III.
const V1_L1 = [0, 32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448];
const V1_L2 = [0, 32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384];
const V1_L3 = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const V2_L1 = [0, 32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256];
const V2_L23 = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
/** Samples a second by the header's version bits (3: MPEG-1, 2: MPEG-2, 0: MPEG-2.5) and rate index. */
const SAMPLE_RATES: Record<number, number[]> = { 3: [44100, 48000, 32000], 2: [22050, 24000, 16000], 0: [11025, 12000, 8000] };

/** An MPEG audio frame's length from its 4-byte header, or null when these bytes are not one. */
export function mpegFrameLength(header: Buffer): number | null {
  if (header.length < 4 || header[0] !== 0xff || (header[1]! & 0xe0) !== 0xe0) return null;
  const version = (header[1]! >> 3) & 3;
  const layer = (header[1]! >> 1) & 3; // 3: layer I, 2: layer II, 1: layer III
  const bitrateIndex = header[2]! >> 4;
  const rateIndex = (header[2]! >> 2) & 3;
  const padding = (header[2]! >> 1) & 1;
  // Reserved values, and the "free" bitrate whose frames have no length to read.
  if (version === 1 || layer === 0 || bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3) return null;
  const mpeg1 = version === 3;
  const table = layer === 3 ? (mpeg1 ? V1_L1 : V2_L1) : layer === 2 ? (mpeg1 ? V1_L2 : V2_L23) : mpeg1 ? V1_L3 : V2_L23;
  const bitrate = table[bitrateIndex]! * 1000;
  const sampleRate = SAMPLE_RATES[version]![rateIndex]!;
  if (layer === 3) return (Math.floor((12 * bitrate) / sampleRate) + padding) * 4;
  // MPEG-2 and 2.5's layer III frames hold half as many samples.
  if (layer === 1 && !mpeg1) return Math.floor((72 * bitrate) / sampleRate) + padding;
  return Math.floor((144 * bitrate) / sampleRate) + padding;
}

/** Where the sound ends: before the tags players look for at the end of an MP3 (ID3v1, then APE and Lyrics3 before it). */
async function endOfMpegFrames(bytes: Bytes): Promise<number> {
  let end = bytes.size;
  if (end >= 128 && (await bytes.at(end - 128, 3)).toString('latin1') === 'TAG') end -= 128;
  if (end >= 15 && (await bytes.at(end - 9, 9)).toString('latin1') === 'LYRICS200') {
    const size = Number((await bytes.at(end - 15, 6)).toString('latin1'));
    if (Number.isInteger(size) && size + 15 <= end) end -= size + 15;
  }
  if (end >= 32 && (await bytes.at(end - 32, 8)).toString('latin1') === 'APETAGEX') {
    const footer = await bytes.at(end - 32, 32);
    const size = footer.readUInt32LE(12) + (footer.readUInt32LE(20) & 0x80000000 ? 32 : 0);
    if (size <= end) end -= size;
  }
  return end;
}

async function walkMpeg(bytes: Bytes): Promise<Wholeness> {
  let offset = 0;
  // ID3v2 tags first (there may be more than one), each with its size as four 7-bit bytes.
  while ((await bytes.at(offset, 3)).toString('latin1') === 'ID3') {
    const tag = await bytes.at(offset, 10);
    if (tag.length < 10) return 'cut';
    const size = ((tag[6]! & 0x7f) << 21) | ((tag[7]! & 0x7f) << 14) | ((tag[8]! & 0x7f) << 7) | (tag[9]! & 0x7f);
    offset += 10 + size + (tag[5]! & 0x10 ? 10 : 0);
  }
  const end = await endOfMpegFrames(bytes);
  // Some encoders pad the tag with zeros beyond its stated size.
  while (offset < end && (await bytes.at(offset, 1))[0] === 0) offset += 1;
  if (offset >= end) return 'more';
  while (offset < end) {
    const length = mpegFrameLength(await bytes.at(offset, 4));
    // Some encoders pad the end with zeros after the last frame: they hold nothing.
    if (length === null) return (await onlyZeros(bytes, offset, end)) ? 'whole' : 'more';
    if (offset + length > end) return 'cut';
    offset += length;
  }
  return 'whole';
}

/** Whether the bytes from `from` to `to` are all zeros. */
async function onlyZeros(bytes: Bytes, from: number, to: number): Promise<boolean> {
  for (let at = from; at < to; at += 65_536) {
    if ((await bytes.at(at, Math.min(65_536, to - at))).some((byte) => byte !== 0)) return false;
  }
  return true;
}

/** A chunk's or box's name: four printable ASCII characters. */
const FOUR_CC = /^[\x20-\x7e]{4}$/;

/**
 * RIFF's chunks after "WAVE": each a name, a size and its data padded to an even length, and all
 * of them as long as the RIFF header says (unless it says 0 or 4 GB, as a recorder that streams
 * does). A chunk that runs past the end is the file cut short while the sound is still coming;
 * after the whole sound ("data") it is something else that happens to look like a chunk.
 */
async function walkRiff(bytes: Bytes): Promise<Wholeness> {
  const stated = (await bytes.at(4, 4)).readUInt32LE(0);
  if (stated !== 0 && stated !== 0xffffffff && bytes.size > stated + 8 + 1) return 'more';
  let offset = 12;
  let soundWhole = false;
  while (offset < bytes.size) {
    const chunk = await bytes.at(offset, 8);
    if (chunk.length < 8) return bytes.size - offset === 1 && chunk[0] === 0 ? 'whole' : 'more';
    if (!FOUR_CC.test(chunk.subarray(0, 4).toString('latin1'))) return 'more';
    const size = chunk.readUInt32LE(4);
    const next = offset + 8 + size + (size % 2);
    if (next > bytes.size + (size % 2)) return soundWhole ? 'more' : 'cut';
    if (chunk.subarray(0, 4).toString('latin1') === 'data') soundWhole = true;
    offset = next;
  }
  return 'whole';
}

/** The boxes an MP4 file holds at its top level; anything else there is not part of it. */
const TOP_LEVEL_BOXES = new Set(['ftyp', 'styp', 'moov', 'mdat', 'free', 'skip', 'wide', 'uuid', 'meta', 'moof', 'mfra', 'pdin', 'sidx', 'udta', 'prft', 'emsg']);

/** MP4's top-level boxes: each its size (or 1 and a 64-bit size, or 0 for "to the end") and type. */
async function walkBoxes(bytes: Bytes): Promise<Wholeness> {
  let offset = 0;
  while (offset < bytes.size) {
    const box = await bytes.at(offset, 16);
    if (box.length < 8 || !TOP_LEVEL_BOXES.has(box.subarray(4, 8).toString('latin1'))) return 'more';
    const short = box.readUInt32BE(0);
    if (short === 0) return 'whole';
    const size = short === 1 ? (box.length < 16 ? Number.NaN : Number(box.readBigUInt64BE(8))) : short;
    if (!Number.isFinite(size) || size < 8) return 'more';
    if (offset + size > bytes.size) return 'cut';
    offset += size;
  }
  return 'whole';
}

/** Ogg's pages: "OggS", a 27-byte header whose last byte counts the segments, their lengths, their data. */
async function walkOggPages(bytes: Bytes): Promise<Wholeness> {
  let offset = 0;
  while (offset < bytes.size) {
    const header = await bytes.at(offset, 27);
    if (header.length < 27) return header.subarray(0, 4).toString('latin1') === 'OggS' ? 'cut' : 'more';
    if (header.subarray(0, 4).toString('latin1') !== 'OggS') return 'more';
    const segments = await bytes.at(offset + 27, header[26]!);
    if (segments.length < header[26]!) return 'cut';
    const length = 27 + segments.length + segments.reduce((sum, n) => sum + n, 0);
    if (offset + length > bytes.size) return 'cut';
    offset += length;
  }
  return 'whole';
}
