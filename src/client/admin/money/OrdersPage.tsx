/**
 * /admin/orders: every order, newest first, to find one and see where it stands. A search over
 * the order's number and the buyer's name and e-mail, and filters by status and by what was
 * bought, live in the address (?q=&status=&kind=&page=), so back, forward and reload keep them.
 * A dense table on a wide screen, cards on a phone; every row opens the order.
 */
import { Link } from 'react-router';
import { FilterSelect } from '@/client/components/ui/filter-select';
import { SearchField } from '@/client/components/ui/search-field';
import { useSearchText } from '@/client/lib/use-search-text';
import { ORDER_KINDS, ORDER_KIND_LABELS, ORDER_STATUSES, ORDER_STATUS_LABELS, PAYMENT_METHOD_LABELS } from '@/shared/money';
import { formatPrice } from '@/shared/pricing';
import { AdminLayout } from '../AdminLayout';
import { ListResults, useListAddress } from '../ListControls';
import { danishDay } from '../people/format';
import { OrderStatusBadge } from './badges';
import { danishShortDay, orderCount, orderLink } from './format';
import { type AdminOrderRow, useOrders } from './use-money';

/** adminOrdersQuery's limit. */
const QUERY_MAX = 100;

const FILTERS = { status: ORDER_STATUSES, kind: ORDER_KINDS };

export default function OrdersPage() {
  const { filters, go } = useListAddress(FILTERS);
  const list = useOrders(filters);
  const { text, setText, submit } = useSearchText(filters.q, (q, options) => go({ q }, options));
  const filtered = filters.q !== '' || filters.status !== '' || filters.kind !== '';

  return (
    <AdminLayout title="Ordrer" description="Alt, der er købt: Premium, QR-plader, ekstra koder og forhandlernes QR-pakker. Nyeste først.">
      <form role="search" onSubmit={submit} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-[minmax(0,1fr)_auto_auto] lg:items-end">
        <div className="sm:col-span-2 lg:col-span-1">
          <SearchField id="orders-q" value={text} onChange={setText} maxLength={QUERY_MAX} placeholder="Ordrenummer, navn eller e-mail" />
        </div>
        <FilterSelect
          id="orders-status"
          label="Status"
          value={filters.status}
          onChange={(status) => go({ status })}
          options={[['', 'Alle'], ...ORDER_STATUSES.map((s) => [s, ORDER_STATUS_LABELS[s]] as const)]}
          width="lg:w-52"
        />
        <FilterSelect
          id="orders-kind"
          label="Vare"
          value={filters.kind}
          onChange={(kind) => go({ kind })}
          options={[['', 'Alle'], ...ORDER_KINDS.map((k) => [k, ORDER_KIND_LABELS[k]] as const)]}
          width="lg:w-52"
        />
      </form>

      <ListResults
        query={list}
        pending="Henter ordrer..."
        failed="Ordrerne kunne ikke hentes"
        count={(page) => orderCount(page.total)}
        empty={(page) => (page.orders.length > 0 ? null : filtered ? 'Ingen ordrer passer til søgningen.' : page.page > 1 ? 'Der er ikke flere ordrer.' : 'Der er ingen ordrer endnu.')}
        onPage={(page) => go({ page })}
      >
        {(page) => (
          <>
            <OrderTable orders={page.orders} />
            <OrderCards orders={page.orders} />
          </>
        )}
      </ListResults>
    </AdminLayout>
  );
}

/** The buyer, and under it the reseller the order belongs to when there is one (the e-mail is on the order's page). */
function Buyer({ order }: { order: AdminOrderRow }) {
  return (
    <>
      <span className="block">{order.buyerName}</span>
      {order.resellerName ? <span className="block text-muted-foreground">{order.resellerName}</span> : null}
    </>
  );
}

/** Five columns, each two lines at most (the number over its date, the amount over how it is paid), so it fits a tablet held upright. */
function OrderTable({ orders }: { orders: AdminOrderRow[] }) {
  return (
    <div className="mt-3 hidden overflow-x-auto rounded-lg border border-border md:block">
      <table className="w-full text-left text-sm">
        <thead className="bg-secondary/60 text-xs tracking-wide text-muted-foreground uppercase">
          <tr>
            <th scope="col" className="px-3 py-3 font-semibold">Ordre</th>
            <th scope="col" className="px-3 py-3 font-semibold">Køber</th>
            <th scope="col" className="px-3 py-3 font-semibold">Vare</th>
            <th scope="col" className="px-3 py-3 text-right font-semibold">Beløb</th>
            <th scope="col" className="px-3 py-3 font-semibold">Status</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {orders.map((order) => (
            <tr key={order.id} className="align-top hover:bg-secondary/40">
              <td className="px-3 pt-1 pb-2 whitespace-nowrap">
                <Link
                  to={orderLink(order.id)}
                  aria-label={`Ordre ${order.number}`}
                  className="inline-flex min-h-10 min-w-11 items-center font-semibold text-foreground tabular-nums underline decoration-gold/40 underline-offset-4 hover:decoration-gold-text"
                >
                  {order.number}
                </Link>
                <span className="block text-muted-foreground">{danishShortDay(order.createdAt)}</span>
              </td>
              <td className="min-w-36 px-3 py-3 break-words">
                <Buyer order={order} />
              </td>
              <td className="min-w-44 px-3 py-3 break-words">
                <span className="block">{order.title}</span>
                {order.memorialName ? <span className="block text-muted-foreground">{order.memorialName}</span> : null}
              </td>
              <td className="px-3 py-3 text-right whitespace-nowrap">
                <span className="block tabular-nums">{formatPrice(order.totalOre)}</span>
                <span className="block text-muted-foreground">{PAYMENT_METHOD_LABELS[order.paymentMethod]}</span>
              </td>
              <td className="px-3 py-3">
                <OrderStatusBadge status={order.status} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function OrderCards({ orders }: { orders: AdminOrderRow[] }) {
  return (
    <ul className="mt-3 space-y-2 md:hidden">
      {orders.map((order) => (
        <li key={order.id}>
          <Link to={orderLink(order.id)} className="block rounded-lg border border-border bg-card px-4 py-3 text-foreground no-underline hover:bg-secondary/40 focus-visible:outline-3 focus-visible:outline-ring">
            <span className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
              <span className="font-semibold">
                Ordre {order.number} · <span className="tabular-nums">{formatPrice(order.totalOre)}</span>
              </span>
              <OrderStatusBadge status={order.status} />
            </span>
            <span className="mt-1 block break-words">{order.title}</span>
            <span className="mt-0.5 block text-sm break-words text-muted-foreground">
              {order.buyerName}
              {order.resellerName ? ` · ${order.resellerName}` : ''}
            </span>
            <span className="mt-0.5 block text-sm text-muted-foreground">
              {danishDay(order.createdAt)} · {PAYMENT_METHOD_LABELS[order.paymentMethod]}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
