/**
 * Sealing the staff's TOTP secrets at rest (AES-256-GCM): a copy of the database alone cannot mint
 * codes. What is sealed is bound to what it belongs to (`context`, e.g. the account's id) as
 * GCM's associated data, so a sealed secret copied onto another account's row does not open.
 *
 * Format: `v1.` + base64url(iv 12 bytes | tag 16 bytes | ciphertext). The version lets a later key
 * or cipher sit beside this one while old rows are re-sealed.
 */
import { createCipheriv, createDecipheriv } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';

const VERSION = 'v1.';
const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_BYTES = 32;

export interface SecretBox {
  seal(plain: Uint8Array, context: string): string;
  /** The plain bytes, or null when the text was not sealed by this key for this context (or was altered). */
  open(sealed: string, context: string): Buffer | null;
}

export function createSecretBox(key: () => Buffer, randomBytes: (size: number) => Uint8Array): SecretBox {
  return {
    seal(plain, context) {
      const iv = Buffer.from(randomBytes(IV_BYTES));
      const cipher = createCipheriv('aes-256-gcm', key(), iv);
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const ciphertext = Buffer.concat([cipher.update(plain), cipher.final()]);
      return VERSION + Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64url');
    },
    open(sealed, context) {
      if (!sealed.startsWith(VERSION)) return null;
      const bytes = Buffer.from(sealed.slice(VERSION.length), 'base64url');
      if (bytes.length < IV_BYTES + TAG_BYTES) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key(), bytes.subarray(0, IV_BYTES));
        decipher.setAAD(Buffer.from(context, 'utf8'));
        decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
        return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
      } catch {
        // GCM's tag did not match: another key, another context, or altered bytes.
        return null;
      }
    },
  };
}

/**
 * The key: TWO_FACTOR_KEY, or, where it is unset (development and tests only: production refuses to
 * start without it, config.ts), a key of this installation's own in DATA_DIR/two-factor.key, made on
 * first use and readable by the server's user alone (0600). Losing that file means every staff
 * member sets up two-factor again; in production the key comes from the environment, never a file.
 * Read once and kept.
 */
export function twoFactorKey(config: Pick<Config, 'TWO_FACTOR_KEY' | 'DATA_DIR'>, randomBytes: (size: number) => Uint8Array): () => Buffer {
  let key: Buffer | undefined = config.TWO_FACTOR_KEY;
  return () => (key ??= keyFile(path.join(config.DATA_DIR, 'two-factor.key'), randomBytes));
}

function keyFile(file: string, randomBytes: (size: number) => Uint8Array): Buffer {
  try {
    return parseKey(readFileSync(file, 'utf8'), file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(path.dirname(file), { recursive: true });
  try {
    // 'wx': two processes starting at once cannot both write a key; the second reads the first's.
    writeFileSync(file, `${Buffer.from(randomBytes(KEY_BYTES)).toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
    chmodSync(file, 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return parseKey(readFileSync(file, 'utf8'), file);
}

function parseKey(text: string, file: string): Buffer {
  const key = Buffer.from(text.trim(), 'hex');
  if (key.length !== KEY_BYTES) throw new Error(`${file} must hold ${KEY_BYTES} bytes as hex`);
  return key;
}
