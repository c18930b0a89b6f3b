/**
 * What an upload may be, and the Danish sentences that say so when it is not. The numbers and
 * the words sit together so a changed limit cannot leave a stale sentence behind.
 */

export type UploadKind = 'photo' | 'video' | 'audio';

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
  // A memorial's music (music/): stored as it came, never transcoded. 100 MB holds half an hour of
  // WAV at CD quality (≈10 MB a minute) and hours of MP3; the length is read from the content.
  audio: { maxBytes: 100 * MB, maxSeconds: 30 * 60 },
  // Smaller crops are too small to show and are almost always a slip of the finger.
  minCropSize: 16,
} as const;

const formatNumber = (n: number) => n.toLocaleString('da-DK');

/** "2 timer", "31 minutter", "1 time og 5 minutter", as a sentence says a length. */
export function spokenDuration(seconds: number): string {
  // Up, so a song a little over the limit never reads as exactly the limit.
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 1) return `${Math.round(seconds)} sekunder`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const h = hours === 1 ? '1 time' : `${hours} timer`;
  const m = rest === 1 ? '1 minut' : `${rest} minutter`;
  if (hours === 0) return m;
  return rest === 0 ? h : `${h} og ${m}`;
}
const megabytes = (bytes: number) => formatNumber(Math.round(bytes / MB));

export const MEDIA_MESSAGES = {
  unsupported:
    'Filen er ikke et billede eller en video, vi kan bruge. Brug JPEG, PNG, WebP, AVIF, GIF, MP4, MOV eller WebM.',
  declaredPhotoIsVideo: 'Filen ligner et billede, men indeholder en video. Tjek at du har valgt den rigtige fil.',
  declaredVideoIsPhoto: 'Filen ligner en video, men indeholder et billede. Tjek at du har valgt den rigtige fil.',
  onlyPhoto: 'Her kan du kun bruge et billede: JPEG, PNG, WebP, AVIF eller GIF.',
  onlyVideo: 'Her kan du kun bruge en video: MP4, MOV eller WebM.',
  onlyAudio: 'Filen er ikke en lydfil, vi kan bruge. Brug MP3, M4A (AAC), OGG, FLAC eller WAV.',
  audioIsVideo: 'Filen er en video. Her kan du kun bruge lyd: MP3, M4A (AAC), OGG, FLAC eller WAV.',
  tooLarge: (kind: UploadKind) =>
    kind === 'photo'
      ? `Billedet fylder for meget. Det må højst fylde ${megabytes(MEDIA_LIMITS.photo.maxBytes)} MB.`
      : kind === 'video'
        ? `Videoen fylder for meget. Den må højst fylde ${megabytes(MEDIA_LIMITS.video.maxBytes)} MB.`
        : `Lydfilen fylder for meget. Den må højst fylde ${megabytes(MEDIA_LIMITS.audio.maxBytes)} MB.`,
  audioTooLong: (seconds: number) =>
    `Sangen varer ${spokenDuration(seconds)}. Den må højst vare ${spokenDuration(MEDIA_LIMITS.audio.maxSeconds)}. Vælg en kortere sang, eller klip den til.`,
  audioUnreadable: 'Lydfilen kunne ikke læses. Filen er måske beskadiget. Prøv at gemme den igen og uploade den på ny.',
  audioIncomplete: 'Lydfilen er ikke hel: den siger selv, at den er længere, end den er. Gem den igen og uploade den på ny.',
  audioNotOnlySound: 'Lydfilen indeholder andet end lyd: der ligger andre data i den efter lyden. Gem sangen igen fra dit musikprogram, og upload den på ny.',
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
