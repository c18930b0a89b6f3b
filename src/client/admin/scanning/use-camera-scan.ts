/**
 * A continuous camera scan for the production floor: unlike the public scan widget (which stops at
 * the first symbol and opens a memorial), the camera stays on and every symbol read is reported,
 * one after another, the same text repeated within ~2 s only once (repeat-filter.ts). The camera
 * and the decoder are the scan widget's own (qr/scan-widget/camera.ts and read-frame.ts); jsqr
 * loads only when the camera is started, so a page used with a USB scanner alone never fetches it.
 *
 * The camera is released on stop, on an error and when the component unmounts, also if that
 * happens while the browser is still asking for permission.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { isCameraRefused, openCamera, releaseCamera } from '@/client/qr/scan-widget/camera';
import type { readFrame as ReadFrameFn } from '@/client/qr/scan-widget/read-frame';
import { repeatFilter } from './repeat-filter';

type ReadFrame = typeof ReadFrameFn;

/** A frame every 250 ms: twice the widget's pace, as a packing table shows one code after another. */
export const FLOOR_SCAN_INTERVAL_MS = 250;

export type CameraScanState = 'idle' | 'starting' | 'scanning';
/** Why the camera is not running: refused by the person or the browser, none found, or it failed. */
export type CameraProblem = 'refused' | 'no-camera' | 'failed';

export const CAMERA_PROBLEM_TEXT: Record<CameraProblem, string> = {
  refused: 'Mindested fik ikke lov til at bruge kameraet. Giv adgang til kameraet i browserens indstillinger, og prøv igen.',
  'no-camera': 'Der blev ikke fundet noget kamera på denne enhed. Brug en USB-scanner, eller skriv koden.',
  failed: 'Kameraet kunne ikke startes. Det bruges måske af et andet program. Prøv igen.',
};

const errorName = (error: unknown) => (typeof error === 'object' && error !== null && 'name' in error ? String(error.name) : '');

function problemOf(error: unknown): CameraProblem {
  if (isCameraRefused(error)) return 'refused';
  return ['NotFoundError', 'OverconstrainedError'].includes(errorName(error)) ? 'no-camera' : 'failed';
}

interface Session {
  stream: MediaStream | null;
  timer: ReturnType<typeof setInterval> | undefined;
}

/** `onText` is called with each new decoded text; the latest `onText` given is the one called. */
export function useCameraScan(onText: (text: string) => void) {
  const [state, setState] = useState<CameraScanState>('idle');
  const [problem, setProblem] = useState<CameraProblem | null>(null);
  const video = useRef<HTMLVideoElement>(null);
  const session = useRef<Session | null>(null);
  const report = useRef(onText);
  useEffect(() => {
    report.current = onText;
  });

  const end = useCallback(() => {
    const current = session.current;
    session.current = null;
    if (!current) return;
    clearInterval(current.timer);
    releaseCamera(current.stream);
    current.stream = null;
    if (video.current) video.current.srcObject = null;
  }, []);

  useEffect(() => end, [end]);

  const fail = (kind: CameraProblem) => {
    end();
    setState('idle');
    setProblem(kind);
  };

  const start = async () => {
    end();
    const current: Session = { stream: null, timer: undefined };
    session.current = current;
    setProblem(null);
    // No camera API at all: an old browser, or a page not served over HTTPS.
    if (!navigator.mediaDevices?.getUserMedia) return fail('no-camera');
    setState('starting');
    let stream: MediaStream;
    let readFrame: ReadFrame;
    try {
      // The decoder first: a camera opened for a decoder that then failed to load would stay lit.
      ({ readFrame } = await import('@/client/qr/scan-widget/read-frame'));
      stream = await openCamera();
    } catch (error) {
      if (session.current === current) fail(problemOf(error));
      return;
    }
    // Stopped or gone while the browser asked for permission: the camera was never wanted.
    if (session.current !== current || !video.current) return releaseCamera(stream);
    current.stream = stream;
    video.current.srcObject = stream;
    // Muted and inline, so no gesture is needed; a play cut short by a stop is no error.
    video.current.play().catch(() => {});
    setState('scanning');
    const canvas = document.createElement('canvas');
    const pass = repeatFilter();
    current.timer = setInterval(() => {
      if (session.current !== current || !video.current) return;
      let text: string | null;
      try {
        text = readFrame(video.current, canvas);
      } catch {
        return fail('failed');
      }
      if (text && pass(text)) report.current(text);
    }, FLOOR_SCAN_INTERVAL_MS);
  };

  const stop = () => {
    end();
    setState('idle');
  };

  return { state, problem, video, start, stop };
}
