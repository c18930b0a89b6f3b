/**
 * The page around a family's order form (/orders?new=…): the way back to the orders, the heading,
 * and the form once it has what it needs: the memorials the person may buy for (GET
 * /api/user/premium-status, those with canManage) and what is for sale (GET /api/catalogue).
 * While they load, a calm outline of the form; if they cannot be fetched, why, with "Prøv igen";
 * without a memorial to order for, the way to make one.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowLeft, Plus } from 'lucide-react';
import { QueryStatus } from '@/client/components/layout/QueryStatus';
import { Button } from '@/client/components/ui/button';
import { Skeleton } from '@/client/components/ui/skeleton';
import { usePageTitle } from '@/client/lib/page-title';
import { linkClass } from './format';
import { MoneyPage } from './MoneyPage';
import { type Catalogue, type PremiumMemorial, useCatalogue, usePremiumStatus } from './use-money';

interface NewOrderFrameProps {
  eyebrow: string;
  title: string;
  lead: ReactNode;
  /** Said when the person has no memorial to order for, e.g. "En plade hører til en mindeside, …". */
  needsMemorial: string;
  /** A form with something beside it (the plaque's proof). */
  wide?: boolean;
  children: (catalogue: Catalogue, memorials: PremiumMemorial[]) => ReactNode;
}

export function NewOrderFrame({ eyebrow, title, lead, needsMemorial, wide, children }: NewOrderFrameProps) {
  usePageTitle(title);
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
      wide={wide}
      eyebrow={eyebrow}
      title={title}
      lead={lead}
    >
      {failed ? (
        <QueryStatus compact query={failed} pending="Henter..." failed="Bestillingen kan ikke vises" />
      ) : !status.data || !catalogue.data ? (
        <div className="space-y-6">
          <p role="status" className="sr-only">
            Henter priser og mindesider...
          </p>
          <Skeleton className="h-14" />
          <Skeleton className="h-40" />
          <Skeleton className="h-64" />
        </div>
      ) : memorials.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-border px-5 py-12 text-center">
          <p className="font-serif text-2xl">Ingen mindeside at bestille til</p>
          <p className="mx-auto mt-3 max-w-md text-muted-foreground">{needsMemorial}</p>
          <Button asChild size="lg" className="mt-8">
            <Link to="/create-memorial">
              <Plus aria-hidden="true" />
              Opret mindeside
            </Link>
          </Button>
        </div>
      ) : (
        children(catalogue.data, memorials)
      )}
    </MoneyPage>
  );
}
