/**
 * /admin/orders/{id}: one order as staff need it at the desk or the packing table: who bought what
 * (company and CVR on a business order, the memorial, where it goes, the plaque's engraving), the
 * lines at the prices paid, the steps it has taken, its invoices, and the actions that fit where
 * it stands.
 */
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { QueryStatus } from '@/client/components/layout/QueryStatus';
import { Button } from '@/client/components/ui/button';
import { cn } from '@/client/lib/cn';
import { ORDER_KIND_LABELS, PAYMENT_METHOD_LABELS } from '@/shared/money';
import { formatPrice } from '@/shared/pricing';
import type { StaffRole } from '@/shared/staff';
import { AdminLayout } from '../AdminLayout';
import { FactList } from '../FactList';
import { Panel } from '../Panel';
import { danishDay, danishMoment } from '../people/format';
import { useUser } from '@/client/lib/use-user';
import { PRODUCTION_FLOOR } from '../admin-nav';
import { LaserStatusBadge } from '../production/badges';
import { OrderStatusBadge } from './badges';
import { OrderActions } from './OrderActions';
import { OrderInvoices } from './OrderInvoices';
import { OrderLines } from './OrderLines';
import { OrderTimeline } from './OrderTimeline';
import { type AdminOrder, useOrder } from './use-money';

/** A link among the facts: underlined, so it reads as one on a touch screen too. */
const factLink = 'font-semibold underline decoration-gold/40 underline-offset-4 hover:decoration-gold-text';

const back = (
  <Button asChild variant="secondary" size="sm">
    <Link to="/admin/orders">
      <ArrowLeft aria-hidden="true" />
      Alle ordrer
    </Link>
  </Button>
);

export default function OrderPage() {
  const { id = '' } = useParams();
  const query = useOrder(id);
  const order = query.data;

  if (!order) {
    const gone = { title: 'Ordren findes ikke', action: <Link to="/admin/orders">Til ordrer</Link> };
    return (
      <AdminLayout title="Ordre" actions={back}>
        <QueryStatus
          query={query}
          pending="Henter ordren..."
          failed="Ordren kunne ikke hentes"
          refusals={{ 404: { ...gone, text: 'Der er ingen ordre med den adresse.' }, 400: { ...gone, text: 'Adressen peger ikke på en ordre.' } }}
        />
      </AdminLayout>
    );
  }

  return (
    <AdminLayout
      title={`Ordre ${order.number}`}
      description={
        <span className="flex flex-wrap items-center gap-2">
          <OrderStatusBadge status={order.status} />
          <span>
            {ORDER_KIND_LABELS[order.kind]} · <span className="tabular-nums">{formatPrice(order.totalOre)}</span> · {danishDay(order.createdAt)}
          </span>
        </span>
      }
      actions={back}
    >
      {/* Two columns from 1024 px; below, one, with the actions first (what a tablet at the packing table is opened for). */}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
        <div className="contents lg:block lg:space-y-6">
          <Facts order={order} />
          <OrderLines order={order} />
          <OrderInvoices order={order} />
        </div>
        <div className="contents lg:block lg:space-y-6">
          <div className="order-first lg:order-none">
            <OrderActions order={order} />
          </div>
          <OrderTimeline order={order} />
        </div>
      </div>
    </AdminLayout>
  );
}

function Facts({ order }: { order: AdminOrder }) {
  const rows: [string, ReactNode][] = [
    ['Køber', order.buyerName],
    ...(order.buyerCompany || order.buyerCvr ? [['Virksomhed', [order.buyerCompany, order.buyerCvr ? `CVR ${order.buyerCvr}` : null].filter(Boolean).join(' · ')] as [string, ReactNode]] : []),
    ['E-mail', <a href={`mailto:${order.buyerEmail}`} className={cn(factLink, 'break-all')}>{order.buyerEmail}</a>],
    ...(order.resellerName ? [['Forhandler', order.resellerName] as [string, ReactNode]] : []),
    ['Vare', order.title],
    ['Mindeside', order.memorialSlug ? <Link to={`/memorial/${encodeURIComponent(order.memorialSlug)}`} className={factLink}>{order.memorialName ?? order.memorialSlug}</Link> : (order.memorialName ?? '–')],
    ['Betaling', PAYMENT_METHOD_LABELS[order.paymentMethod]],
    ['Bestilt', danishMoment(order.createdAt)],
  ];
  if (order.delivery) {
    rows.push([
      'Levering',
      <span className="block">
        <span className="block">{order.delivery.name}</span>
        <span className="block">{order.delivery.address}</span>
        <span className="block">
          {order.delivery.postcode} {order.delivery.town}
        </span>
      </span>,
    ]);
  }
  if (order.laserJob) rows.push(['Lasergravering', <LaserJobFact job={order.laserJob} />]);
  if (order.engraving) {
    rows.push([
      'Gravering',
      order.engraving.length === 0 ? (
        'Kun QR-koden'
      ) : (
        <span className="block rounded-lg border border-border bg-secondary/40 px-3 py-2 font-serif">
          {order.engraving.map((line, index) => (
            <span key={index} className="block">
              {line || '\u00a0'}
            </span>
          ))}
        </span>
      ),
    ]);
  }
  return (
    <Panel title="Ordren">
      <FactList rows={rows} />
    </Panel>
  );
}

/** Where the plaque's laser job stands; a link to it for those who work the laser (support sees the state only). */
function LaserJobFact({ job }: { job: NonNullable<AdminOrder['laserJob']> }) {
  const { user } = useUser();
  const state = (
    <>
      <LaserStatusBadge status={job.status} />
      {job.attempt > 1 ? <span className="text-muted-foreground"> · forsøg {job.attempt}</span> : null}
    </>
  );
  if (!user || !PRODUCTION_FLOOR.includes(user.role as StaffRole)) return <span className="inline-flex flex-wrap items-center gap-1">{state}</span>;
  return (
    <span className="inline-flex flex-wrap items-center gap-x-3 gap-y-1">
      <span className="inline-flex items-center gap-1">{state}</span>
      <Link to={`/admin/laser-engraving?job=${encodeURIComponent(job.id)}`} className={factLink}>
        Åbn laserjobbet
      </Link>
    </span>
  );
}
