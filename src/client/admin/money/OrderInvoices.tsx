/**
 * "Fakturaer": the order's invoice and any credit note, each with its status, dates and its PDF,
 * and, for a paid order without one, why none could be issued (the server says it in Danish).
 */
import { FileDown } from 'lucide-react';
import { buttonClass } from '@/client/components/ui/button';
import { Notice } from '@/client/components/ui/notice';
import { formatPrice } from '@/shared/pricing';
import { Panel } from '../Panel';
import { danishDay } from '../people/format';
import { InvoiceStatusBadge } from './badges';
import { invoiceName, invoicePdf } from './format';
import type { AdminOrder } from './use-money';

export function OrderInvoices({ order }: { order: AdminOrder }) {
  return (
    <Panel title="Fakturaer">
      {order.invoiceProblem ? (
        <Notice tone="problem" title="Ingen faktura" className="mb-3">
          {order.invoiceProblem}
        </Notice>
      ) : null}
      {order.invoices.length === 0 ? (
        order.invoiceProblem ? null : <p className="text-muted-foreground">Ordren har ingen faktura endnu.</p>
      ) : (
        <ul className="divide-y divide-border">
          {order.invoices.map((invoice) => (
            <li key={invoice.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-2.5">
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
                  <span className="font-semibold">{invoiceName(invoice)}</span>
                  <InvoiceStatusBadge status={invoice.status} />
                  <span className="tabular-nums">{formatPrice(invoice.totalOre)}</span>
                </p>
                <p className="text-sm text-muted-foreground">
                  Udstedt {danishDay(invoice.issuedAt)}
                  {invoice.kind === 'invoice' ? (invoice.paidAt ? ` · betalt ${danishDay(invoice.paidAt)}` : ` · forfalder ${danishDay(invoice.dueAt)}`) : ''}
                </p>
              </div>
              <a
                href={invoicePdf(invoice.id)}
                target="_blank"
                rel="noopener"
                aria-label={`${invoiceName(invoice)} som PDF (åbner i en ny fane)`}
                className={buttonClass('secondary', 'sm', 'no-underline')}
              >
                <FileDown className="size-5" aria-hidden="true" />
                PDF
              </a>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
