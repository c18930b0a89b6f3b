/**
 * The scanner preference in local storage (SPEC.md §3): whether the camera was allowed last time,
 * and which camera was used, so the next scan opens the same one without a choice. Storage that
 * is refused (private browsing) or holds something unreadable gives the default.
 */
export const SCANNER_PREFERENCE_KEY = 'mindested-scanner';

export interface ScannerPreference {
  hasPermission: boolean;
  lastUsedCameraId: string | null;
}

const NONE: ScannerPreference = { hasPermission: false, lastUsedCameraId: null };

type Store = Pick<Storage, 'getItem' | 'setItem'>;

const browserStorage = (): Store | null => (typeof localStorage === 'undefined' ? null : localStorage);

export function readScannerPreference(storage: Store | null = browserStorage()): ScannerPreference {
  try {
    const stored: unknown = JSON.parse(storage?.getItem(SCANNER_PREFERENCE_KEY) ?? 'null');
    if (typeof stored !== 'object' || stored === null) return NONE;
    const { hasPermission, lastUsedCameraId } = stored as Record<string, unknown>;
    return {
      hasPermission: hasPermission === true,
      lastUsedCameraId: typeof lastUsedCameraId === 'string' && lastUsedCameraId !== '' ? lastUsedCameraId : null,
    };
  } catch {
    return NONE;
  }
}

export function writeScannerPreference(preference: ScannerPreference, storage: Store | null = browserStorage()): void {
  try {
    storage?.setItem(SCANNER_PREFERENCE_KEY, JSON.stringify({ hasPermission: preference.hasPermission, lastUsedCameraId: preference.lastUsedCameraId }));
  } catch {
    // Storage refused: the next scan simply asks for the rear camera again.
  }
}
