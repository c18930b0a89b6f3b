/**
 * /orders, "Mine bestillinger": what a family can order (a plaque, extra codes, an animated greeting,
 * a song) and every order the person has made (Premium, those, a reseller's QR packages), newest
 * first. ?order={id} opens one; ?new=plaque|codes|greeting|song is the form to order that
 * (&memorial={id} chooses the memorial beforehand). Each has its own address, so back works.
 */
import { useSearchParams } from 'react-router';
import { QueryStatus } from '@/client/components/layout/QueryStatus';
import { Skeleton } from '@/client/components/ui/skeleton';
import { usePageTitle } from '@/client/lib/page-title';
import { MoneyPage } from './MoneyPage';
import { NewCodesOrder } from './NewCodesOrder';
import { NewExtraOrder } from './NewExtraOrder';
import { NewPlaqueOrder } from './NewPlaqueOrder';
import { OrderChoices } from './OrderChoices';
import { OrderDetailView } from './OrderDetailView';
import { OrderList } from './OrderList';
import { SignedIn } from './SignedIn';
import { useOrders } from './use-money';

export default function OrdersPage() {
  const [params] = useSearchParams();
  const orderId = params.get('order');
  const memorialId = params.get('memorial') ?? undefined;
  const page = () => {
    if (orderId) return <OrderDetailView key={orderId} id={orderId} />;
    switch (params.get('new')) {
      case 'plaque':
        return <NewPlaqueOrder memorialId={memorialId} />;
      case 'codes':
        return <NewCodesOrder memorialId={memorialId} />;
      case 'greeting':
        return <NewExtraOrder key="greeting" kind="animated_greeting" memorialId={memorialId} />;
      case 'song':
        return <NewExtraOrder key="song" kind="song" memorialId={memorialId} />;
      default:
        return <AllOrders />;
    }
  };
  return <SignedIn>{page}</SignedIn>;
}

function AllOrders() {
  usePageTitle('Mine bestillinger');
  const orders = useOrders();
  return (
    <MoneyPage eyebrow="Bestillinger" title="Mine bestillinger" lead={<p>Alt, hvad I har bestilt og betalt – Premium, QR-plader, koder, hilsener og sange – med fakturaer.</p>}>
      <div className="space-y-12">
        <OrderChoices />
        <section aria-labelledby="jeres-bestillinger">
          <h2 id="jeres-bestillinger" className="mb-4 text-2xl">
            Jeres bestillinger
          </h2>
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
              <p className="mx-auto mt-3 max-w-md text-muted-foreground">Når I køber Premium eller bestiller noget ovenfor, kan I følge bestillingen og hente fakturaen her.</p>
            </div>
          ) : (
            <OrderList orders={orders.data.orders} />
          )}
        </section>
      </div>
    </MoneyPage>
  );
}
