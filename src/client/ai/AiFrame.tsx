/**
 * The frame both AI pages share: the way back to the memorial, the memorial's name over the page's
 * heading, the overview while it loads or when it cannot be had (a memorial that is not the
 * reader's to tend is "not found", as the server answers), and the three answers before there is
 * anything to make: not offered on this installation, nothing bought yet, or bought and waiting
 * for the payment. Each paid order goes to the page's own part; a refunded one shows what it made
 * with the page's result.
 */
import type { ComponentType } from 'react';
import { ArrowLeft, ShoppingBag } from 'lucide-react';
import { Link } from 'react-router';
import { PageShell } from '@/client/components/layout/PageShell';
import { QueryStatus } from '@/client/components/layout/QueryStatus';
import { Button } from '@/client/components/ui/button';
import { Notice } from '@/client/components/ui/notice';
import { usePageTitle } from '@/client/lib/page-title';
import { AI_MESSAGES } from '@/shared/ai';
import { useAiOverview } from './api';
import { RefundedOrder } from './RefundedOrder';
import { type ExtraPage, ORDER_KIND, type OrderProps, type ResultProps, refundedWithResults, workable } from './words';

const LINK = 'font-semibold text-gold-text underline decoration-gold/50 underline-offset-4 hover:decoration-gold-text';

const PAGE: Record<ExtraPage, { title: string; notOffered: string; buy: string; nothingYet: (name: string) => string; buyQuery: string }> = {
  greeting: {
    title: 'Animeret hilsen',
    notOffered: AI_MESSAGES.greetingNotOffered,
    buy: 'Bestil en animeret hilsen',
    buyQuery: 'greeting',
    nothingYet: (name) =>
      `Et stille portræt af ${name}, der bevæger sig en lille smule, med jeres hilsen skrevet under. I vælger billedet og skriver hilsenen selv, når hilsenen er betalt.`,
  },
  song: {
    title: 'Sang med AI',
    notOffered: AI_MESSAGES.songNotOffered,
    buy: 'Bestil en sang',
    buyQuery: 'song',
    nothingYet: (name) =>
      `En sang om ${name}, bygget på det, mindesiden fortæller. I vælger, hvad den skal handle om, læser og retter teksten, og så bliver musikken lavet. I går i gang, når sangen er betalt.`,
  },
};

interface AiFrameProps {
  page: ExtraPage;
  idOrSlug: string;
  lead: string;
  /** Each paid order of this kind that can still make something, newest first. */
  Order: ComponentType<OrderProps>;
  /** A finished try, as the page shows it. */
  Result: ComponentType<ResultProps>;
}

export function AiFrame({ page, idOrSlug, lead, Order, Result }: AiFrameProps) {
  const words = PAGE[page];
  const overview = useAiOverview(idOrSlug);
  usePageTitle(overview.data ? `${words.title} – ${overview.data.memorial.name}` : words.title);

  if (!overview.data) {
    return (
      <PageShell>
        <QueryStatus
          query={overview}
          pending="Henter mindesiden..."
          failed="Siden kunne ikke hentes"
          refusals={{
            404: {
              title: 'Mindesiden findes ikke',
              text: 'Den findes ikke, eller du er ikke administrator af den. Log ind med den konto, der passer mindesiden.',
              action: <Link to="/">Gå til forside</Link>,
            },
            401: {
              title: 'Log ind først',
              text: 'Siden er kun for dem, der passer mindesiden.',
              action: <Link to="/login">Log ind</Link>,
            },
          }}
        />
      </PageShell>
    );
  }

  const { memorial, offered } = overview.data;
  const mine = overview.data.orders.filter((order) => order.kind === ORDER_KIND[page]);
  const paid = mine.filter((order) => workable(order) || refundedWithResults(order));
  const unpaid = mine.filter((order) => order.status === 'pending_payment');
  const address = encodeURIComponent(memorial.slug);

  return (
    <PageShell>
      <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6 sm:py-14">
        <Link to={`/memorial/${address}`} className="inline-flex min-h-11 items-center gap-2 font-semibold text-muted-foreground hover:text-foreground">
          <ArrowLeft className="size-5" aria-hidden="true" />
          Til mindesiden
        </Link>
        <p className="mt-4 text-sm font-semibold tracking-[0.16em] break-words text-gold-text uppercase">{memorial.name}</p>
        <h1 className="mt-2 text-4xl sm:text-5xl">{words.title}</h1>
        <p className="mt-4 max-w-2xl text-lg text-muted-foreground dark:text-foreground/80">{lead}</p>

        <div className="mt-10 space-y-10">
          {!offered[page] && paid.length === 0 ? (
            <Notice title="Ikke muligt her">{words.notOffered}</Notice>
          ) : (
            <>
              {unpaid.map((order) => (
                <Notice key={order.orderId} title={`Ordre nr. ${order.number} venter på betaling`}>
                  <p>{AI_MESSAGES.orderNotPaid}</p>
                  <p className="mt-2">
                    <Link to={`/orders?order=${encodeURIComponent(order.orderId)}`} className={LINK}>
                      Se ordren
                    </Link>
                  </p>
                </Notice>
              ))}
              {paid.length === 0 && unpaid.length === 0 ? (
                <section aria-labelledby="intet-endnu" className="rounded-2xl border border-border bg-card px-5 py-7 sm:px-8">
                  <h2 id="intet-endnu" className="text-2xl">
                    I har ikke bestilt {page === 'greeting' ? 'en hilsen' : 'en sang'} endnu
                  </h2>
                  <p className="mt-3 text-lg">{words.nothingYet(memorial.name)}</p>
                  <Button asChild size="lg" className="mt-6 w-full sm:w-auto">
                    <Link to={`/orders?new=${words.buyQuery}&memorial=${encodeURIComponent(memorial.id)}`}>
                      <ShoppingBag aria-hidden="true" />
                      {words.buy}
                    </Link>
                  </Button>
                </section>
              ) : null}
              {paid.map((order) => {
                const props = { idOrSlug, overview: overview.data, order, numbered: paid.length > 1 };
                return order.status === 'refunded' ? <RefundedOrder key={order.orderId} page={page} Result={Result} {...props} /> : <Order key={order.orderId} {...props} />;
              })}
            </>
          )}
        </div>
      </div>
    </PageShell>
  );
}
