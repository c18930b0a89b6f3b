/**
 * /orders?new=plaque: the page around the plaque form. It needs the memorials the person may buy for
 * (GET /api/user/premium-status, those with canManage) and the plaques for sale (GET /api/catalogue).
 */
import { Link } from 'react-router';
import { ArrowLeft, Plus } from 'lucide-react';
import { QueryStatus } from '@/client/components/layout/QueryStatus';
import { Button } from '@/client/components/ui/button';
import { Skeleton } from '@/client/components/ui/skeleton';
import { usePageTitle } from '@/client/lib/page-title';
import { linkClass } from './format';
import { MoneyPage } from './MoneyPage';
import { PlaqueOrderForm } from './PlaqueOrderForm';
import { useCatalogue, usePremiumStatus } from './use-money';

export function NewPlaqueOrder({ memorialId }: { memorialId?: string }) {
  usePageTitle('Bestil QR-plade');
  const status = usePremiumStatus();
  const catalogue = useCatalogue();
  const failed = status.isError ? status : catalogue.isError ? catalogue : null;
  const memorials = status.data?.memorials.filter((memorial) => memorial.canManage) ?? [];

  return (
    <MoneyPage
      before={
        <Link to="/orders" className={`${linkClass} mb-6 inline-flex min-h-11 items-center gap-2`}>
          <ArrowLeft className="size-5" aria-hidden="true" />
          Mine bestillinger
        </Link>
      }
      wide
      eyebrow="QR-plade"
      title="Bestil QR-plade"
      lead={<p>En plade med mindesidens QR-kode til stenen eller gravstedet. Når den bliver scannet, åbner mindesiden.</p>}
    >
      {failed ? (
        <QueryStatus compact query={failed} pending="Henter..." failed="Bestillingen kan ikke vises" />
      ) : !status.data || !catalogue.data ? (
        <div className="space-y-6">
          <p role="status" className="sr-only">
            Henter plader og mindesider...
          </p>
          <Skeleton className="h-14" />
          <Skeleton className="h-40" />
          <Skeleton className="h-64" />
        </div>
      ) : memorials.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-border px-5 py-12 text-center">
          <p className="font-serif text-2xl">Ingen mindeside at bestille til</p>
          <p className="mx-auto mt-3 max-w-md text-muted-foreground">En plade hører til en mindeside, som du ejer eller er administrator af.</p>
          <Button asChild size="lg" className="mt-8">
            <Link to="/create-memorial">
              <Plus aria-hidden="true" />
              Opret mindeside
            </Link>
          </Button>
        </div>
      ) : (
        <PlaqueOrderForm catalogue={catalogue.data} memorials={memorials} memorialId={memorialId} />
      )}
    </MoneyPage>
  );
}
