/**
 * What an uploaded song really is, read from its content with music-metadata: the first bytes
 * chose the family (media/inspect.ts), and here the whole file must parse as that family, hold
 * sound and no picture, and say how long it plays. The length is what the file holds: a WAV whose
 * header claims more than arrived is a file cut short, and is refused as one; and the file must be
 * sound to its last byte (whole-file.ts).
 */
import { type IAudioMetadata, parseFile } from 'music-metadata';
import { MEDIA_LIMITS, MEDIA_MESSAGES } from '../../shared/media-limits';
import { SONG_TITLE_MAX } from '../../shared/music';
import { badRequest } from '../lib/errors';
import type { DetectedMedia } from '../media/inspect';
import { wholeness } from './whole-file';

export interface ReadSong {
  /** Whole seconds, rounded; what the player shows before it has loaded anything. */
  durationSeconds: number;
  /** The title in the file's own tags (ID3, Vorbis comments, iTunes), when it has one. */
  tagTitle: string | null;
}

/** The container music-metadata must find for each type the first bytes suggested. */
const CONTAINERS: Record<string, (container: string) => boolean> = {
  'audio/mpeg': (container) => container === 'MPEG',
  'audio/flac': (container) => container === 'FLAC',
  'audio/ogg': (container) => container === 'Ogg',
  'audio/wav': (container) => container === 'WAVE',
  // The ftyp brands, joined ("M4A/mp42/isom"): any MP4 family, its tracks decide below.
  'audio/mp4': (container) => /^(?:M4A|M4B|mp4|iso|avc|dash|3gp|qt)/i.test(container),
};

/** music-metadata's word for a RIFF data chunk longer than the file (wav/WaveParser.js). */
const CUT_SHORT = /data chunk length exceeding file length/i;

export async function readSong(file: string, detected: DetectedMedia, maxSeconds: number = MEDIA_LIMITS.audio.maxSeconds): Promise<ReadSong> {
  let metadata: IAudioMetadata;
  try {
    // `duration`: an MP3 without a Xing header is counted frame by frame, not guessed from its size.
    metadata = await parseFile(file, { duration: true, skipCovers: true });
  } catch {
    throw badRequest(MEDIA_MESSAGES.audioUnreadable);
  }
  const { format } = metadata;
  const family = CONTAINERS[detected.mime];
  if (!family || !format.container || !family(format.container)) throw badRequest(MEDIA_MESSAGES.audioUnreadable);
  if (format.hasVideo) throw badRequest(MEDIA_MESSAGES.audioIsVideo);
  if (format.hasAudio === false) throw badRequest(MEDIA_MESSAGES.audioUnreadable);
  if (metadata.quality.warnings.some((warning) => CUT_SHORT.test(warning.message))) throw badRequest(MEDIA_MESSAGES.audioIncomplete);
  // Kept as it came, so it must be sound to its last byte: not cut mid-frame, and nothing after.
  const whole = await wholeness(file, detected.mime);
  if (whole === 'cut') throw badRequest(MEDIA_MESSAGES.audioIncomplete);
  if (whole === 'more') throw badRequest(MEDIA_MESSAGES.audioNotOnlySound);
  const seconds = format.duration;
  if (seconds === undefined || !Number.isFinite(seconds) || seconds <= 0) throw badRequest(MEDIA_MESSAGES.audioUnreadable);
  if (seconds > maxSeconds) throw badRequest(MEDIA_MESSAGES.audioTooLong(seconds));
  const tagTitle = metadata.common.title?.replace(/\s+/g, ' ').trim().slice(0, SONG_TITLE_MAX) || null;
  return { durationSeconds: Math.max(1, Math.round(seconds)), tagTitle };
}
