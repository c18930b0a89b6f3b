/**
 * The backup file (issue 26): one gzip stream of lines and bytes, written and read in one pass each,
 * so neither side holds more than a batch of rows or a chunk of a file in memory.
 *
 *   H {"format":"mindested-backup","version":1,"createdAt":…,"schema":…}   the header
 *   T {"table":"users"}                                                    a table begins
 *   R {…}                                                                   one row, as row_to_json
 *   E {"rows":12}                                                           the table ends
 *   F {"key":"memorials/…","contentType":"image/webp","bytes":5120}         a file, then its bytes, then "\n"
 *   Z {"tables":31,"files":88,"mac":"…"}                                    the end
 *
 * `mac` is an HMAC-SHA256 of every byte before the Z line, keyed from TWO_FACTOR_KEY: a file that
 * was cut short has no Z line, one that was changed has another MAC. The same key is needed to
 * restore anyway, since the staff's two-factor secrets in the database are sealed with it.
 */
import { createHmac, type Hmac } from 'node:crypto';

export const BACKUP_FORMAT = 'mindested-backup';
export const BACKUP_VERSION = 1;

export interface BackupHeader {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  /** The newest migration the database had: a restore needs the same. */
  schema: string;
}

export type FrameKind = 'H' | 'T' | 'R' | 'E' | 'F' | 'Z';

/** The MAC's key: the installation's two-factor key, put to this one use. */
export function backupMac(twoFactorKey: Buffer): Hmac {
  const key = createHmac('sha256', twoFactorKey).update('mindested backup v1').digest();
  return createHmac('sha256', key);
}

/** Why a file cannot be restored, in the operator's words; nothing has been changed when it is thrown. */
export class BackupRefused extends Error {}

/** One line holds at most a row; a row is far below this, and garbage is not read into memory whole. */
const MAX_LINE_BYTES = 64 * 1024 * 1024;

/**
 * Reads a backup's lines and files from its (unzipped) bytes, feeding every byte it consumes to the
 * MAC until the Z line, whose own bytes are not part of what it signs.
 */
export class FrameReader {
  private buffered: Buffer = Buffer.alloc(0);
  private done = false;
  private readonly source: AsyncIterator<Buffer>;

  constructor(
    stream: AsyncIterable<Buffer>,
    private readonly mac: Hmac,
  ) {
    this.source = stream[Symbol.asyncIterator]();
  }

  private async fill(): Promise<boolean> {
    if (this.done) return false;
    const next = await this.source.next();
    if (next.done) {
      this.done = true;
      return false;
    }
    this.buffered = this.buffered.length === 0 ? next.value : Buffer.concat([this.buffered, next.value]);
    return true;
  }

  /** The next frame's kind and JSON, or null at the end of the bytes. */
  async frame(): Promise<{ kind: FrameKind; json: string } | null> {
    let newline = this.buffered.indexOf(10);
    while (newline === -1) {
      if (this.buffered.length > MAX_LINE_BYTES) throw new BackupRefused('Filen er ikke en sikkerhedskopi fra Mindested (en linje er alt for lang).');
      if (!(await this.fill())) {
        if (this.buffered.length === 0) return null;
        throw new BackupRefused('Filen slutter midt i en linje: den er ikke hel.');
      }
      newline = this.buffered.indexOf(10);
    }
    const line = this.buffered.subarray(0, newline + 1);
    this.buffered = this.buffered.subarray(newline + 1);
    const kind = String.fromCharCode(line[0]!) as FrameKind;
    if (!'HTREFZ'.includes(kind) || line[1] !== 32) throw new BackupRefused('Filen er ikke en sikkerhedskopi fra Mindested, eller den er ødelagt.');
    if (kind !== 'Z') this.mac.update(line);
    return { kind, json: line.subarray(2, newline).toString('utf8') };
  }

  /** A file's `bytes` bytes and the newline after them, as chunks. */
  async *bytes(count: number): AsyncGenerator<Buffer> {
    let left = count;
    while (left > 0) {
      if (this.buffered.length === 0 && !(await this.fill())) throw new BackupRefused('Filen slutter midt i en mediefil: den er ikke hel.');
      const chunk = this.buffered.subarray(0, Math.min(left, this.buffered.length));
      this.buffered = this.buffered.subarray(chunk.length);
      left -= chunk.length;
      this.mac.update(chunk);
      yield chunk;
    }
    while (this.buffered.length === 0) if (!(await this.fill())) throw new BackupRefused('Filen slutter midt i en mediefil: den er ikke hel.');
    if (this.buffered[0] !== 10) throw new BackupRefused('En mediefil i sikkerhedskopien har ikke den længde, den siger: filen er ødelagt.');
    this.mac.update(this.buffered.subarray(0, 1));
    this.buffered = this.buffered.subarray(1);
  }
}

/** Parses a frame's JSON, refusing what is not JSON as a damaged file. */
export function parseFrame<T>(json: string): T {
  try {
    return JSON.parse(json) as T;
  } catch {
    throw new BackupRefused('Filen er ødelagt: en linje er ikke gyldig JSON.');
  }
}
