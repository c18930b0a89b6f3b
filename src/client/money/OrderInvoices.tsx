/** An order's invoices and credit notes: number, state, amount, the PDF, and the way to pay one still open. */
import { Link } from 'react-router';
import { FileDown, FileText } from 'lucide-react';
import { INVOICE_STATUS_LABELS } from '@/shared/money';
import { Button } from '@/client/components/ui/button';
import { danishDay, formatPrice } from './format';
import type { OrderDetail } from './use-money';

export function OrderInvoices({ invoices }: { invoices: OrderDetail['invoices'] }) {
  return (
    <ul className="divide-y divide-border">
      {invoices.map((invoice) => {
        const name = `${invoice.kind === 'credit_note' ? 'Kreditnota' : 'Faktura'} nr. ${invoice.number}`;
        const open = invoice.status === 'open' && invoice.kind === 'invoice';
        return (
          <li key={invoice.id} className="py-4 first:pt-0 last:pb-0">
            <p className="flex items-center gap-2 font-semibold">
              <FileText className="size-5 shrink-0 text-gold-text" aria-hidden="true" />
              <Link to={`/invoice-payment/${invoice.id}`} className="underline decoration-border underline-offset-4 hover:decoration-gold">
                {name}
              </Link>
            </p>
            <p className="mt-1 text-muted-foreground">
              {formatPrice(invoice.totalOre)} · {INVOICE_STATUS_LABELS[invoice.status]}
              {invoice.paidAt ? ` ${danishDay(invoice.paidAt)}` : open ? ` · betales senest ${danishDay(invoice.dueAt)}` : ''}
            </p>
            <div className="mt-3 flex flex-wrap gap-3">
              {open ? (
                <Button asChild size="sm">
                  <Link to={`/invoice-payment/${invoice.id}`}>
                    Betal<span className="sr-only"> {name}</span>
                  </Link>
                </Button>
              ) : null}
              <Button asChild size="sm" variant="secondary">
                <a href={`/api/invoices/${invoice.id}/pdf`} download>
                  <FileDown aria-hidden="true" />
                  Hent PDF<span className="sr-only"> ({name})</span>
                </a>
              </Button>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
