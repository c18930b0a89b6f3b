/**
 * Paying an open order by card or MobilePay instead of a transfer: POST
 * /api/orders/{orderId}/checkout, then on to Stripe's page. Without Stripe set up, both are shown
 * disabled with the reason.
 */
import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Notice } from '@/client/components/ui/notice';
import { Button } from '@/client/components/ui/button';
import { errorMessage, apiRequest } from '@/client/lib/request';
import { PaymentMethodChoice, firstUsable } from './PaymentMethodChoice';
import { useOnePayment } from './use-one-payment';

const METHODS = ['card', 'mobilepay'] as const;
type CardMethod = (typeof METHODS)[number];

interface PayByCardProps {
  orderId: string;
  cardPayments: boolean;
  /** The invoice's transfer details stand above: this is the other way to pay it. */
  alternative?: boolean;
}

export function PayByCard({ orderId, cardPayments, alternative = false }: PayByCardProps) {
  const setup = { cardPayments, invoicing: true };
  const [method, setMethod] = useState(() => firstUsable(METHODS, setup) as CardMethod | null);
  const payment = useOnePayment();
  const checkout = useMutation({
    mutationFn: (paymentMethod: CardMethod) => apiRequest<{ checkoutUrl: string }>('POST', `/api/orders/${orderId}/checkout`, { body: { paymentMethod } }),
    onSuccess: ({ checkoutUrl }) => payment.leaveFor(checkoutUrl),
    onError: payment.release,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (method && payment.claim()) checkout.mutate(method);
  };

  return (
    <form noValidate onSubmit={submit} aria-labelledby="betal-med-kort" className="rounded-2xl border border-border bg-card px-5 py-6 sm:px-8">
      <h2 id="betal-med-kort" className="text-2xl">
        {alternative ? 'Eller betal med kort eller MobilePay' : 'Betal med kort eller MobilePay'}
      </h2>
      <div className="mt-5">
        <PaymentMethodChoice
          legend="Vælg betaling"
          methods={METHODS}
          value={method}
          onChange={(next) => setMethod(next as CardMethod)}
          cardPayments={cardPayments}
          invoicing
          unavailable={alternative ? 'Betaling med kort og MobilePay er ikke sat op endnu. Betal med bankoverførsel som beskrevet ovenfor.' : undefined}
        />
      </div>
      {checkout.error ? (
        <Notice tone="problem" title="Betalingen kunne ikke startes" className="mt-5">
          <p role="alert">{errorMessage(checkout.error)}</p>
        </Notice>
      ) : null}
      {cardPayments ? (
        <Button type="submit" size="lg" className="mt-6 w-full sm:w-auto" disabled={!method || checkout.isPending || payment.leaving}>
          {payment.leaving ? 'Går til betaling...' : checkout.isPending ? 'Sender...' : 'Gå til betaling'}
        </Button>
      ) : null}
    </form>
  );
}
