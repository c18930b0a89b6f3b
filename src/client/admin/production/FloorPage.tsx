/**
 * /production: the production queue on the floor's own screen (a tablet by the printer, a screen
 * by the laser): the same queue as /admin/qr-production with nothing around it, large type, and a
 * small way back to the back office.
 */
import { Link } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { ThemeToggle } from '@/client/components/layout/ThemeToggle';
import { usePageTitle } from '@/client/lib/page-title';
import { ProductionQueueView } from './ProductionQueueView';

export default function FloorPage() {
  usePageTitle('Produktion');
  return (
    <div className="min-h-dvh bg-background">
      <a
        href="#indhold"
        className="sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50 focus:rounded-lg focus:bg-card focus:px-4 focus:py-3 focus:shadow-lg"
      >
        Gå til indhold
      </a>
      <header className="border-b border-border/80 bg-card/60">
        <div className="mx-auto flex min-h-14 max-w-[96rem] items-center gap-3 px-4 sm:px-8">
          <Link to="/admin/qr-production" className="inline-flex min-h-11 items-center gap-1.5 rounded-lg px-2 text-sm font-semibold text-muted-foreground hover:bg-secondary hover:text-foreground">
            <ArrowLeft className="size-4" aria-hidden="true" />
            Bagkontoret
          </Link>
          <ThemeToggle className="ml-auto" />
        </div>
      </header>
      <main id="indhold" tabIndex={-1} className="mx-auto max-w-[96rem] px-4 py-6 outline-none sm:px-8 sm:py-8">
        <h1 className="text-4xl sm:text-5xl">Produktion</h1>
        <div className="mt-4">
          <ProductionQueueView large />
        </div>
      </main>
    </div>
  );
}
