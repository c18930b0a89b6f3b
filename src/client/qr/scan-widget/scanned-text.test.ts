import { describe, expect, it } from 'vitest';
import { checkCharacter, formatCode } from '@/shared/qr-code';
import { scanTarget } from './scanned-text';

const CODE = `7K3QMXR8D${checkCharacter('7K3QMXR8D')}`;

describe('scanTarget: where a decoded text leads (docs/decisions/0016)', () => {
  it('sends a bare code, in any case and with the hyphen, to /qr-scan/{code}', () => {
    for (const text of [CODE, CODE.toLowerCase(), formatCode(CODE), ` ${formatCode(CODE)}\n`]) {
      expect(scanTarget(text)).toEqual({ kind: 'code', code: CODE, path: `/qr-scan/${CODE}` });
    }
  });

  it('reads the code out of our printed link on any host, and out of our other code links', () => {
    for (const text of [
      `https://mindested.dk/qr/${CODE}`,
      `http://localhost:5000/qr/${CODE.toLowerCase()}?utm=stone`,
      `https://mindested.dk/qr-scan/${CODE}`,
      `https://mindested.dk/memorial/qr/${CODE}`,
      `https://mindested.dk/memorial/qr/${CODE}/dual`,
    ]) {
      expect(scanTarget(text), text).toEqual({ kind: 'code', code: CODE, path: `/qr-scan/${CODE}` });
    }
  });

  it('reduces a link with /memorial/ to the id after it', () => {
    expect(scanTarget('https://mindested.dk/memorial/karen-jensen-1941-2023')).toEqual({
      kind: 'memorial',
      id: 'karen-jensen-1941-2023',
      path: '/memorial/karen-jensen-1941-2023',
    });
    expect(scanTarget('https://mindested.dk/memorial/3f2b1c9e-0a4d-4e8b-9c1f-2d7a6b5e4c3a?tab=galleri#lys')?.path).toBe('/memorial/3f2b1c9e-0a4d-4e8b-9c1f-2d7a6b5e4c3a');
    expect(scanTarget('/memorial/s%C3%B8ren-%C3%A6bel')).toMatchObject({ id: 'søren-æbel', path: '/memorial/s%C3%B8ren-%C3%A6bel' });
  });

  it('leads nowhere for foreign text, a damaged code or a memorial link that cannot be an id', () => {
    for (const text of [
      'https://example.com/not-ours',
      'Hej fra kirkegården',
      '',
      CODE.slice(0, 9) + (CODE[9] === '0' ? '1' : '0'), // wrong check character
      `https://mindested.dk/qr/${CODE.slice(0, 8)}`,
      'https://mindested.dk/memorial/qr/NOT-A-CODE',
      'https://mindested.dk/memorial/',
      'https://mindested.dk/memorial/%E0%A4%A',
      `https://mindested.dk/memorial/${'a'.repeat(121)}`,
    ]) {
      expect(scanTarget(text), text).toBeNull();
    }
  });
});
