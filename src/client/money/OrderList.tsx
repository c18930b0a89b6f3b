/**
 * "Mine bestillinger": the person's orders, newest first, each a link to itself (/orders?order=…):
 * its number and date, what it is, for which memorial, the total and where it stands.
 */
import { Link } from 'react-router';
import { ChevronRight } from 'lucide-react';
import { danishDay, formatPrice } from './format';
import { OrderStatusPill } from './OrderStatusPill';
import type { OrderSummary } from './use-money';

export function OrderList({ orders }: { orders: OrderSummary[] }) {
  const newestFirst = [...orders].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return (
    <ul className="divide-y divide-border overflow-hidden rounded-2xl border border-border bg-card">
      {newestFirst.map((order) => (
        <li key={order.id}>
          <Link
            to={`/orders?order=${order.id}`}
            className="flex items-center gap-3 px-5 py-5 hover:bg-secondary/60 focus-visible:outline-3 focus-visible:-outline-offset-3 focus-visible:outline-ring sm:px-6"
          >
            <div className="min-w-0 flex-1">
              <p className="text-sm text-muted-foreground">
                Ordre nr. {order.number} · {danishDay(order.createdAt)}
              </p>
              <p className="mt-1 text-lg font-semibold break-words">{order.title}</p>
              {order.memorialName ? <p className="break-words text-muted-foreground">{order.memorialName}</p> : null}
              <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-2">
                <span className="font-semibold tabular-nums">{formatPrice(order.totalOre)}</span>
                <OrderStatusPill status={order.status} />
              </div>
            </div>
            <ChevronRight className="size-6 shrink-0 text-muted-foreground" aria-hidden="true" />
          </Link>
        </li>
      ))}
    </ul>
  );
}
