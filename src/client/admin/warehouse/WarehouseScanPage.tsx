/**
 * /warehouse-scan: the warehouse scanner full screen, for a tablet on the packing table (SPEC.md:
 * behind the admin guard): no side nav, large type and targets, so it reads from an arm's length
 * and a gloved finger finds the buttons; a small way back to the back office, the theme (a dim
 * corner of the warehouse), and nothing else.
 */
import { Link } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { ThemeToggle } from '@/client/components/layout/ThemeToggle';
import { usePageTitle } from '@/client/lib/page-title';
import { WarehouseScanner } from './WarehouseScanner';

export default function WarehouseScanPage() {
  usePageTitle('Lager · pakkebord');
  return (
    <div className="min-h-dvh bg-background">
      <header className="border-b border-border/80 bg-card/60">
        <div className="mx-auto flex min-h-14 max-w-7xl items-center gap-4 px-4 sm:px-6">
          <Link to="/admin/warehouse-scanner" className="inline-flex min-h-11 items-center gap-1.5 text-sm text-muted-foreground hover:text-foreground">
            <ArrowLeft aria-hidden="true" className="size-4" />
            Til bagkontoret
          </Link>
          <h1 className="text-2xl sm:text-3xl">Lager</h1>
          <ThemeToggle className="ml-auto" />
        </div>
      </header>
      <main id="indhold" className="mx-auto max-w-7xl px-4 py-5 sm:px-6 lg:py-6">
        <WarehouseScanner floor />
      </main>
    </div>
  );
}
