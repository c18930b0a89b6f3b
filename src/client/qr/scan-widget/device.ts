/**
 * Who gets the scan button (SPEC.md §2 "QR scan widget"): a phone or tablet running Mindested as
 * an installed app. In a browser tab the phone's own camera app already reads QR codes and opens
 * the address; an installed app has no address bar, so it needs its own scanner.
 */

/** SPEC.md's list of mobile user agents. */
const MOBILE = /Android|webOS|iPhone|iPad|iPod|BlackBerry|IEMobile|Opera Mini/i;

export function isScanDevice(userAgent: string, standalone: boolean): boolean {
  return standalone && MOBILE.test(userAgent);
}

/** This browser, now. */
export function canScanHere(): boolean {
  return isScanDevice(navigator.userAgent, window.matchMedia('(display-mode: standalone)').matches);
}
