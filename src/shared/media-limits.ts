/**
 * What an upload may be, and the Danish sentences that say so when it is not. The numbers and
 * the words sit together so a changed limit cannot leave a stale sentence behind.
 */

export type UploadKind = 'photo' | 'video';

const MB = 1024 * 1024;

export const MEDIA_LIMITS = {
  photo: {
    maxBytes: 25 * MB,
    // A photo is decoded whole into memory (≈4 bytes a pixel): 50 megapixels is ≈200 MB, already
    // more than any phone takes. Far above that is a decompression bomb, not a photo.
    maxInputPixels: 50_000_000,
    // WebP cannot encode a side longer than 16383 pixels, and an edited original may be WebP.
    maxDimension: 16_000,
  },
  // Videos are stored as they are, never decoded here: only their size is limited.
  video: { maxBytes: 500 * MB },
  // Smaller crops are too small to show and are almost always a slip of the finger.
  minCropSize: 16,
} as const;

const formatNumber = (n: number) => n.toLocaleString('da-DK');
const megabytes = (bytes: number) => formatNumber(Math.round(bytes / MB));

export const MEDIA_MESSAGES = {
  unsupported:
    'Filen er ikke et billede eller en video, vi kan bruge. Brug JPEG, PNG, WebP, AVIF, GIF, MP4, MOV eller WebM.',
  declaredPhotoIsVideo: 'Filen ligner et billede, men indeholder en video. Tjek at du har valgt den rigtige fil.',
  declaredVideoIsPhoto: 'Filen ligner en video, men indeholder et billede. Tjek at du har valgt den rigtige fil.',
  onlyPhoto: 'Her kan du kun bruge et billede: JPEG, PNG, WebP, AVIF eller GIF.',
  onlyVideo: 'Her kan du kun bruge en video: MP4, MOV eller WebM.',
  tooLarge: (kind: UploadKind) =>
    kind === 'photo'
      ? `Billedet fylder for meget. Det må højst fylde ${megabytes(MEDIA_LIMITS.photo.maxBytes)} MB.`
      : `Videoen fylder for meget. Den må højst fylde ${megabytes(MEDIA_LIMITS.video.maxBytes)} MB.`,
  tooManyPixels: (width: number, height: number) =>
    `Billedet er for stort i opløsning (${formatNumber(width)} × ${formatNumber(height)} pixels). ` +
    `Det må højst have ${formatNumber(MEDIA_LIMITS.photo.maxInputPixels / 1_000_000)} megapixels. Gem en mindre udgave og prøv igen.`,
  tooLong: (width: number, height: number) =>
    `Billedet er for langt eller for bredt (${formatNumber(width)} × ${formatNumber(height)} pixels). ` +
    `Den længste side må højst være ${formatNumber(MEDIA_LIMITS.photo.maxDimension)} pixels.`,
  unreadable: 'Billedet kunne ikke læses. Filen er måske beskadiget. Prøv at gemme den igen og uploade den på ny.',
  heicUnreadable:
    'Billeder i HEIC-format kan vi desværre ikke læse. Gem billedet som JPEG og prøv igen ' +
    '(på iPhone: Indstillinger → Kamera → Formater → Mest kompatibel).',
  rotation: 'Billedet kan kun drejes 0, 90, 180 eller 270 grader.',
  cropOutside: 'Udsnittet skal ligge helt inden for billedet.',
  cropTooSmall: `Udsnittet skal være mindst ${MEDIA_LIMITS.minCropSize} × ${MEDIA_LIMITS.minCropSize} pixels.`,
} as const;
