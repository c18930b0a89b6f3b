import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ImageDir, PHOTO_HEADS, VIDEO_HEADS, createImageDir, readHead, writeImage, writeTextFile } from '../../../tests/support/images';
import { HttpError } from '../lib/errors';
import { SNIFF_BYTES, checkUploadSize, inspectUpload } from './inspect';
import { MEDIA_LIMITS, MEDIA_MESSAGES } from '../../shared/media-limits';

let images: ImageDir;
beforeAll(async () => {
  images = await createImageDir();
});
afterAll(() => images.cleanup());

const head = async (file: string) => readHead(file, SNIFF_BYTES);

/** Runs fn and returns the Danish message of the 400 it must throw. */
function refusal(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).statusCode).toBe(400);
    return (error as HttpError).message;
  }
  throw new Error('expected a refusal, got none');
}

describe('inspectUpload', () => {
  it('recognises each photo format by its bytes', async () => {
    const cases = [
      ['jpeg', 'image/jpeg', 'jpg'],
      ['png', 'image/png', 'png'],
      ['webp', 'image/webp', 'webp'],
      ['avif', 'image/avif', 'avif'],
      ['gif', 'image/gif', 'gif'],
    ] as const;
    for (const [format, mime, extension] of cases) {
      const file = await writeImage(images.dir, `billede.${format}`, format);
      expect(inspectUpload(await head(file), { filename: `billede.${format}`, contentType: mime })).toEqual({
        kind: 'photo',
        mime,
        extension,
      });
    }
    const declared = { filename: 'IMG_0001.HEIC', contentType: 'application/octet-stream' };
    expect(inspectUpload(PHOTO_HEADS.heic, declared)).toEqual({ kind: 'photo', mime: 'image/heic', extension: 'heic' });
    expect(inspectUpload(PHOTO_HEADS.avifMif1, declared).mime).toBe('image/avif');
  });

  it('lets the content decide when a PNG is named .jpg', async () => {
    const png = await writeImage(images.dir, 'forkert-navn.jpg', 'png');
    const result = inspectUpload(await head(png), { filename: 'forkert-navn.jpg', contentType: 'image/jpeg' });
    expect(result).toEqual({ kind: 'photo', mime: 'image/png', extension: 'png' });
  });

  it('refuses a text file named .jpg, in Danish', async () => {
    const text = await writeTextFile(images.dir, 'notat.jpg');
    expect(refusal(() => inspectUpload(Buffer.alloc(0), { filename: 'tom.jpg', contentType: 'image/jpeg' }))).toBe(MEDIA_MESSAGES.unsupported);
    const textHead = await head(text);
    expect(refusal(() => inspectUpload(textHead, { filename: 'notat.jpg', contentType: 'image/jpeg' }))).toBe(
      'Filen er ikke et billede eller en video, vi kan bruge. Brug JPEG, PNG, WebP, AVIF, GIF, MP4, MOV eller WebM.',
    );
  });

  it('recognises MP4, MOV and WebM, whatever they are called', () => {
    const declared = { filename: 'video.bin', contentType: 'application/octet-stream' };
    expect(inspectUpload(VIDEO_HEADS.mp4, declared)).toEqual({ kind: 'video', mime: 'video/mp4', extension: 'mp4' });
    expect(inspectUpload(VIDEO_HEADS.mov, { filename: 'IMG_0002.MOV', contentType: 'video/quicktime' })).toEqual({
      kind: 'video',
      mime: 'video/quicktime',
      extension: 'mov',
    });
    expect(inspectUpload(VIDEO_HEADS.webm, { filename: 'optagelse.mp4', contentType: 'video/mp4' })).toEqual({
      kind: 'video',
      mime: 'video/webm',
      extension: 'webm',
    });
  });

  it('refuses containers browsers do not play, and SVG', () => {
    const declared = { filename: 'film.mkv', contentType: '' };
    expect(refusal(() => inspectUpload(VIDEO_HEADS.matroska, declared))).toBe(MEDIA_MESSAGES.unsupported);
    expect(refusal(() => inspectUpload(VIDEO_HEADS.threeGp, declared))).toBe(MEDIA_MESSAGES.unsupported);
    expect(refusal(() => inspectUpload(PHOTO_HEADS.svg, { filename: 'logo.png', contentType: 'image/png' }))).toBe(
      MEDIA_MESSAGES.unsupported,
    );
  });

  it('refuses a video posing as a photo and a photo posing as a video', async () => {
    const jpeg = await head(await writeImage(images.dir, 'film.jpeg', 'jpeg'));
    expect(refusal(() => inspectUpload(VIDEO_HEADS.mp4, { filename: 'sjov.gif', contentType: 'image/gif' }))).toBe(
      MEDIA_MESSAGES.declaredPhotoIsVideo,
    );
    expect(refusal(() => inspectUpload(jpeg, { filename: 'film.mp4', contentType: 'application/octet-stream' }))).toBe(
      MEDIA_MESSAGES.declaredVideoIsPhoto,
    );
  });

  it('refuses a kind the caller does not accept', () => {
    const declared = { filename: 'klip.mp4', contentType: 'video/mp4' };
    expect(refusal(() => inspectUpload(VIDEO_HEADS.mp4, declared, { accept: ['photo'] }))).toBe(MEDIA_MESSAGES.onlyPhoto);
    expect(inspectUpload(VIDEO_HEADS.mp4, declared, { accept: ['photo', 'video'] }).kind).toBe('video');
  });
});

describe('checkUploadSize', () => {
  it('allows up to the limit of the kind and names the limit in MB beyond it', () => {
    expect(() => checkUploadSize('photo', MEDIA_LIMITS.photo.maxBytes)).not.toThrow();
    expect(refusal(() => checkUploadSize('photo', MEDIA_LIMITS.photo.maxBytes + 1))).toBe(
      'Billedet fylder for meget. Det må højst fylde 25 MB.',
    );
    expect(() => checkUploadSize('video', MEDIA_LIMITS.photo.maxBytes + 1)).not.toThrow();
    expect(refusal(() => checkUploadSize('video', MEDIA_LIMITS.video.maxBytes + 1))).toBe(
      'Videoen fylder for meget. Den må højst fylde 500 MB.',
    );
  });
});
