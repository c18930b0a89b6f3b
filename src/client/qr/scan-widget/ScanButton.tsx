/**
 * The floating "Scan QR-kode" button of the installed app (SPEC.md §2 "QR scan widget"; who gets
 * it: device.ts). Small on purpose, since it is part of every page: the dialog, the camera code and
 * the QR decoder load only when it is pressed, and are asked for as the finger touches it.
 */
import { lazy, Suspense, useRef, useState } from 'react';
import { ScanQrCode } from 'lucide-react';
import { buttonClass } from '@/client/components/ui/button';
import { cn } from '@/client/lib/cn';

const loadDialog = () => import('./ScanDialog');
const ScanDialog = lazy(loadDialog);

export function ScanButton({ onScanSuccess }: { onScanSuccess?: (code: string) => void }) {
  const [open, setOpen] = useState(false);
  // Kept once opened, so the dialog can play its closing and is at hand the next time.
  const [wanted, setWanted] = useState(false);
  const button = useRef<HTMLButtonElement>(null);

  return (
    <>
      <button
        ref={button}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerDown={() => void loadDialog()}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
        // Below the cookie banner (z-40) while it asks; clear of the phone's home bar.
        className={cn(buttonClass('primary', 'md'), 'fixed right-4 bottom-[calc(1rem+env(safe-area-inset-bottom))] z-30 rounded-full! px-5! shadow-lg! [&_svg]:size-6!')}
      >
        <ScanQrCode aria-hidden="true" />
        Scan QR-kode
      </button>
      {/* Room below the page's end, so its last lines can be scrolled clear of the button. */}
      <div aria-hidden="true" className="h-20" />
      {wanted ? (
        <Suspense fallback={null}>
          <ScanDialog
            open={open}
            onOpenChange={setOpen}
            onScanSuccess={onScanSuccess}
            onCloseAutoFocus={(event) => {
              // The dialog has no trigger of its own (it loads after the press): give focus back here.
              event.preventDefault();
              button.current?.focus();
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
