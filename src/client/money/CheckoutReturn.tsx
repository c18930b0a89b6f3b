/**
 * The page a buyer comes back to from Stripe's payment page (/subscription/success and
 * /invoice-payment-success, with ?session_id=…): it shows only what the server says. Paid: thanks
 * and the way on. Not yet: a calm wait while it asks again. Still not after half a minute: that
 * it can take a while, and where to see it later.
 */
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { CircleCheck, Hourglass } from 'lucide-react';
import { QueryStatus } from '@/client/components/layout/QueryStatus';
import { PageShell } from '@/client/components/layout/PageShell';
import { Button } from '@/client/components/ui/button';
import { Ornament } from '@/client/components/ui/ornament';
import { type CheckoutResult, useCheckoutResult } from './use-checkout-result';

/** As QueryStatus lays out a whole page's state, so loading, waiting and done stand in the same place. */
const column = 'mx-auto flex max-w-xl flex-col items-center px-5 py-20 text-center sm:py-28';

interface CheckoutReturnProps {
  /** The heading and text once the server says it is paid, with the way on. */
  paid: (result: CheckoutResult) => { title: string; text: ReactNode; action: ReactNode };
  /** Where to look later when the confirmation is slow or the payment unknown: a Link. */
  later: ReactNode;
}

export function CheckoutReturn({ paid, later }: CheckoutReturnProps) {
  const [params] = useSearchParams();
  const sessionId = params.get('session_id')?.trim() ?? '';
  return (
    <PageShell>
      {sessionId ? (
        <Outcome sessionId={sessionId} paid={paid} later={later} />
      ) : (
        <Said
          icon={<Ornament />}
          title="Vi kan ikke se, hvilken betaling du kommer fra"
          text="Adressen mangler betalingens nummer. Har du betalt, kan du se ordren under dine bestillinger."
          action={later}
        />
      )}
    </PageShell>
  );
}

function Outcome({ sessionId, paid, later }: { sessionId: string } & CheckoutReturnProps) {
  const { query, waiting, gaveUp } = useCheckoutResult(sessionId);
  if (query.isPending || query.isError) {
    return (
      <QueryStatus
        query={query}
        pending="Vi henter betalingen..."
        failed="Betalingen kunne ikke hentes"
        refusals={{ 404: { title: 'Betalingen blev ikke fundet', text: 'Vi kender ikke den betaling. Har du betalt, kan du se ordren under dine bestillinger.', action: later } }}
      />
    );
  }
  if (query.data.paid) {
    const shown = paid(query.data);
    return <Said icon={<CircleCheck className="size-12 text-gold-text" aria-hidden="true" />} title={shown.title} text={shown.text} action={shown.action} />;
  }
  if (gaveUp) {
    return (
      <Said
        icon={<Hourglass className="size-12 text-gold-text" aria-hidden="true" />}
        title="Betalingen er ikke bekræftet endnu"
        text="Det kan tage lidt tid, før vi hører fra betalingen. I skal ikke betale igen: så snart den er bekræftet, kan I se det under jeres bestillinger."
        action={later}
      />
    );
  }
  return (
    <div role="status" aria-busy={waiting} className={column}>
      <Hourglass className="size-12 animate-pulse text-gold-text motion-reduce:animate-none" aria-hidden="true" />
      <h1 className="mt-6 text-3xl sm:text-4xl">Et øjeblik</h1>
      <p className="mt-4 text-lg text-muted-foreground">Vi venter på bekræftelsen fra betalingen…</p>
    </div>
  );
}

function Said({ icon, title, text, action }: { icon: ReactNode; title: string; text: ReactNode; action: ReactNode }) {
  return (
    <div className={column}>
      {icon}
      <h1 className="mt-6 text-3xl break-words sm:text-4xl">{title}</h1>
      <p className="mt-4 text-lg text-muted-foreground">{text}</p>
      <Button asChild size="lg" className="mt-10">
        {action}
      </Button>
    </div>
  );
}
