/**
 * One order (/orders?order={id}), GET /api/orders/{id}: what was bought, its steps with their times,
 * where it goes, the engraving, its invoices, and why an invoice is missing if one is. An order
 * still waiting for a card or MobilePay payment can be paid from here.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowLeft, Sparkles } from 'lucide-react';
import { PAYMENT_METHOD_LABELS } from '@/shared/money';
import { QueryStatus } from '@/client/components/layout/QueryStatus';
import { Button } from '@/client/components/ui/button';
import { Notice } from '@/client/components/ui/notice';
import { usePageTitle } from '@/client/lib/page-title';
import { CancelOrder } from './CancelOrder';
import { danishDay, linkClass } from './format';
import { MoneyColumn, MoneyPage } from './MoneyPage';
import { OrderInvoices } from './OrderInvoices';
import { OrderLines } from './OrderLines';
import { OrderStatusPill } from './OrderStatusPill';
import { OrderSteps } from './OrderSteps';
import { PayByCard } from './PayByCard';
import { EXTRA_PAGE, howItIsMade } from './product-words';
import { type OrderDetail, useCatalogue, useOrder } from './use-money';

const notFound = {
  title: 'Ordren blev ikke fundet',
  text: 'Den findes ikke, eller den hører til en anden konto.',
  action: <Link to="/orders">Se alle bestillinger</Link>,
};

export function OrderDetailView({ id }: { id: string }) {
  const order = useOrder(id);
  usePageTitle(order.data ? `Ordre nr. ${order.data.number}` : 'Ordre');
  if (order.isPending || order.isError) {
    return (
      <MoneyColumn>
        <BackLink />
        <QueryStatus query={order} pending="Henter ordren..." failed="Ordren kunne ikke hentes" refusals={{ 404: notFound, 400: notFound }} />
      </MoneyColumn>
    );
  }
  return <Order order={order.data} />;
}

function BackLink() {
  return (
    <Link to="/orders" className={`${linkClass} mb-6 inline-flex min-h-11 items-center gap-2`}>
      <ArrowLeft className="size-5" aria-hidden="true" />
      Alle bestillinger
    </Link>
  );
}

function Order({ order }: { order: OrderDetail }) {
  const openInvoice = order.invoices.some((invoice) => invoice.kind === 'invoice' && invoice.status === 'open');
  const payable = order.status === 'pending_payment' && !openInvoice && order.paymentMethod !== 'bank_transfer';
  return (
    <MoneyPage
      before={<BackLink />}
      eyebrow="Ordre"
      title={`Ordre nr. ${order.number}`}
      lead={
        <>
          <p className="text-foreground break-words">
            {order.title}
            {order.memorialName ? ` · ${order.memorialName}` : ''}
          </p>
          <p className="mt-1">
            Bestilt {danishDay(order.createdAt)} · {PAYMENT_METHOD_LABELS[order.paymentMethod]}
          </p>
          <OrderStatusPill status={order.status} className="mt-4 text-base leading-9" />
        </>
      }
    >
      <div className="space-y-6">

      {order.invoiceProblem ? <Notice title="Om fakturaen">{order.invoiceProblem}</Notice> : null}
      {payable ? <PayOpenOrder orderId={order.id} /> : null}
      <HowItIsMade order={order} />

      <Part title="Det har I bestilt">
        <OrderLines caption={`Ordre nr. ${order.number}`} lines={order.lines} totalOre={order.totalOre} />
      </Part>
      {order.engraving && order.engraving.some((line) => line.trim()) ? (
        <Part title="Tekst på pladen">
          <p className="font-serif text-xl leading-relaxed whitespace-pre-line">{order.engraving.filter((line) => line.trim()).join('\n')}</p>
        </Part>
      ) : null}
      <Part title="Forløb">
        <OrderSteps order={order} />
      </Part>
      {order.delivery ? (
        <Part title="Leveres til">
          <address className="not-italic">
            {order.delivery.name}
            <br />
            {order.delivery.address}
            <br />
            {order.delivery.postcode} {order.delivery.town}
          </address>
        </Part>
      ) : null}
      <Part title="Fakturaer">
        {order.invoices.length ? <OrderInvoices invoices={order.invoices} /> : <p className="text-muted-foreground">Ingen faktura endnu.</p>}
      </Part>
      {order.status === 'pending_payment' ? (
        <div className="flex justify-end">
          <CancelOrder order={order} />
        </div>
      ) : null}
      </div>
    </MoneyPage>
  );
}

/** A greeting or a song: what happens next, and once it is paid the way to the page where the family makes it. */
function HowItIsMade({ order }: { order: OrderDetail }) {
  const kind = order.kind === 'animated_greeting' || order.kind === 'song' ? order.kind : null;
  if (!kind || order.status === 'cancelled' || order.status === 'refunded') return null;
  if (order.status === 'pending_payment') return <Notice>{howItIsMade(kind, 'unpaid order')}</Notice>;
  const memorialId = order.memorialId;
  const page = EXTRA_PAGE[kind];
  return (
    <Notice>
      <p>{howItIsMade(kind, 'paid order')}</p>
      {memorialId ? (
        <Button asChild size="lg" className="mt-4 w-full sm:w-auto">
          <Link to={`/memorial/${encodeURIComponent(memorialId)}/${page.path}`}>
            <Sparkles aria-hidden="true" />
            {page.action}
          </Link>
        </Button>
      ) : null}
    </Notice>
  );
}

/** A card or MobilePay order left unpaid (the payment page was closed): it can be paid again. */
function PayOpenOrder({ orderId }: { orderId: string }) {
  const catalogue = useCatalogue();
  if (!catalogue.data) return null;
  return <PayByCard orderId={orderId} cardPayments={catalogue.data.cardPayments} />;
}

function Part({ title, children }: { title: string; children: ReactNode }) {
  const id = `del-${title.toLowerCase().replace(/[^a-zæøå]+/g, '-')}`;
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-border bg-card px-5 py-6 sm:px-8">
      <h2 id={id} className="text-2xl">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}
