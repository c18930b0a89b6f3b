import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mp3, mp4Audio, oggOpus, wav } from '../../../tests/support/audio';
import { mpegFrameLength, wholeness } from './whole-file';

let dir: string;
let n = 0;
beforeAll(async () => void (dir = await mkdtemp(path.join(tmpdir(), 'whole-file-'))));
afterAll(() => rm(dir, { recursive: true, force: true }));

async function walk(bytes: Buffer, mime: string) {
  const file = path.join(dir, `song-${n++}`);
  await writeFile(file, bytes);
  return wholeness(file, mime);
}

const PAGE = Buffer.from('<html><body><script>__xss(1)</script></body></html>');
const ZIP = Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), Buffer.alloc(60)]);

/** An APEv2 tag with its header, as foobar2000 writes it after the last frame. */
function apeTag(): Buffer {
  const item = Buffer.concat([Buffer.from([5, 0, 0, 0, 0, 0, 0, 0]), Buffer.from('Title\0Karen', 'latin1')]);
  const frame = (isHeader: boolean) => {
    const b = Buffer.alloc(32);
    b.write('APETAGEX', 0, 'latin1');
    b.writeUInt32LE(2000, 8);
    b.writeUInt32LE(item.length + 32, 12);
    b.writeUInt32LE(1, 16);
    b.writeUInt32LE((0x80000000 | (isHeader ? 0x20000000 : 0)) >>> 0, 20);
    return b;
  };
  return Buffer.concat([frame(true), item, frame(false)]);
}

function id3v1(): Buffer {
  const tag = Buffer.alloc(128);
  tag.write('TAGKarens sang', 0, 'latin1');
  return tag;
}

describe('an MP3 is walked frame by frame', () => {
  it('reads the frame length of MPEG-1 layer III, MPEG-2 layer III and layer II headers, and refuses what is no header', () => {
    expect(mpegFrameLength(Buffer.from([0xff, 0xfb, 0x90, 0x00]))).toBe(417); // 128 kbit/s, 44.1 kHz
    expect(mpegFrameLength(Buffer.from([0xff, 0xfb, 0x92, 0x00]))).toBe(418); // padded
    expect(mpegFrameLength(Buffer.from([0xff, 0xf3, 0x90, 0x00]))).toBe(261); // MPEG-2, 80 kbit/s at 22.05 kHz
    expect(mpegFrameLength(Buffer.from([0xff, 0xfd, 0x90, 0x00]))).toBe(522); // layer II, 160 kbit/s at 44.1 kHz
    expect(mpegFrameLength(Buffer.from('<htm', 'latin1'))).toBeNull();
    expect(mpegFrameLength(Buffer.from([0xff, 0xfb, 0x00, 0x00]))).toBeNull(); // free bitrate
    expect(mpegFrameLength(Buffer.from([0xff, 0xfb, 0x9c, 0x00]))).toBeNull(); // reserved sample rate
  });

  it('finds a song whole with or without its tags before and after', async () => {
    expect(await walk(mp3({ seconds: 2 }), 'audio/mpeg')).toBe('whole');
    expect(await walk(mp3({ seconds: 2, title: 'Karens sang' }), 'audio/mpeg')).toBe('whole');
    expect(await walk(Buffer.concat([mp3({ seconds: 2, title: 'Karens sang' }), id3v1()]), 'audio/mpeg')).toBe('whole');
    expect(await walk(Buffer.concat([mp3({ seconds: 2 }), apeTag(), id3v1()]), 'audio/mpeg')).toBe('whole');
    expect(await walk(Buffer.concat([mp3({ seconds: 2 }), Buffer.alloc(300)]), 'audio/mpeg')).toBe('whole');
  });

  it('finds one cut in the middle of its last frame cut, and one with a page or an archive after its sound more than sound', async () => {
    const song = mp3({ seconds: 2, title: 'Karens sang' });
    expect(await walk(song.subarray(0, song.length - 200), 'audio/mpeg')).toBe('cut');
    expect(await walk(Buffer.concat([song, PAGE]), 'audio/mpeg')).toBe('more');
    expect(await walk(Buffer.concat([song, ZIP]), 'audio/mpeg')).toBe('more');
    expect(await walk(Buffer.concat([song, PAGE, id3v1()]), 'audio/mpeg')).toBe('more');
  });
});

describe('WAV, MP4 and Ogg are walked by their own units', () => {
  it('finds each whole as made', async () => {
    expect(await walk(wav({ seconds: 1 }), 'audio/wav')).toBe('whole');
    expect(await walk(mp4Audio({ seconds: 1 }), 'audio/mp4')).toBe('whole');
    expect(await walk(oggOpus({ seconds: 1, title: 'Karens sang' }), 'audio/ogg')).toBe('whole');
  });

  it('finds each cut when its end is missing, and more than sound with something after it', async () => {
    for (const [bytes, mime] of [
      [wav({ seconds: 1 }), 'audio/wav'],
      [mp4Audio({ seconds: 1 }), 'audio/mp4'],
      [oggOpus({ seconds: 1 }), 'audio/ogg'],
    ] as const) {
      expect(await walk(bytes.subarray(0, bytes.length - 20), mime), mime).toBe('cut');
      expect(await walk(Buffer.concat([bytes, PAGE]), mime), mime).toBe('more');
      expect(await walk(Buffer.concat([bytes, ZIP]), mime), mime).toBe('more');
    }
  });

  it('leaves FLAC to music-metadata (its frames carry no length)', async () => {
    expect(await walk(Buffer.concat([Buffer.from('fLaC', 'latin1'), PAGE]), 'audio/flac')).toBe('whole');
  });
});
