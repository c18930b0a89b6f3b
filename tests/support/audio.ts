/**
 * Real sound files made byte by byte, for the music's tests: there is no ffmpeg on the machines
 * the tests run on, and a file made here says exactly what it holds. Each is a file a player (and
 * music-metadata) reads: WAV with PCM samples, MP3 of silent MPEG-1 Layer III frames (side
 * information all zero decodes as silence), FLAC of constant subframes, Ogg Opus of Opus's own
 * silent frame, and an MP4 container with an audio track (and, for the disguise test, a video one).
 */
import { Readable } from 'node:stream';

export interface WavOptions {
  seconds: number;
  sampleRate?: number;
  channels?: number;
  /** 8 or 16. */
  bits?: 8 | 16;
  /** The data size the header claims, when it should lie (a file cut short). */
  claimedDataBytes?: number;
  /** A soft tone (440 Hz) instead of silence, so a browser has something to play. */
  tone?: boolean;
}

function wavHeader(dataBytes: number, sampleRate: number, channels: number, bits: number): Buffer {
  const header = Buffer.alloc(44);
  const blockAlign = (channels * bits) / 8;
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(Math.min(0xffffffff, 36 + dataBytes), 4);
  header.write('WAVE', 8, 'latin1');
  header.write('fmt ', 12, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(channels, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * blockAlign, 28);
  header.writeUInt16LE(blockAlign, 32);
  header.writeUInt16LE(bits, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(dataBytes, 40);
  return header;
}

export function wav({ seconds, sampleRate = 8000, channels = 1, bits = 8, claimedDataBytes, tone = false }: WavOptions): Buffer {
  const frames = Math.round(seconds * sampleRate);
  const blockAlign = (channels * bits) / 8;
  const data = Buffer.alloc(frames * blockAlign, bits === 8 ? 0x80 : 0);
  if (tone) {
    for (let i = 0; i < frames; i++) {
      const sample = Math.sin((2 * Math.PI * 440 * i) / sampleRate) * 0.1;
      for (let c = 0; c < channels; c++) {
        const at = i * blockAlign + (c * bits) / 8;
        if (bits === 8) data[at] = Math.round(128 + sample * 127);
        else data.writeInt16LE(Math.round(sample * 32767), at);
      }
    }
  }
  return Buffer.concat([wavHeader(claimedDataBytes ?? data.length, sampleRate, channels, bits), data]);
}

/**
 * A WAV of `seconds` made as it is read, a chunk at a time: a long file (two hours is 1.27 GB
 * at CD quality) without holding it in memory. `stopAfterBytes` ends the stream early.
 */
export function wavStream({ seconds, sampleRate = 44_100, channels = 2, bits = 16, stopAfterBytes }: WavOptions & { stopAfterBytes?: number }): Readable {
  const dataBytes = Math.round(seconds * sampleRate) * ((channels * bits) / 8);
  const total = Math.min(44 + dataBytes, stopAfterBytes ?? Infinity);
  const chunk = Buffer.alloc(64 * 1024);
  let sent = 0;
  return new Readable({
    read() {
      if (sent === 0) {
        sent = 44;
        this.push(wavHeader(dataBytes, sampleRate, channels, bits));
        return;
      }
      if (sent >= total) {
        this.push(null);
        return;
      }
      const size = Math.min(chunk.length, total - sent);
      sent += size;
      this.push(chunk.subarray(0, size));
    },
  });
}

/** An ID3v2.4 tag with a title (TIT2, UTF-8). */
function id3(title: string): Buffer {
  const text = Buffer.concat([Buffer.from([3]), Buffer.from(title, 'utf8')]);
  const frame = Buffer.concat([Buffer.from('TIT2', 'latin1'), syncsafe(text.length), Buffer.from([0, 0]), text]);
  return Buffer.concat([Buffer.from('ID3', 'latin1'), Buffer.from([4, 0, 0]), syncsafe(frame.length), frame]);
}

function syncsafe(n: number): Buffer {
  return Buffer.from([(n >> 21) & 0x7f, (n >> 14) & 0x7f, (n >> 7) & 0x7f, n & 0x7f]);
}

/** MPEG-1 Layer III, 128 kbit/s, 44.1 kHz, stereo: 417 bytes and 1152 samples a frame. */
const MP3_FRAME = (() => {
  const frame = Buffer.alloc(417);
  frame.set([0xff, 0xfb, 0x90, 0x00]);
  return frame;
})();

export function mp3({ seconds, title }: { seconds: number; title?: string }): Buffer {
  const frames = Math.ceil((seconds * 44_100) / 1152);
  return Buffer.concat([...(title ? [id3(title)] : []), ...Array.from({ length: frames }, () => MP3_FRAME)]);
}

// FLAC's checksums: CRC-8 (x^8+x^2+x+1) over a frame's header, CRC-16 (x^16+x^15+x^2+1) over the frame.
function crc8(bytes: Buffer): number {
  let crc = 0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let i = 0; i < 8; i++) crc = crc & 0x80 ? ((crc << 1) ^ 0x07) & 0xff : (crc << 1) & 0xff;
  }
  return crc;
}
function crc16(bytes: Buffer): number {
  let crc = 0;
  for (const byte of bytes) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x8005) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}

/** Mono, 16 bits, 44.1 kHz, blocks of 4096 samples, each frame one constant (silent) subframe. */
export function flac({ blocks }: { blocks: number }): Buffer {
  const streamInfo = Buffer.alloc(34);
  streamInfo.writeUInt16BE(4096, 0);
  streamInfo.writeUInt16BE(4096, 2);
  // Sample rate (20 bits), channels − 1 (3), bits per sample − 1 (5), total samples (36).
  const totalSamples = blocks * 4096;
  const packed = (BigInt(44_100) << 44n) | (0n << 41n) | (15n << 36n) | BigInt(totalSamples);
  streamInfo.writeBigUInt64BE(packed, 10);
  const metadataHeader = Buffer.from([0x80, 0, 0, 34]);
  const frames: Buffer[] = [];
  for (let n = 0; n < blocks; n++) {
    // Sync and fixed blocks; 4096 samples at 44.1 kHz; mono, 16 bits; the frame's number (< 128).
    const header = Buffer.from([0xff, 0xf8, 0xc9, 0x08, n]);
    const body = Buffer.concat([header, Buffer.from([crc8(header)]), Buffer.from([0x00, 0x00, 0x00])]);
    const crc = Buffer.alloc(2);
    crc.writeUInt16BE(crc16(body));
    frames.push(body, crc);
  }
  return Buffer.concat([Buffer.from('fLaC', 'latin1'), metadataHeader, streamInfo, ...frames]);
}

// Ogg's page checksum: CRC-32 with polynomial 0x04c11db7, not reflected.
const OGG_CRC_TABLE = Array.from({ length: 256 }, (_, i) => {
  let r = i << 24;
  for (let j = 0; j < 8; j++) r = r & 0x80000000 ? (r << 1) ^ 0x04c11db7 : r << 1;
  return r >>> 0;
});
function oggCrc(bytes: Buffer): number {
  let crc = 0;
  for (const byte of bytes) crc = ((crc << 8) ^ OGG_CRC_TABLE[((crc >>> 24) ^ byte) & 0xff]!) >>> 0;
  return crc;
}

function oggPage(packets: Buffer[], options: { granule: bigint; sequence: number; first?: boolean; last?: boolean }): Buffer {
  const lacing: number[] = [];
  for (const packet of packets) {
    let left = packet.length;
    while (left >= 255) {
      lacing.push(255);
      left -= 255;
    }
    lacing.push(left);
  }
  const header = Buffer.alloc(27 + lacing.length);
  header.write('OggS', 0, 'latin1');
  header[5] = (options.first ? 0x02 : 0) | (options.last ? 0x04 : 0);
  header.writeBigInt64LE(options.granule, 6);
  header.writeUInt32LE(0x4d696e64, 14);
  header.writeUInt32LE(options.sequence, 18);
  header[26] = lacing.length;
  header.set(lacing, 27);
  const page = Buffer.concat([header, ...packets]);
  page.writeUInt32LE(oggCrc(page), 22);
  return page;
}

/** Ogg Opus, mono, 20 ms packets of Opus's silent frame (F8 FF FE), one second a page. */
export function oggOpus({ seconds, title }: { seconds: number; title?: string }): Buffer {
  const preSkip = 312;
  const head = Buffer.alloc(19);
  head.write('OpusHead', 0, 'latin1');
  head[8] = 1;
  head[9] = 1;
  head.writeUInt16LE(preSkip, 10);
  head.writeUInt32LE(48_000, 12);
  const vendor = Buffer.from('mindested-test', 'utf8');
  const comments = title ? [Buffer.from(`TITLE=${title}`, 'utf8')] : [];
  const tags = Buffer.concat([
    Buffer.from('OpusTags', 'latin1'),
    u32(vendor.length),
    vendor,
    u32(comments.length),
    ...comments.flatMap((comment) => [u32(comment.length), comment]),
  ]);
  const pages = [oggPage([head], { granule: 0n, sequence: 0, first: true }), oggPage([tags], { granule: 0n, sequence: 1 })];
  const packetsLeft = Math.round(seconds * 50);
  let granule = BigInt(preSkip);
  for (let sent = 0, sequence = 2; sent < packetsLeft; sequence++) {
    const count = Math.min(50, packetsLeft - sent);
    sent += count;
    granule += BigInt(count * 960);
    pages.push(oggPage(Array.from({ length: count }, () => Buffer.from([0xf8, 0xff, 0xfe])), { granule, sequence, last: sent === packetsLeft }));
  }
  return Buffer.concat(pages);
}

function u32(n: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n);
  return b;
}

function box(type: string, ...content: Buffer[]): Buffer {
  const payload = Buffer.concat(content);
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + payload.length);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, payload]);
}
const be32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};
const MATRIX = Buffer.concat([be32(0x10000), be32(0), be32(0), be32(0), be32(0x10000), be32(0), be32(0), be32(0), be32(0x40000000)]);

function track(id: number, handler: 'soun' | 'vide', timescale: number, duration: number): Buffer {
  const tkhd = box('tkhd', be32(0x7), be32(0), be32(0), be32(id), be32(0), be32(duration), Buffer.alloc(8), Buffer.alloc(8), MATRIX, be32(0), be32(0));
  const mdhd = box('mdhd', be32(0), be32(0), be32(0), be32(timescale), be32(duration), Buffer.from([0x55, 0xc4, 0, 0]));
  const hdlr = box('hdlr', be32(0), be32(0), Buffer.from(handler, 'latin1'), Buffer.alloc(12), Buffer.from(handler === 'soun' ? 'SoundHandler\0' : 'VideoHandler\0', 'latin1'));
  const entry =
    handler === 'soun'
      ? box('mp4a', Buffer.alloc(6), Buffer.from([0, 1]), Buffer.alloc(8), Buffer.from([0, 2, 0, 16, 0, 0, 0, 0]), be32(timescale << 16 >>> 0))
      : box('avc1', Buffer.alloc(6), Buffer.from([0, 1]), Buffer.alloc(16), Buffer.from([0, 64, 0, 48]), be32(0x480000), be32(0x480000), be32(0), Buffer.from([0, 1]), Buffer.alloc(32), Buffer.from([0, 24, 0xff, 0xff]));
  const stbl = box('stbl', box('stsd', be32(0), be32(1), entry), box('stts', be32(0), be32(0)), box('stsc', be32(0), be32(0)), box('stsz', be32(0), be32(0), be32(0)), box('stco', be32(0), be32(0)));
  const minf = box('minf', handler === 'soun' ? box('smhd', be32(0), be32(0)) : box('vmhd', be32(1), Buffer.alloc(8)), stbl);
  return box('trak', tkhd, box('mdia', mdhd, hdlr, minf));
}

/**
 * An MP4 container: `brand` as its major brand ("M4A " for iTunes' AAC files, "mp42" for the
 * generic kind phones write), an AAC audio track of `seconds`, and a video track when `video`.
 */
export function mp4Audio({ seconds, brand = 'M4A ', video = false }: { seconds: number; brand?: string; video?: boolean }): Buffer {
  const timescale = 44_100;
  const duration = Math.round(seconds * timescale);
  const ftyp = box('ftyp', Buffer.from(brand, 'latin1'), be32(0), Buffer.from(`${brand}mp42isom`, 'latin1'));
  const mvhd = box('mvhd', be32(0), be32(0), be32(0), be32(timescale), be32(duration), be32(0x10000), Buffer.from([1, 0]), Buffer.alloc(10), MATRIX, Buffer.alloc(24), be32(3));
  const moov = box('moov', mvhd, track(1, 'soun', timescale, duration), ...(video ? [track(2, 'vide', timescale, duration)] : []));
  return Buffer.concat([ftyp, moov, box('mdat', Buffer.alloc(64))]);
}
