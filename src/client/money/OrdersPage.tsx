/**
 * /orders, "Mine bestillinger": every order the person has made (Premium, plaques, a reseller's QR
 * packages), newest first. ?order={id} opens one; ?new=plaque is the form to order a QR plaque
 * (&memorial={id} chooses the memorial beforehand). Each has its own address, so back works.
 */
import { Link, useSearchParams } from 'react-router';
import { Plus, Sparkles } from 'lucide-react';
import { QueryStatus } from '@/client/components/layout/QueryStatus';
import { Button } from '@/client/components/ui/button';
import { Skeleton } from '@/client/components/ui/skeleton';
import { usePageTitle } from '@/client/lib/page-title';
import { OrderDetailView } from './OrderDetailView';
import { OrderList } from './OrderList';
import { MoneyPage } from './MoneyPage';
import { NewPlaqueOrder } from './NewPlaqueOrder';
import { SignedIn } from './SignedIn';
import { useOrders } from './use-money';

export default function OrdersPage() {
  const [params] = useSearchParams();
  const orderId = params.get('order');
  const newPlaque = params.get('new') === 'plaque';
  return (
    <SignedIn>
      {() =>
        orderId ? <OrderDetailView key={orderId} id={orderId} /> : newPlaque ? <NewPlaqueOrder memorialId={params.get('memorial') ?? undefined} /> : <AllOrders />
      }
    </SignedIn>
  );
}

function AllOrders() {
  usePageTitle('Mine bestillinger');
  const orders = useOrders();
  return (
    <MoneyPage eyebrow="Bestillinger" title="Mine bestillinger" lead={<p>Alt, hvad I har bestilt og betalt: Premium, QR-plader og pakker, med fakturaer.</p>}>
      <div className="mb-8 flex flex-col gap-3 sm:flex-row">
        <Button asChild size="lg">
          <Link to="/orders?new=plaque">
            <Plus aria-hidden="true" />
            Bestil QR-plade
          </Link>
        </Button>
        <Button asChild size="lg" variant="secondary">
          <Link to="/subscription">
            <Sparkles aria-hidden="true" />
            Premium og abonnementer
          </Link>
        </Button>
      </div>
      {orders.isPending ? (
        <div className="space-y-4">
          <p role="status" className="sr-only">
            Henter jeres bestillinger...
          </p>
          <Skeleton className="h-32" />
          <Skeleton className="h-32" />
        </div>
      ) : orders.isError ? (
        <QueryStatus compact query={orders} pending="Henter jeres bestillinger..." failed="Bestillingerne kunne ikke hentes" />
      ) : orders.data.orders.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-border px-5 py-12 text-center">
          <p className="font-serif text-2xl">Ingen bestillinger endnu</p>
          <p className="mx-auto mt-3 max-w-md text-muted-foreground">Når I køber Premium eller bestiller en QR-plade, kan I følge bestillingen og hente fakturaen her.</p>
        </div>
      ) : (
        <OrderList orders={orders.data.orders} />
      )}
    </MoneyPage>
  );
}
