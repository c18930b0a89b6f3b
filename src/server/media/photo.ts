import sharp, { type Sharp, type SharpOptions } from 'sharp';
import { HttpError, badRequest } from '../lib/errors';
import { MEDIA_LIMITS, MEDIA_MESSAGES } from '../../shared/media-limits';

/**
 * Turns an uploaded photo into what we serve: upright, without metadata (EXIF carries GPS, the
 * camera and the time, none of which a memorial should leak), in responsive variants.
 */

export type PhotoInput = Buffer | string;
export type VariantFormat = 'avif' | 'webp' | 'jpeg';

export const PHOTO_WIDTHS: readonly number[] = [320, 640, 960, 1440, 2048];

export interface PhotoVariant {
  width: number;
  height: number;
  format: VariantFormat;
  buffer: Buffer;
  bytes: number;
}

export interface ProcessedPhoto {
  /** The upright original's size, before any variant was made. */
  width: number;
  height: number;
  variants: PhotoVariant[];
  /** A tiny blurred WebP as a data URL, shown while the real image loads. */
  placeholder: string;
}

export interface PhotoSize {
  /** Upright, i.e. after the EXIF orientation is applied. */
  width: number;
  height: number;
  format: 'jpeg' | 'png' | 'webp' | 'gif' | 'heif';
}

export interface PhotoEdit {
  rotate: 0 | 90 | 180 | 270;
  /** In pixels of the original after the rotation above. */
  crop?: { x: number; y: number; width: number; height: number };
}

// 'error' rather than sharp's default 'warning': phone JPEGs often carry harmless warnings
// ("extraneous bytes"), and refusing those would refuse ordinary photos. Truncated or broken
// pixel data still fails.
const DECODE: SharpOptions = { failOn: 'error', limitInputPixels: MEDIA_LIMITS.photo.maxInputPixels };

// AVIF effort 3 rather than 4: nearly the same size at a fraction of the time on our two cores.
const ENCODE = {
  avif: (image: Sharp) => image.avif({ quality: 50, effort: 3 }),
  webp: (image: Sharp) => image.webp({ quality: 75 }),
  // JPEG has no transparency: a transparent PNG gets a white background, not a black one.
  jpeg: (image: Sharp) => image.flatten({ background: '#ffffff' }).jpeg({ quality: 78, mozjpeg: true }),
} satisfies Record<VariantFormat, (image: Sharp) => Sharp>;

const PLACEHOLDER_SIZE = 16;
const SUPPORTED_FORMATS = new Set<string>(['jpeg', 'png', 'webp', 'gif', 'heif']);

interface CheckedPhoto extends PhotoSize {
  hasAlpha: boolean;
  hevc: boolean;
}

/**
 * Reads only the header, so a decompression bomb (a few KB on disk, gigabytes decoded) is refused
 * before a single pixel is decoded.
 */
export async function readPhotoSize(input: PhotoInput): Promise<PhotoSize> {
  const { width, height, format } = await checkPhoto(input);
  return { width, height, format };
}

async function checkPhoto(input: PhotoInput): Promise<CheckedPhoto> {
  // limitInputPixels off here: sharp would refuse with its own English error, and we want to
  // say how large the image is. The limit is applied below and again when decoding.
  const metadata = await sharp(input, { ...DECODE, limitInputPixels: false })
    .metadata()
    .catch((error: unknown) => refuseUnreadable(error, false));
  if (!SUPPORTED_FORMATS.has(metadata.format)) throw badRequest(MEDIA_MESSAGES.unsupported);
  const { width, height } = metadata.autoOrient;
  if (!width || !height) throw badRequest(MEDIA_MESSAGES.unreadable);
  if (width * height > MEDIA_LIMITS.photo.maxInputPixels) throw badRequest(MEDIA_MESSAGES.tooManyPixels(width, height));
  if (Math.max(width, height) > MEDIA_LIMITS.photo.maxDimension) throw badRequest(MEDIA_MESSAGES.tooLong(width, height));
  return {
    width,
    height,
    format: metadata.format as PhotoSize['format'],
    hasAlpha: metadata.hasAlpha,
    hevc: metadata.compression === 'hevc',
  };
}

export async function processPhoto(input: PhotoInput, options: { widths?: readonly number[] } = {}): Promise<ProcessedPhoto> {
  const photo = await checkPhoto(input);
  const widths = variantWidths(photo.width, options.widths ?? PHOTO_WIDTHS);
  // Decode once, upright and in sRGB, at the largest width we serve; every variant is cut from
  // these raw pixels instead of decoding the (possibly 50-megapixel) original fifteen times.
  const master = await sharp(input, DECODE)
    .rotate()
    .resize({ width: widths.at(-1), withoutEnlargement: true })
    .toColourspace('srgb')
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true })
    .catch((error: unknown) => refuseUnreadable(error, photo.hevc));
  // Raw pixels carry no metadata at all, so nothing from the original can reach a variant.
  const fromMaster = () => sharp(master.data, { raw: master.info });

  const variants = await Promise.all(
    widths.flatMap((width) =>
      (Object.keys(ENCODE) as VariantFormat[]).map(async (format): Promise<PhotoVariant> => {
        const { data, info } = await ENCODE[format](fromMaster().resize({ width })).toBuffer({ resolveWithObject: true });
        return { width: info.width, height: info.height, format, buffer: data, bytes: data.length };
      }),
    ),
  );
  const tiny = await fromMaster()
    .resize(PLACEHOLDER_SIZE, PLACEHOLDER_SIZE, { fit: 'inside' })
    .webp({ quality: 40 })
    .toBuffer();
  return { width: photo.width, height: photo.height, variants, placeholder: `data:image/webp;base64,${tiny.toString('base64')}` };
}

/**
 * The configured widths below the original, then the original's own width (capped at the
 * largest): never upscaled, and a 1400-pixel photo keeps its 1400 pixels rather than 960.
 */
export function variantWidths(originalWidth: number, widths: readonly number[] = PHOTO_WIDTHS): number[] {
  const top = widths.length > 0 ? Math.min(originalWidth, Math.max(...widths)) : originalWidth;
  const below = [...new Set(widths)].filter((width) => width < top).sort((a, b) => a - b);
  return [...below, top];
}

/**
 * Rotates and crops the original into a new one (the stored original is never touched); the
 * result goes through processPhoto like any upload. High quality, as it will be encoded again.
 */
export async function editPhoto(original: PhotoInput, edit: PhotoEdit): Promise<Buffer> {
  if (![0, 90, 180, 270].includes(edit.rotate)) throw badRequest(MEDIA_MESSAGES.rotation);
  const photo = await checkPhoto(original);
  const turned = edit.rotate % 180 === 0 ? photo : { width: photo.height, height: photo.width };
  // autoOrient first, then the person's rotation: sharp applies rotate before a later extract,
  // so the crop is in the coordinates the person saw.
  let image = sharp(original, { ...DECODE, autoOrient: true }).rotate(edit.rotate);
  if (edit.crop) {
    const crop = checkCrop(edit.crop, turned);
    image = image.extract({ left: crop.x, top: crop.y, width: crop.width, height: crop.height });
  }
  // WebP when there is transparency to keep, JPEG otherwise. Metadata is stripped by default.
  image = photo.hasAlpha
    ? image.webp({ quality: 92, smartSubsample: true })
    : image.jpeg({ quality: 92, chromaSubsampling: '4:4:4' });
  return image.toBuffer().catch((error: unknown) => refuseUnreadable(error, photo.hevc));
}

function checkCrop(crop: NonNullable<PhotoEdit['crop']>, image: { width: number; height: number }) {
  // A cropper in the browser hands over fractions of pixels; the nearest pixel is what was meant.
  const [x, y, width, height] = [crop.x, crop.y, crop.width, crop.height].map(Math.round) as [number, number, number, number];
  if (![x, y, width, height].every(Number.isFinite)) throw badRequest(MEDIA_MESSAGES.cropOutside);
  if (width < MEDIA_LIMITS.minCropSize || height < MEDIA_LIMITS.minCropSize) throw badRequest(MEDIA_MESSAGES.cropTooSmall);
  if (x < 0 || y < 0 || x + width > image.width || y + height > image.height) throw badRequest(MEDIA_MESSAGES.cropOutside);
  return { x, y, width, height };
}

/**
 * A file sharp cannot read is the person's problem, told in Danish; a missing file is ours and
 * stays a 500. The prebuilt sharp has no HEVC decoder, so HEIC photos get their own advice.
 */
function refuseUnreadable(error: unknown, hevc: boolean): never {
  if (error instanceof HttpError) throw error;
  if (error instanceof Error && error.message.startsWith('Input file is missing')) throw error;
  throw Object.assign(badRequest(hevc ? MEDIA_MESSAGES.heicUnreadable : MEDIA_MESSAGES.unreadable), { cause: error });
}
