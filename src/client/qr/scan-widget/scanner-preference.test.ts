import { describe, expect, it } from 'vitest';
import { readScannerPreference, SCANNER_PREFERENCE_KEY, writeScannerPreference } from './scanner-preference';

function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
}

const refusing = {
  getItem: () => {
    throw new Error('SecurityError');
  },
  setItem: () => {
    throw new Error('QuotaExceededError');
  },
};

describe('the scanner preference (SPEC.md §3)', () => {
  it('is stored under its key as { hasPermission, lastUsedCameraId } and read back', () => {
    const storage = memoryStorage();
    writeScannerPreference({ hasPermission: true, lastUsedCameraId: 'bagkamera-1' }, storage);
    expect(JSON.parse(storage.items.get(SCANNER_PREFERENCE_KEY)!)).toEqual({ hasPermission: true, lastUsedCameraId: 'bagkamera-1' });
    expect(readScannerPreference(storage)).toEqual({ hasPermission: true, lastUsedCameraId: 'bagkamera-1' });
  });

  it('defaults to no permission and no camera when nothing, or nothing readable, is stored', () => {
    const none = { hasPermission: false, lastUsedCameraId: null };
    expect(readScannerPreference(memoryStorage())).toEqual(none);
    for (const stored of ['ikke json', 'null', '42', '"tekst"']) {
      expect(readScannerPreference(memoryStorage({ [SCANNER_PREFERENCE_KEY]: stored })), stored).toEqual(none);
    }
    expect(readScannerPreference(memoryStorage({ [SCANNER_PREFERENCE_KEY]: '{"hasPermission":"ja","lastUsedCameraId":7}' }))).toEqual(none);
    expect(readScannerPreference(memoryStorage({ [SCANNER_PREFERENCE_KEY]: '{"hasPermission":true,"lastUsedCameraId":""}' }))).toEqual({ hasPermission: true, lastUsedCameraId: null });
  });

  it('gives the default and throws nothing when storage is refused', () => {
    expect(readScannerPreference(refusing)).toEqual({ hasPermission: false, lastUsedCameraId: null });
    expect(() => writeScannerPreference({ hasPermission: true, lastUsedCameraId: null }, refusing)).not.toThrow();
  });
});
