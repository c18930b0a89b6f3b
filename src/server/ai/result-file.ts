/**
 * A provider's file, checked by its content before anything keeps it (decision 0033): a greeting
 * must be a video container music-metadata can read with a picture track; a song must pass the
 * music's own check (music/audio.ts). A file that is not what it claims is the provider's failure,
 * tried again within bounds, never stored.
 */
import { randomUUID } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseBuffer } from 'music-metadata';
import type { AiWorkKind } from '../../shared/ai';
import { inspectUpload } from '../media/inspect';
import { readSong } from '../music/audio';
import { ProviderError } from './provider-types';

/** A few seconds of video, a few minutes of sound: far below these. */
export const RESULT_MAX_BYTES: Record<'greeting' | 'song', number> = { greeting: 100 * 1024 * 1024, song: 50 * 1024 * 1024 };

export interface CheckedResult {
  mime: string;
  extension: string;
  seconds: number | null;
}

const NOT_MEDIA = { greeting: 'Filen fra udbyderen er ikke en video, vi kan bruge.', song: 'Filen fra udbyderen er ikke lyd, vi kan bruge.' };

export async function checkResult(kind: Exclude<AiWorkKind, 'lyrics'>, bytes: Buffer): Promise<CheckedResult> {
  const wanted = kind === 'greeting' ? 'video' : 'audio';
  let detected;
  try {
    detected = inspectUpload(bytes.subarray(0, 64), { filename: '', contentType: '' }, { accept: [wanted] });
  } catch {
    throw new ProviderError(NOT_MEDIA[kind], false);
  }
  return kind === 'greeting' ? checkVideo(bytes, detected.mime, detected.extension) : checkSong(bytes, detected);
}

/**
 * A WebM written as it was recorded (a browser's MediaRecorder, a streaming encoder) leaves its
 * sizes "unknown", which music-metadata 11 cannot read. Its head still names the codec of its
 * video track in the Tracks element: that, after the EBML header and the webm DocType, is the check.
 */
function streamedWebmVideo(bytes: Buffer, mime: string): boolean {
  if (mime !== 'video/webm') return false;
  const head = bytes.subarray(0, 8192).toString('latin1');
  return head.includes('webm') && /V_(?:VP8|VP9|AV1)/.test(head) && bytes.length > 1024;
}

async function checkVideo(bytes: Buffer, mime: string, extension: string): Promise<CheckedResult> {
  if (streamedWebmVideo(bytes, mime)) {
    const parsed = await parseBuffer(bytes, { mimeType: mime, size: bytes.length }, { duration: true, skipCovers: true }).catch(() => null);
    const seconds = parsed?.format.duration;
    return { mime, extension, seconds: seconds !== undefined && Number.isFinite(seconds) && seconds > 0 ? seconds : null };
  }
  try {
    const { format } = await parseBuffer(bytes, { mimeType: mime, size: bytes.length }, { duration: true, skipCovers: true });
    if (!format.hasVideo) throw new Error('no video track');
    // A browser's MediaRecorder (and some encoders) write no duration; the player finds it.
    const seconds = format.duration !== undefined && Number.isFinite(format.duration) && format.duration > 0 ? format.duration : null;
    return { mime, extension, seconds };
  } catch {
    throw new ProviderError(NOT_MEDIA.greeting, false);
  }
}

async function checkSong(bytes: Buffer, detected: ReturnType<typeof inspectUpload>): Promise<CheckedResult> {
  const file = path.join(tmpdir(), `mindested-ai-${randomUUID()}.${detected.extension}`);
  try {
    await writeFile(file, bytes);
    const song = await readSong(file, detected);
    return { mime: detected.mime, extension: detected.extension, seconds: song.durationSeconds };
  } catch {
    throw new ProviderError(NOT_MEDIA.song, false);
  } finally {
    await rm(file, { force: true });
  }
}
