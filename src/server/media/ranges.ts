/**
 * A stored file sent whole or in part, as HTTP ranges ask: a video's seek and a song's, and a
 * download picked up where it broke off (a memorial's archive, archive/memorial-routes.ts).
 */
import type { FastifyReply } from 'fastify';
import type { Deps } from '../deps';
import { type ByteRange, RangeNotSatisfiableError } from '../lib/storage';
import type { StoredObject } from '../lib/storage-types';

type Range = ByteRange | { suffix: number };

export const BAD_RANGE = 'Ugyldigt udsnit af filen.';

/**
 * `bytes=a-b`, `bytes=a-` and `bytes=-n` (the last n bytes). A number past what a double holds
 * exactly is surely past the end of any file: it becomes the largest safe one, which the storage
 * answers as past the end (416), instead of a number the storage refuses outright.
 */
function parseRange(header: string | undefined): Range | undefined | 'invalid' {
  if (!header) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (!match[1] && !match[2])) return 'invalid';
  const number = (digits: string) => Math.min(Number(digits), Number.MAX_SAFE_INTEGER);
  if (!match[1]) return { suffix: number(match[2]!) };
  const start = number(match[1]);
  const end = match[2] ? number(match[2]) : undefined;
  return end !== undefined && end < start ? 'invalid' : { start, end };
}

/** The last `suffix` bytes as a plain range, from the file's size; null when there is no such file. */
async function fromSuffix(deps: Pick<Deps, 'storage'>, key: string, suffix: number): Promise<ByteRange | null> {
  const info = await deps.storage.head(key);
  if (!info) return null;
  if (suffix === 0 || info.bytes === 0) throw new RangeNotSatisfiableError(info.bytes);
  return { start: Math.max(0, info.bytes - suffix) };
}

export type RangedRead = { object: StoredObject; range: ByteRange | undefined } | { unsatisfiable: true; totalBytes: number | null } | null;

/** The file, or the part of it `rangeHeader` asks for; null when there is no such file. */
export async function readRanged(deps: Pick<Deps, 'storage'>, key: string, rangeHeader: string | undefined): Promise<RangedRead> {
  const parsed = parseRange(rangeHeader);
  if (parsed === 'invalid') return { unsatisfiable: true, totalBytes: null };
  try {
    let range: ByteRange | undefined;
    if (parsed && 'suffix' in parsed) {
      const fromEnd = await fromSuffix(deps, key, parsed.suffix);
      if (!fromEnd) return null;
      range = fromEnd;
    } else {
      range = parsed;
    }
    const object = await deps.storage.get(key, range);
    return object ? { object, range } : null;
  } catch (error) {
    if (error instanceof RangeNotSatisfiableError) return { unsatisfiable: true, totalBytes: error.totalBytes };
    throw error;
  }
}

/** 416, with the file's size when it is known. */
export function sendUnsatisfiable(reply: FastifyReply, totalBytes: number | null) {
  if (totalBytes !== null) reply.header('content-range', `bytes */${totalBytes}`);
  return reply.code(416).send({ message: BAD_RANGE });
}

/** The file's bytes with the headers of a whole (200) or partial (206) answer. */
export function sendRanged(reply: FastifyReply, { object, range }: { object: StoredObject; range: ByteRange | undefined }) {
  reply.header('accept-ranges', 'bytes');
  if (object.etag) reply.header('etag', object.etag);
  reply.header('content-length', object.bytes);
  if (range) reply.code(206).header('content-range', `bytes ${range.start}-${range.start + object.bytes - 1}/${object.totalBytes}`);
  return reply.send(object.body);
}
