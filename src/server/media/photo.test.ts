import { readFile, stat } from 'node:fs/promises';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BLUE,
  type ImageDir,
  PHOTO_HEADS,
  RED,
  createImageDir,
  exifHasGps,
  near,
  pixelAt,
  writeBombPng,
  writeImage,
  writeJpegWithGps,
} from '../../../tests/support/images';
import { MEDIA_MESSAGES } from '../../shared/media-limits';
import { type PhotoEdit, PHOTO_WIDTHS, editPhoto, processPhoto, readPhotoSize, variantWidths } from './photo';

let images: ImageDir;
let phone: string;
beforeAll(async () => {
  images = await createImageDir();
  phone = await writeJpegWithGps(images.dir);
});
afterAll(() => images.cleanup());

const refusedWith = (message: string) => expect.objectContaining({ statusCode: 400, message });
const WHITE = { r: 255, g: 255, b: 255 };

describe('processPhoto', () => {
  it('strips EXIF and GPS and turns a sideways phone photo upright', async () => {
    // The input really carries what must go, or this test would prove nothing.
    const input = await sharp(phone).metadata();
    expect(input.orientation).toBe(6);
    expect(exifHasGps(input.exif!)).toBe(true);
    expect([input.width, input.height]).toEqual([600, 400]);

    const photo = await processPhoto(phone);
    expect([photo.width, photo.height]).toEqual([400, 600]);
    expect(photo.variants.length).toBeGreaterThan(0);
    for (const variant of photo.variants) {
      const meta = await sharp(variant.buffer).metadata();
      expect(meta.exif, `${variant.format} ${variant.width}`).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.iptc).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expect(meta.height).toBeGreaterThan(meta.width);
      expect([meta.width, meta.height]).toEqual([variant.width, variant.height]);
    }
    // The stripe along the stored left edge is now along the top: turned clockwise, not back.
    const largest = photo.variants.find((v) => v.format === 'jpeg' && v.width === 400)!;
    expect(near(await pixelAt(largest.buffer, 200, 10), RED)).toBe(true);
    expect(near(await pixelAt(largest.buffer, 200, 590), BLUE)).toBe(true);
  });

  it('makes every width in AVIF, WebP and JPEG, and they really are those formats', async () => {
    const file = await writeImage(images.dir, 'bred.png', 'png', { width: 1000, height: 700 });
    const photo = await processPhoto(await readFile(file));
    expect([...new Set(photo.variants.map((v) => v.width))]).toEqual([320, 640, 960, 1000]);
    const expected = { avif: { format: 'heif', compression: 'av1' }, webp: { format: 'webp' }, jpeg: { format: 'jpeg' } };
    for (const variant of photo.variants) {
      expect(variant.width).toBeLessThanOrEqual(1000);
      expect(variant.bytes).toBe(variant.buffer.length);
      expect(variant.height).toBe(Math.round((variant.width * 700) / 1000));
      expect(await sharp(variant.buffer).metadata()).toMatchObject(expected[variant.format]);
    }
    expect(photo.variants.filter((v) => v.width === 640).map((v) => v.format).sort()).toEqual(['avif', 'jpeg', 'webp']);

    const [, base64] = photo.placeholder.split('data:image/webp;base64,');
    const tiny = await sharp(Buffer.from(base64!, 'base64')).metadata();
    expect(tiny.format).toBe('webp');
    expect(tiny.width).toBeLessThanOrEqual(16);
  });

  it('never upscales, but keeps a small photo at its own width', async () => {
    const small = await writeImage(images.dir, 'lille.webp', 'webp', { width: 200, height: 150 });
    const photo = await processPhoto(small);
    expect(photo.variants.map((v) => [v.format, v.width, v.height])).toEqual([
      ['avif', 200, 150],
      ['webp', 200, 150],
      ['jpeg', 200, 150],
    ]);
    expect(variantWidths(2400)).toEqual([...PHOTO_WIDTHS]);
    expect(variantWidths(2048)).toEqual([...PHOTO_WIDTHS]);
    expect(variantWidths(1400)).toEqual([320, 640, 960, 1400]);
    expect(variantWidths(100)).toEqual([100]);
  });

  it('puts a transparent PNG on white in JPEG and keeps transparency in WebP', async () => {
    const file = await writeImage(images.dir, 'gennemsigtig.png', 'png', { width: 400, height: 300, alpha: true });
    const photo = await processPhoto(file);
    const jpeg = photo.variants.find((v) => v.format === 'jpeg' && v.width === 400)!;
    const webp = photo.variants.find((v) => v.format === 'webp' && v.width === 400)!;
    expect(near(await pixelAt(jpeg.buffer, 300, 150), WHITE)).toBe(true);
    expect(near(await pixelAt(jpeg.buffer, 100, 150), RED)).toBe(true);
    expect((await sharp(webp.buffer).metadata()).hasAlpha).toBe(true);
  });

  it('refuses a truncated photo in Danish', async () => {
    const whole = await readFile(phone);
    await expect(processPhoto(whole.subarray(0, Math.floor(whole.length / 2)))).rejects.toEqual(
      refusedWith(MEDIA_MESSAGES.unreadable),
    );
  });
});

describe('readPhotoSize', () => {
  it('gives the upright size without decoding', async () => {
    expect(await readPhotoSize(phone)).toEqual({ width: 400, height: 600, format: 'jpeg' });
  });

  it('refuses a decompression bomb from its header alone', async () => {
    const bomb = await writeBombPng(images.dir);
    expect((await stat(bomb)).size).toBeLessThan(100_000);
    const started = performance.now();
    await expect(readPhotoSize(bomb)).rejects.toEqual(refusedWith(MEDIA_MESSAGES.tooManyPixels(20_000, 20_000)));
    await expect(processPhoto(bomb)).rejects.toEqual(refusedWith(MEDIA_MESSAGES.tooManyPixels(20_000, 20_000)));
    // Decoding 400 megapixels takes many seconds and gigabytes; reading a header takes milliseconds.
    expect(performance.now() - started).toBeLessThan(1_500);
    expect(MEDIA_MESSAGES.tooManyPixels(20_000, 20_000)).toMatch(/^Billedet er for stort i opløsning \(20\.000 × 20\.000 pixels\)/);
  });

  it('refuses a side longer than the limit, and formats we do not take', async () => {
    const strip = await writeImage(images.dir, 'strimmel.png', 'png', { width: 16_500, height: 20 });
    await expect(readPhotoSize(strip)).rejects.toEqual(refusedWith(MEDIA_MESSAGES.tooLong(16_500, 20)));
    await expect(readPhotoSize(PHOTO_HEADS.svg)).rejects.toEqual(refusedWith(MEDIA_MESSAGES.unsupported));
    await expect(readPhotoSize(Buffer.from('ikke et billede'))).rejects.toEqual(refusedWith(MEDIA_MESSAGES.unreadable));
  });
});

describe('editPhoto', () => {
  it('rotates by a quarter turn, swapping width and height', async () => {
    const original = await readFile(await writeImage(images.dir, 'landskab.png', 'png', { width: 400, height: 300 }));
    const turned = await editPhoto(original, { rotate: 90 });
    expect(await sharp(turned).metadata()).toMatchObject({ width: 300, height: 400 });
    // Red was the left half; a clockwise quarter turn puts it on top.
    expect(near(await pixelAt(turned, 150, 50), RED)).toBe(true);
    expect(near(await pixelAt(turned, 150, 350), BLUE)).toBe(true);
    expect(await sharp(await editPhoto(original, { rotate: 180 })).metadata()).toMatchObject({ width: 400, height: 300 });
  });

  it('crops exactly the asked rectangle, in upright coordinates, and leaves the original alone', async () => {
    const original = await readFile(phone);
    const copy = Buffer.from(original);
    // Upright, the phone photo is 400×600 with a red band along the top 100 pixels.
    const band = await editPhoto(original, { rotate: 0, crop: { x: 50, y: 0, width: 300, height: 90 } });
    const meta = await sharp(band).metadata();
    expect(meta).toMatchObject({ width: 300, height: 90, format: 'jpeg' });
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(near(await pixelAt(band, 150, 45), RED)).toBe(true);
    expect(original.equals(copy)).toBe(true);

    const turnedCrop = await editPhoto(original, { rotate: 270, crop: { x: 500, y: 10, width: 100, height: 380 } });
    expect(await sharp(turnedCrop).metadata()).toMatchObject({ width: 100, height: 380 });
    // The edit is a new original: it goes through processPhoto like any upload.
    const again = await processPhoto(turnedCrop);
    expect([again.width, again.height]).toEqual([100, 380]);
  });

  it('keeps transparency by writing WebP', async () => {
    const file = await writeImage(images.dir, 'alpha.png', 'png', { width: 64, height: 64, alpha: true });
    const edited = await editPhoto(file, { rotate: 90 });
    expect(await sharp(edited).metadata()).toMatchObject({ format: 'webp', hasAlpha: true });
  });

  it('refuses a crop outside the image, a crop too small and an odd angle, in Danish', async () => {
    const original = await readFile(phone); // upright 400×600
    const edit = (e: PhotoEdit) => editPhoto(original, e);
    await expect(edit({ rotate: 0, crop: { x: 350, y: 0, width: 100, height: 100 } })).rejects.toEqual(
      refusedWith(MEDIA_MESSAGES.cropOutside),
    );
    // Inside before a quarter turn, outside after it: the crop is checked against the turned image.
    await expect(edit({ rotate: 90, crop: { x: 0, y: 0, width: 400, height: 600 } })).rejects.toEqual(
      refusedWith(MEDIA_MESSAGES.cropOutside),
    );
    await expect(edit({ rotate: 0, crop: { x: -1, y: 0, width: 100, height: 100 } })).rejects.toEqual(
      refusedWith(MEDIA_MESSAGES.cropOutside),
    );
    await expect(edit({ rotate: 0, crop: { x: 0, y: 0, width: 15, height: 100 } })).rejects.toEqual(
      refusedWith(MEDIA_MESSAGES.cropTooSmall),
    );
    await expect(edit({ rotate: 45 as PhotoEdit['rotate'] })).rejects.toEqual(refusedWith(MEDIA_MESSAGES.rotation));
  });
});
