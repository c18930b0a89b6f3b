/**
 * The first bytes of sound (media/inspect.ts): each format by its signature, whatever the name
 * says; a sound file offered to the gallery, or a picture offered to the music, is refused with the
 * sentence for that place.
 */
import { describe, expect, it } from 'vitest';
import { flac, mp3, mp4Audio, oggOpus, wav } from '../../../tests/support/audio';
import { MEDIA_MESSAGES } from '../../shared/media-limits';
import { HttpError } from '../lib/errors';
import { SNIFF_BYTES, inspectUpload } from '../media/inspect';

const head = (file: Buffer) => file.subarray(0, SNIFF_BYTES);
const asMusic = (file: Buffer, filename = 'fil.bin', contentType = 'application/octet-stream') => inspectUpload(head(file), { filename, contentType }, { accept: ['audio'] });
const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof HttpError) return error.message;
    throw error;
  }
  throw new Error('was not refused');
};

describe('sound by its first bytes', () => {
  it('knows MP3 (with and without ID3), M4A, Ogg, FLAC and WAV', () => {
    expect(asMusic(mp3({ seconds: 1, title: 'x' }))).toEqual({ kind: 'audio', mime: 'audio/mpeg', extension: 'mp3' });
    expect(asMusic(mp3({ seconds: 1 }))).toEqual({ kind: 'audio', mime: 'audio/mpeg', extension: 'mp3' });
    expect(asMusic(mp4Audio({ seconds: 1 }))).toEqual({ kind: 'audio', mime: 'audio/mp4', extension: 'm4a' });
    expect(asMusic(oggOpus({ seconds: 1 }))).toEqual({ kind: 'audio', mime: 'audio/ogg', extension: 'ogg' });
    expect(asMusic(flac({ blocks: 1 }))).toEqual({ kind: 'audio', mime: 'audio/flac', extension: 'flac' });
    expect(asMusic(wav({ seconds: 1 }))).toEqual({ kind: 'audio', mime: 'audio/wav', extension: 'wav' });
  });

  it('takes a generic MP4 as sound only where only sound is taken; the gallery takes it as a film', () => {
    const generic = mp4Audio({ seconds: 1, brand: 'mp42' });
    expect(asMusic(generic, 'sang.mp4', 'video/mp4')).toMatchObject({ kind: 'audio', mime: 'audio/mp4' });
    expect(inspectUpload(head(generic), { filename: 'film.mp4', contentType: 'video/mp4' }, { accept: ['photo', 'video'] })).toMatchObject({ kind: 'video', mime: 'video/mp4' });
  });

  it('does not take a JPEG (FF D8) or an ADTS stream (FF F1) for an MP3 frame', () => {
    expect(refusal(() => asMusic(Buffer.from([0xff, 0xd8, 0xff, 0xe0, ...Buffer.alloc(60)])))).toBe(MEDIA_MESSAGES.onlyAudio);
    expect(refusal(() => asMusic(Buffer.from([0xff, 0xf1, 0x50, 0x80, ...Buffer.alloc(60)])))).toBe(MEDIA_MESSAGES.onlyAudio);
  });

  it('refuses sound in the gallery and in a shared memory, each in its own words', () => {
    expect(refusal(() => inspectUpload(head(mp3({ seconds: 1 })), { filename: 'sang.mp3', contentType: 'audio/mpeg' }, { accept: ['photo', 'video'] }))).toBe(MEDIA_MESSAGES.unsupported);
    expect(refusal(() => inspectUpload(head(wav({ seconds: 1 })), { filename: 'sang.wav', contentType: 'audio/wav' }, { accept: ['photo'] }))).toBe(MEDIA_MESSAGES.onlyPhoto);
  });
});
