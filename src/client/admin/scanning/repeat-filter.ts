/**
 * The camera reads the same symbol several times a second for as long as it is in view. A text is
 * let through once; the same text again is ignored until it has been out of sight for `windowMs`
 * (every sighting restarts the wait, so a label left under the camera is not scanned every 2 s).
 * Another text is always let through, and so is the first one again after the pause: a person who
 * scans the same code twice on purpose gets two scans.
 */
export const REPEAT_WINDOW_MS = 2000;

/** A filter for one camera session: `pass(text)` says whether this sighting is a new scan. */
export function repeatFilter(windowMs = REPEAT_WINDOW_MS, now: () => number = Date.now) {
  let last: { text: string; at: number } | null = null;
  return function pass(text: string): boolean {
    const at = now();
    const repeated = last !== null && last.text === text && at - last.at < windowMs;
    last = { text, at };
    return !repeated;
  };
}
