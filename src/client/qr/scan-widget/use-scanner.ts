/**
 * The scan itself (SPEC.md §4 "QR scan dialog"): the camera on, a frame read every 500 ms, and at
 * the first symbol read the capture stops and the server is asked whether it is ours. The camera
 * is released the moment it is no longer needed: when a symbol is read, on stop, on an error, and
 * when the dialog closes (this hook's component unmounts), also if that happens while the phone is
 * still asking for permission.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '@/client/lib/toast';
import { QR_SCAN_INTERVAL_MS } from '@/shared/constants';
import { isCameraRefused, openCamera, releaseCamera } from './camera';
import { checkScan } from './check-scan';
import { readFrame } from './read-frame';

export type ScannerState = 'idle' | 'starting' | 'scanning' | 'checking';
/** How the last scan ended without a code of ours, kept until the next start. */
export type ScanProblem = 'invalid' | 'failed' | 'refused';

/** One press of "Start scanning": its camera, its timer, and its question to the server. */
interface Session {
  stream: MediaStream | null;
  timer: ReturnType<typeof setInterval> | undefined;
  abort: AbortController;
}

/** `onValid(path, text)`: a symbol of ours was read; `path` is where it leads, `text` what it said. */
export function useScanner(onValid: (path: string, text: string) => void) {
  const [state, setState] = useState<ScannerState>('idle');
  const [problem, setProblem] = useState<ScanProblem | null>(null);
  const video = useRef<HTMLVideoElement>(null);
  const session = useRef<Session | null>(null);

  const freeCamera = useCallback((current: Session) => {
    clearInterval(current.timer);
    releaseCamera(current.stream);
    current.stream = null;
    if (video.current) video.current.srcObject = null;
  }, []);

  const end = useCallback(() => {
    const current = session.current;
    session.current = null;
    if (!current) return;
    freeCamera(current);
    current.abort.abort();
  }, [freeCamera]);

  useEffect(() => end, [end]);

  const failed = (kind: ScanProblem) => {
    setState('idle');
    setProblem(kind);
    toast({ variant: 'destructive', title: 'Fejl ved scanning', description: 'Kunne ikke behandle QR-koden. Prøv igen.' });
  };

  const found = async (current: Session, text: string) => {
    freeCamera(current);
    setState('checking');
    let path: string | null;
    try {
      path = await checkScan(text, current.abort.signal);
    } catch {
      return; // stopped or closed while the server was asked
    }
    if (session.current !== current) return;
    session.current = null;
    if (!path) {
      setState('idle');
      setProblem('invalid');
      toast({ variant: 'destructive', title: 'Ugyldig QR-kode', description: 'Denne QR-kode tilhører ikke vores system.' });
      return;
    }
    toast({ title: 'QR-kode scannet!', description: 'Åbner mindeside...' });
    onValid(path, text);
  };

  const start = async () => {
    end();
    const current: Session = { stream: null, timer: undefined, abort: new AbortController() };
    session.current = current;
    setProblem(null);
    setState('starting');
    let stream: MediaStream;
    try {
      stream = await openCamera();
    } catch (error) {
      if (session.current !== current) return;
      session.current = null;
      failed(isCameraRefused(error) ? 'refused' : 'failed');
      return;
    }
    // Stopped or closed while the phone asked for permission: the camera was never wanted.
    if (session.current !== current || !video.current) return releaseCamera(stream);
    current.stream = stream;
    video.current.srcObject = stream;
    // Muted and inline, so no gesture is needed; a play cut short by a stop is no error.
    video.current.play().catch(() => {});
    setState('scanning');
    const canvas = document.createElement('canvas');
    current.timer = setInterval(() => {
      if (session.current !== current || !video.current) return;
      let text: string | null;
      try {
        text = readFrame(video.current, canvas);
      } catch {
        end();
        failed('failed');
        return;
      }
      if (text) void found(current, text);
    }, QR_SCAN_INTERVAL_MS);
  };

  const stop = () => {
    end();
    setState('idle');
  };

  return { state, problem, video, start, stop };
}
