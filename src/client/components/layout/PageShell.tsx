import type { ReactNode } from 'react';
import { cn } from '@/client/lib/cn';
import { useReplayEarlyTap } from '@/client/lib/early-taps';
import { Footer } from './Footer';
import { Header } from './Header';

/**
 * The frame of an ordinary page: header, the page's own content in <main>, footer; on a page the
 * server drew, a tap made before the JavaScript arrived is replayed (lib/early-taps.ts).
 */
export function PageShell({ children, className }: { children: ReactNode; className?: string }) {
  useReplayEarlyTap();

  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#indhold"
        className="sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50 focus:rounded-lg focus:bg-card focus:px-4 focus:py-3 focus:shadow-lg"
      >
        Gå til indhold
      </a>
      <Header />
      <main id="indhold" tabIndex={-1} className={cn('flex-1 outline-none', className)}>
        {children}
      </main>
      <Footer />
    </div>
  );
}
