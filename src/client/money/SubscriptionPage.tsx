/**
 * /subscription, "Abonnementer": each of the signed-in person's memorials with its Premium (or the
 * free plan), and buying, extending, stopping or carrying on Premium (PRODUCT.md "Money"). What a
 * memorial has comes from GET /api/user/premium-status; the prices from GET /api/catalogue.
 */
import { Link } from 'react-router';
import { ArrowRight, Plus } from 'lucide-react';
import { QueryStatus } from '@/client/components/layout/QueryStatus';
import { Button } from '@/client/components/ui/button';
import { Skeleton } from '@/client/components/ui/skeleton';
import { usePageTitle } from '@/client/lib/page-title';
import { linkClass } from './format';
import { MemorialPremiumCard } from './MemorialPremiumCard';
import { MoneyPage } from './MoneyPage';
import { SignedIn } from './SignedIn';
import { useCatalogue, usePremiumStatus } from './use-money';

export default function SubscriptionPage() {
  usePageTitle('Abonnementer');
  return <SignedIn>{() => <Subscriptions />}</SignedIn>;
}

function Subscriptions() {
  const status = usePremiumStatus();
  const catalogue = useCatalogue();
  const failed = status.isError ? status : catalogue.isError ? catalogue : null;

  return (
    <MoneyPage
      eyebrow="Premium"
      title="Abonnementer"
      lead={
        <p>
          Her ser I, hvilke af jeres mindesider der har Premium, og hvor længe. Se{' '}
          <Link to="/pricing" className={linkClass}>
            hvad Premium giver
          </Link>
          .
        </p>
      }
    >
      {failed ? (
        <QueryStatus compact query={failed} pending="Henter jeres mindesider..." failed="Abonnementerne kunne ikke hentes" />
      ) : !status.data || !catalogue.data ? (
        <div className="space-y-5">
          <p role="status" className="sr-only">
            Henter jeres mindesider...
          </p>
          <Skeleton className="h-36" />
          <Skeleton className="h-36" />
        </div>
      ) : status.data.memorials.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-border px-5 py-12 text-center">
          <p className="font-serif text-2xl">Ingen mindesider endnu</p>
          <p className="mx-auto mt-3 max-w-md text-muted-foreground">Når I har oprettet en mindeside, kan I give den Premium her.</p>
          <Button asChild size="lg" className="mt-8">
            <Link to="/create-memorial">
              <Plus aria-hidden="true" />
              Opret mindeside
            </Link>
          </Button>
        </div>
      ) : (
        <div className="space-y-5">
          {status.data.memorials.map((memorial) => (
            <MemorialPremiumCard key={memorial.memorialId} memorial={memorial} catalogue={catalogue.data} />
          ))}
        </div>
      )}
      <p className="mt-10">
        <Link to="/orders" className={`${linkClass} inline-flex min-h-11 items-center gap-2`}>
          Se alle bestillinger og fakturaer
          <ArrowRight className="size-5" aria-hidden="true" />
        </Link>
      </p>
    </MoneyPage>
  );
}
