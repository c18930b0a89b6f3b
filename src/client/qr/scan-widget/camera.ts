/**
 * The scanner's camera (SPEC.md §9: the rear camera at 640×480). The camera used last time is
 * asked for first, so a phone with several rear cameras keeps the one that worked; if it is gone
 * (another phone, a reset), the rear camera is asked for instead. What happened is kept in the
 * scanner preference.
 */
import { QR_SCAN_HEIGHT, QR_SCAN_WIDTH } from '@/shared/constants';
import { readScannerPreference, writeScannerPreference } from './scanner-preference';

type Store = Parameters<typeof readScannerPreference>[0];
type Devices = Pick<MediaDevices, 'getUserMedia'>;

const SIZE = { width: { ideal: QR_SCAN_WIDTH }, height: { ideal: QR_SCAN_HEIGHT } };

const errorName = (error: unknown) => (typeof error === 'object' && error !== null && 'name' in error ? String(error.name) : '');

/** True when the person (or the phone's settings) refused the camera. */
export const isCameraRefused = (error: unknown) => errorName(error) === 'NotAllowedError';

/** A device id that no longer names a camera is refused as over-constrained (or, by some browsers, as not found). */
const isCameraGone = (error: unknown) => ['OverconstrainedError', 'NotFoundError'].includes(errorName(error));

export async function openCamera(devices: Devices = navigator.mediaDevices, storage?: Store): Promise<MediaStream> {
  const preference = readScannerPreference(storage);
  try {
    const stream = await rearCamera(devices, preference.lastUsedCameraId);
    const deviceId = stream.getVideoTracks()[0]?.getSettings().deviceId;
    writeScannerPreference({ hasPermission: true, lastUsedCameraId: deviceId || null }, storage);
    return stream;
  } catch (error) {
    if (isCameraRefused(error)) writeScannerPreference({ ...preference, hasPermission: false }, storage);
    throw error;
  }
}

async function rearCamera(devices: Devices, lastUsed: string | null): Promise<MediaStream> {
  if (lastUsed) {
    try {
      return await devices.getUserMedia({ audio: false, video: { ...SIZE, deviceId: { exact: lastUsed } } });
    } catch (error) {
      if (!isCameraGone(error)) throw error;
    }
  }
  return devices.getUserMedia({ audio: false, video: { ...SIZE, facingMode: 'environment' } });
}

/** Stops every track, so the phone's camera light goes out and another app may use it. */
export function releaseCamera(stream: MediaStream | null): void {
  for (const track of stream?.getTracks() ?? []) track.stop();
}
