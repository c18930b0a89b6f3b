/**
 * One memorial on /subscription: its name, Premium or the free plan and until when, a bank transfer
 * still awaited, and what can be done: buy or extend Premium, or stop or carry on a subscription.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { Clock, Sparkles } from 'lucide-react';
import { Button } from '@/client/components/ui/button';
import { Notice } from '@/client/components/ui/notice';
import { BuyPremiumForm } from './BuyPremiumForm';
import { linkClass } from './format';
import { managedSubscription, premiumLine } from './premium-words';
import { SubscriptionControls } from './SubscriptionControls';
import type { Catalogue, PremiumMemorial } from './use-money';

export function MemorialPremiumCard({ memorial, catalogue }: { memorial: PremiumMemorial; catalogue: Catalogue }) {
  const [buying, setBuying] = useState(false);
  const subscription = managedSubscription(memorial);
  const headingId = `premium-${memorial.memorialId}`;
  // A renewing subscription, Premium for good or a transfer on its way: nothing more to buy now.
  const canBuy = memorial.canManage && !memorial.forGood && !memorial.pendingOrderId && !subscription;

  return (
    <article aria-labelledby={headingId} className="rounded-2xl border border-border bg-card px-5 py-6 shadow-xs sm:px-8 sm:py-7">
      <div className="flex flex-wrap items-start justify-between gap-x-6 gap-y-3">
        <div className="min-w-0">
          <h2 id={headingId} className="text-2xl break-words">
            <Link to={`/memorial/${memorial.slug}`} className="underline decoration-border underline-offset-4 hover:decoration-gold">
              {memorial.name}
            </Link>
          </h2>
          <p className="mt-1 text-lg">{premiumLine(memorial)}</p>
        </div>
        {memorial.premium ? (
          <span className="inline-flex items-center gap-1.5 rounded-full border border-gold/50 bg-gold-soft px-3 text-sm leading-8 font-semibold whitespace-nowrap">
            <Sparkles className="size-4 text-gold-text" aria-hidden="true" />
            Premium
          </span>
        ) : null}
      </div>

      {memorial.pendingOrderId ? (
        <Notice className="mt-5">
          <p className="flex items-start gap-2">
            <Clock className="mt-0.5 size-5 shrink-0 text-gold-text" aria-hidden="true" />
            <span>
              Venter på betaling –{' '}
              <Link to={`/orders?order=${memorial.pendingOrderId}`} className={linkClass}>
                se fakturaen
              </Link>
              . Når vi har modtaget overførslen, får mindesiden Premium.
            </span>
          </p>
        </Notice>
      ) : null}

      {!memorial.canManage ? (
        <p className="mt-4 text-muted-foreground">Det er mindesidens ejer, der køber og styrer Premium.</p>
      ) : buying ? (
        <BuyPremiumForm memorial={memorial} catalogue={catalogue} onClose={() => setBuying(false)} />
      ) : subscription || canBuy ? (
        <div className="mt-5 flex flex-wrap gap-3">
          {subscription ? <SubscriptionControls memorial={memorial} subscription={subscription} /> : null}
          {canBuy ? (
            <Button variant={memorial.premium ? 'secondary' : 'primary'} onClick={() => setBuying(true)}>
              <Sparkles aria-hidden="true" />
              {memorial.premium ? 'Forlæng Premium' : 'Køb Premium'}
            </Button>
          ) : null}
        </div>
      ) : null}
    </article>
  );
}
