/**
 * Which camera the scanner asks for, and what it remembers (SPEC.md §3, §9): the one used last
 * time first, the rear camera when that is gone, and the answer kept in the scanner preference.
 */
import { describe, expect, it } from 'vitest';
import { openCamera, releaseCamera } from './camera';
import { readScannerPreference, writeScannerPreference } from './scanner-preference';

function memoryStorage() {
  const items = new Map<string, string>();
  return { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value) };
}

const failure = (name: string) => Object.assign(new Error(name), { name });

function fakeStream(deviceId: string) {
  const track = { readyState: 'live', getSettings: () => ({ deviceId }), stop: () => void (track.readyState = 'ended') };
  return { stream: { getVideoTracks: () => [track], getTracks: () => [track] } as unknown as MediaStream, track };
}

/** A phone whose cameras are `ids`; the rear one is the first. Records every request. */
function fakeDevices(ids: string[], refuse?: string) {
  const asked: MediaStreamConstraints[] = [];
  return {
    asked,
    async getUserMedia(constraints?: MediaStreamConstraints) {
      asked.push(constraints!);
      if (refuse) throw failure(refuse);
      const video = constraints!.video as MediaTrackConstraints;
      const wanted = (video.deviceId as ConstrainDOMStringParameters | undefined)?.exact;
      if (typeof wanted === 'string' && !ids.includes(wanted)) throw failure('OverconstrainedError');
      return fakeStream(typeof wanted === 'string' ? wanted : ids[0]!).stream;
    },
  };
}

describe('openCamera', () => {
  it('asks for the rear camera at 640×480 and remembers the permission and the camera', async () => {
    const storage = memoryStorage();
    const devices = fakeDevices(['bag', 'front']);
    await openCamera(devices, storage);
    expect(devices.asked).toEqual([{ audio: false, video: { width: { ideal: 640 }, height: { ideal: 480 }, facingMode: 'environment' } }]);
    expect(readScannerPreference(storage)).toEqual({ hasPermission: true, lastUsedCameraId: 'bag' });
  });

  it('asks for the camera used last time first', async () => {
    const storage = memoryStorage();
    writeScannerPreference({ hasPermission: true, lastUsedCameraId: 'vidvinkel' }, storage);
    const devices = fakeDevices(['bag', 'vidvinkel']);
    await openCamera(devices, storage);
    expect(devices.asked).toEqual([{ audio: false, video: { width: { ideal: 640 }, height: { ideal: 480 }, deviceId: { exact: 'vidvinkel' } } }]);
    expect(readScannerPreference(storage).lastUsedCameraId).toBe('vidvinkel');
  });

  it('falls back to the rear camera when the last one is gone, and remembers that one', async () => {
    const storage = memoryStorage();
    writeScannerPreference({ hasPermission: true, lastUsedCameraId: 'gammel-telefon' }, storage);
    const devices = fakeDevices(['bag']);
    await openCamera(devices, storage);
    expect(devices.asked.map((c) => Object.keys(c.video as object))).toEqual([
      ['width', 'height', 'deviceId'],
      ['width', 'height', 'facingMode'],
    ]);
    expect(readScannerPreference(storage)).toEqual({ hasPermission: true, lastUsedCameraId: 'bag' });
  });

  it('remembers a refusal, keeps the camera, and passes the error on', async () => {
    const storage = memoryStorage();
    writeScannerPreference({ hasPermission: true, lastUsedCameraId: 'bag' }, storage);
    await expect(openCamera(fakeDevices(['bag'], 'NotAllowedError'), storage)).rejects.toMatchObject({ name: 'NotAllowedError' });
    expect(readScannerPreference(storage)).toEqual({ hasPermission: false, lastUsedCameraId: 'bag' });
  });

  it('leaves the preference alone on any other failure (a camera in use by another app)', async () => {
    const storage = memoryStorage();
    writeScannerPreference({ hasPermission: true, lastUsedCameraId: null }, storage);
    await expect(openCamera(fakeDevices(['bag'], 'NotReadableError'), storage)).rejects.toMatchObject({ name: 'NotReadableError' });
    expect(readScannerPreference(storage)).toEqual({ hasPermission: true, lastUsedCameraId: null });
  });
});

describe('releaseCamera', () => {
  it('stops every track, and accepts no stream', () => {
    const { stream, track } = fakeStream('bag');
    releaseCamera(stream);
    expect(track.readyState).toBe('ended');
    expect(() => releaseCamera(null)).not.toThrow();
  });
});
