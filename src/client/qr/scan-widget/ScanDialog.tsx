/**
 * The dialog "Scan QR-kode" (SPEC.md §2, §4): the camera's picture with a frame to aim with,
 * "Start scanning", and "Stop scanning" once it runs, which also closes the dialog. Loaded with
 * jsqr only when the scan button is pressed (ScanButton.tsx); the scan itself is use-scanner.ts.
 */
import { useRef, useState } from 'react';
import { Camera, CameraOff, ShieldCheck } from 'lucide-react';
import { Button } from '@/client/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/client/components/ui/dialog';
import { navigateInApp } from '@/client/lib/app-navigation';
import { cn } from '@/client/lib/cn';
import { readScannerPreference } from './scanner-preference';
import { type ScannerState, type ScanProblem, useScanner } from './use-scanner';

export interface ScanDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Called with the decoded text once the app has gone where it leads. */
  onScanSuccess?: (code: string) => void;
  /** Where focus goes when the dialog closes: the button that opened it. */
  onCloseAutoFocus: (event: Event) => void;
}

export default function ScanDialog({ open, onOpenChange, onScanSuccess, onCloseAutoFocus }: ScanDialogProps) {
  // Where a valid scan leads, kept until the dialog has closed: the app then goes there, and the
  // new page takes focus as after any navigation (OnNavigate) instead of the scan button.
  const leaving = useRef<{ path: string; text: string } | null>(null);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        onCloseAutoFocus={(event) => {
          const scanned = leaving.current;
          if (!scanned) return onCloseAutoFocus(event);
          leaving.current = null;
          event.preventDefault();
          navigateInApp(scanned.path);
          onScanSuccess?.(scanned.text);
        }}
      >
        <DialogTitle>Scan QR-kode</DialogTitle>
        <DialogDescription>Hold telefonen, så QR-koden på stenen ses i rammen. Mindesiden åbner, så snart koden er læst.</DialogDescription>
        {/* Inside the content, which closes with the dialog: closing ends the scan and frees the camera. */}
        <Scanner
          onClose={() => onOpenChange(false)}
          onValid={(path, text) => {
            leaving.current = { path, text };
            onOpenChange(false);
          }}
        />
      </DialogContent>
    </Dialog>
  );
}

const STATUS: Record<ScannerState | ScanProblem | 'first', string> = {
  first: 'Første gang spørger telefonen, om Mindested må bruge kameraet.',
  idle: 'Kameraet er slukket.',
  starting: 'Tænder kameraet...',
  scanning: 'Leder efter en QR-kode...',
  checking: 'Tjekker QR-koden...',
  // The toast says it too, but while the dialog is open it is outside what a screen reader reads.
  invalid: 'Denne QR-kode tilhører ikke vores system. Prøv med koden på mindestenen.',
  failed: 'Kunne ikke behandle QR-koden. Prøv igen.',
  refused: 'Mindested fik ikke lov til at bruge kameraet. Giv adgang til kameraet i telefonens indstillinger, og prøv igen.',
};

function Scanner({ onClose, onValid }: { onClose: () => void; onValid: (path: string, text: string) => void }) {
  const { state, problem, video, start, stop } = useScanner(onValid);
  // Whether the phone will ask first, as it stood when the dialog opened.
  const [askedBefore] = useState(() => readScannerPreference().hasPermission);
  const running = state !== 'idle';

  return (
    <>
      <div className="relative mt-6 aspect-[4/3] overflow-hidden rounded-xl border border-border bg-[#1b1510]">
        <video ref={video} muted playsInline autoPlay aria-hidden="true" className="size-full object-cover" />
        {state === 'scanning' ? (
          // The frame to aim with; the picture around it is dimmed.
          <div aria-hidden="true" className="absolute top-1/2 left-1/2 aspect-square h-[62%] -translate-x-1/2 -translate-y-1/2 rounded-2xl border-[3px] border-[#f3e3c2] shadow-[0_0_0_100vmax_rgba(27,21,16,0.35)]" />
        ) : (
          <div aria-hidden="true" className="absolute inset-0 flex items-center justify-center">
            <span className="flex size-16 items-center justify-center rounded-full bg-[#f3e3c2]/12 text-[#f3e3c2]">
              {state === 'idle' ? <CameraOff className="size-8" /> : <Camera className="size-8 animate-pulse" />}
            </span>
          </div>
        )}
      </div>
      <p role="status" className={cn('mt-4 min-h-14 text-center', problem && state === 'idle' ? 'font-semibold text-destructive' : 'text-muted-foreground')}>
        {STATUS[state !== 'idle' ? state : (problem ?? (askedBefore ? 'idle' : 'first'))]}
      </p>

      {/* One button that changes with the scan, so focus stays on it when it does. */}
      <Button
        size="lg"
        variant={running ? 'secondary' : 'primary'}
        className="mt-4 w-full"
        onClick={() => {
          if (!running) return void start();
          stop();
          onClose();
        }}
      >
        {running ? <CameraOff aria-hidden="true" /> : <Camera aria-hidden="true" />}
        {running ? 'Stop scanning' : 'Start scanning'}
      </Button>

      <p className="mt-5 flex items-start gap-2 text-sm text-muted-foreground">
        <ShieldCheck className="mt-0.5 size-4 shrink-0 text-gold-text" aria-hidden="true" />
        Kun Mindesteds egne QR-koder kan scannes.
      </p>
    </>
  );
}
