/** Sealing TOTP secrets: what is sealed opens with its key and context only, and altered bytes never open. */
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSecretBox, twoFactorKey } from './secret-box';

const boxWith = (key: Buffer) => createSecretBox(() => key, randomBytes);
const secret = Buffer.from('12345678901234567890');

describe('secret box', () => {
  it('opens what it sealed, and seals the same secret differently each time', () => {
    const box = boxWith(randomBytes(32));
    const first = box.seal(secret, 'staff_two_factor:a');
    expect(first).toMatch(/^v1\.[\w-]+$/);
    expect(box.seal(secret, 'staff_two_factor:a')).not.toBe(first);
    expect(box.open(first, 'staff_two_factor:a')).toEqual(secret);
  });

  it('refuses another key, another context, altered bytes and another version', () => {
    const key = randomBytes(32);
    const sealed = boxWith(key).seal(secret, 'staff_two_factor:a');
    expect(boxWith(randomBytes(32)).open(sealed, 'staff_two_factor:a')).toBeNull();
    expect(boxWith(key).open(sealed, 'staff_two_factor:b')).toBeNull();
    const bytes = Buffer.from(sealed.slice(3), 'base64url');
    for (const index of [0, 12, 28, bytes.length - 1]) {
      const tampered = Buffer.from(bytes);
      tampered[index] = tampered[index]! ^ 1;
      expect(boxWith(key).open(`v1.${tampered.toString('base64url')}`, 'staff_two_factor:a')).toBeNull();
    }
    expect(boxWith(key).open(`v2.${sealed.slice(3)}`, 'staff_two_factor:a')).toBeNull();
    expect(boxWith(key).open('v1.AAAA', 'staff_two_factor:a')).toBeNull();
  });

  it('without TWO_FACTOR_KEY keeps a key of its own in DATA_DIR, readable by its owner only, and reuses it', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'mindested-key-'));
    try {
      const dataDir = path.join(dir, 'data');
      const sealed = createSecretBox(twoFactorKey({ DATA_DIR: dataDir, TWO_FACTOR_KEY: undefined }, randomBytes), randomBytes).seal(secret, 'x');
      const file = path.join(dataDir, 'two-factor.key');
      expect((await stat(file)).mode & 0o777).toBe(0o600);
      expect((await readFile(file, 'utf8')).trim()).toMatch(/^[0-9a-f]{64}$/);
      const again = createSecretBox(twoFactorKey({ DATA_DIR: dataDir, TWO_FACTOR_KEY: undefined }, randomBytes), randomBytes);
      expect(again.open(sealed, 'x')).toEqual(secret);
      // The environment's key wins over the file.
      const configured = createSecretBox(twoFactorKey({ DATA_DIR: dataDir, TWO_FACTOR_KEY: randomBytes(32) }, randomBytes), randomBytes);
      expect(configured.open(sealed, 'x')).toBeNull();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
