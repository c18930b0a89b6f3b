/**
 * A part of a page drawn by the server that is taken over (hydrated) in a task of its own, after
 * the rest (the landing page's sections below the first screen). A long page taken over in one go
 * blocks a phone's main thread for hundreds of milliseconds (bench/landing.ts); in slices, the
 * first screen answers taps at once and no single task runs long. Preact keeps a suspended part's server HTML while it waits
 * (the markers the server's render writes around it) and takes it over when it resumes.
 *
 * A page the browser draws itself shows the part at once: there is nothing to take over.
 */
import { type ReactNode, Suspense, useState } from 'react';
import { useDrawnByServer } from './drawn-by-server';

interface Gate {
  open: boolean;
  opened: Promise<void>;
}

function gate(): Gate {
  const it = { open: false } as Gate;
  it.opened = new Promise<void>((resolve) => {
    const open = () => {
      it.open = true;
      resolve();
    };
    // On the server the part waits once, only so that its render marks where the part begins and
    // ends; in the browser each part opens in a task of its own, in page order.
    if (typeof document === 'undefined') void Promise.resolve().then(open);
    else setTimeout(open);
  });
  return it;
}

function Wait({ until, children }: { until: Gate; children: ReactNode }) {
  if (!until.open) throw until.opened;
  return children;
}

export function HydrateLater({ children }: { children: ReactNode }) {
  const drawnByServer = useDrawnByServer();
  // Kept by this component, which is committed at once: the one that waits loses its state.
  const [until] = useState(() => (drawnByServer ? gate() : null));
  if (!until) return children;
  return (
    <Suspense fallback={null}>
      <Wait until={until}>{children}</Wait>
    </Suspense>
  );
}
