/**
 * The production floor's scanner input (issue 23: /admin/qr-scanner, the warehouse scanner): one
 * field for a USB barcode scanner or the keyboard, and the camera beside it. Both report a scan as
 * the raw text read; what it means (a code, a package's label, nothing of ours) is the page's to
 * decide, with readFloorScan from src/shared/production.ts.
 *
 *   <FloorScanner onScan={(text) => lookUp(text)} />
 *
 * - `onScan(text)`: called with the trimmed text of each scan: each Enter in the field (a USB
 *   scanner types the code and Enter; the field then clears itself), and each new symbol the camera
 *   reads (the same symbol again only after it has been out of view for ~2 s: repeat-filter.ts).
 * - `label` / `hint`: the field's label and help text (Danish defaults for scanning codes).
 * - `disabled`: while the page cannot take a scan.
 *
 * The field keeps focus between scans without taking it from another field (use-scanner-focus.ts);
 * the camera is off until "Start kamera" and stays on until "Stop kamera" (use-camera-scan.ts).
 * The parts are exported too, for a page that wants only one: ScannerField and CameraScanner.
 */
import { useCallback, useId, useRef, useState } from 'react';
import { Camera, CameraOff, ScanLine } from 'lucide-react';
import { Button } from '@/client/components/ui/button';
import { inputClass } from '@/client/components/ui/input';
import { Label } from '@/client/components/ui/label';
import { cn } from '@/client/lib/cn';
import { CAMERA_PROBLEM_TEXT, useCameraScan } from './use-camera-scan';
import { useScannerFocus } from './use-scanner-focus';

/** Longer than any label address or code link, short enough that a stuck key cannot flood the look-up. */
export const SCAN_TEXT_MAX = 300;

export interface FloorScannerProps {
  onScan: (text: string) => void;
  label?: string;
  hint?: string;
  disabled?: boolean;
  className?: string;
}

export function FloorScanner({ onScan, label, hint, disabled, className }: FloorScannerProps) {
  return (
    <div className={cn('grid gap-5 md:grid-cols-[minmax(0,1fr)_18rem] md:items-start', className)}>
      <ScannerField onScan={onScan} label={label} hint={hint} disabled={disabled} />
      <CameraScanner onScan={onScan} disabled={disabled} />
    </div>
  );
}

/** The keyboard-wedge field: large, labelled, submits on Enter, clears itself, keeps focus. */
export function ScannerField({ onScan, label = 'Scan eller skriv en kode', hint = 'Scan med USB-scanneren, eller skriv koden og tryk Enter.', disabled }: FloorScannerProps) {
  const id = useId();
  const field = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState('');
  const append = useCallback((text: string) => setValue((current) => (current + text).slice(0, SCAN_TEXT_MAX)), []);
  useScannerFocus(field, append, !disabled);

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const text = value.trim();
        setValue('');
        field.current?.focus({ preventScroll: true });
        if (text && !disabled) onScan(text);
      }}
      className="space-y-2"
    >
      <Label htmlFor={id} className="text-lg">
        {label}
      </Label>
      <p id={`${id}-hint`} className="text-sm text-muted-foreground">
        {hint}
      </p>
      <div className="relative">
        <ScanLine className="pointer-events-none absolute top-1/2 left-4 size-6 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
        <input
          ref={field}
          id={id}
          value={value}
          onChange={(event) => setValue(event.target.value.slice(0, SCAN_TEXT_MAX))}
          disabled={disabled}
          aria-describedby={`${id}-hint`}
          autoComplete="off"
          autoCapitalize="characters"
          autoCorrect="off"
          spellCheck={false}
          enterKeyHint="go"
          className={cn(inputClass, 'min-h-16 pl-14 font-mono text-xl tracking-wider sm:text-2xl')}
        />
      </div>
    </form>
  );
}

const CAMERA_STATUS = {
  idle: 'Kameraet er slukket.',
  starting: 'Tænder kameraet...',
  scanning: 'Kameraet leder efter QR-koder.',
} as const;

/** The camera: its picture while it runs, "Start kamera"/"Stop kamera", and why it will not start. */
export function CameraScanner({ onScan, disabled }: Pick<FloorScannerProps, 'onScan' | 'disabled'>) {
  const { state, problem, video, start, stop } = useCameraScan((text) => {
    const trimmed = text.trim();
    if (trimmed && !disabled) onScan(trimmed.slice(0, SCAN_TEXT_MAX));
  });
  const running = state !== 'idle';

  return (
    <div className="space-y-3">
      <div className={cn('relative aspect-[4/3] overflow-hidden rounded-xl border border-border bg-[#1b1510]', !running && 'hidden md:block')}>
        <video ref={video} muted playsInline autoPlay aria-hidden="true" className="size-full object-cover" />
        {state === 'scanning' ? (
          <div aria-hidden="true" className="absolute top-1/2 left-1/2 aspect-square h-[62%] -translate-x-1/2 -translate-y-1/2 rounded-2xl border-[3px] border-[#f3e3c2]" />
        ) : (
          <div aria-hidden="true" className="absolute inset-0 flex items-center justify-center text-[#f3e3c2]">
            {state === 'idle' ? <CameraOff className="size-8" /> : <Camera className="size-8 animate-pulse" />}
          </div>
        )}
      </div>
      <Button variant={running ? 'secondary' : 'primary'} className="w-full" disabled={disabled && !running} onClick={() => (running ? stop() : void start())}>
        {running ? <CameraOff aria-hidden="true" /> : <Camera aria-hidden="true" />}
        {running ? 'Stop kamera' : 'Start kamera'}
      </Button>
      <p role="status" className={cn('text-sm', problem ? 'font-semibold text-destructive' : 'text-muted-foreground')}>
        {problem ? CAMERA_PROBLEM_TEXT[problem] : CAMERA_STATUS[state]}
      </p>
    </div>
  );
}
