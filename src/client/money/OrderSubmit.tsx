/**
 * The end of every order form: why the server refused the order, if it did, and "Bestil og betal"
 * with the price the server's catalogue gives (when it is known yet), busy while the order is out.
 */
import { Button } from '@/client/components/ui/button';
import { Notice } from '@/client/components/ui/notice';
import { errorMessage } from '@/client/lib/request';
import { formatPrice } from './format';
import type { usePlaceOrder } from './use-place-order';

export function OrderSubmit({ order, priceOre }: { order: ReturnType<typeof usePlaceOrder>; priceOre: number | null }) {
  return (
    <>
      {order.error ? (
        <Notice tone="problem" title="Bestillingen blev ikke sendt">
          <p role="alert">{errorMessage(order.error)}</p>
        </Notice>
      ) : null}
      <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={order.busy}>
        {order.leaving ? 'Går til betaling...' : order.busy ? 'Sender bestillingen...' : priceOre !== null ? `Bestil og betal · ${formatPrice(priceOre)}` : 'Bestil og betal'}
      </Button>
    </>
  );
}
