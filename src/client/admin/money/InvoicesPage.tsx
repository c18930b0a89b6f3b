/**
 * /admin/invoices: every invoice and credit note, newest first, each with its PDF and the order it
 * belongs to. A search over the number and the buyer and a status filter live in the address
 * (?q=&status=&page=). A dense table on a wide screen, cards on a phone.
 */
import { Link } from 'react-router';
import { FileDown } from 'lucide-react';
import { FilterSelect } from '@/client/components/ui/filter-select';
import { SearchField } from '@/client/components/ui/search-field';
import { useSearchText } from '@/client/lib/use-search-text';
import { INVOICE_STATUSES, INVOICE_STATUS_LABELS } from '@/shared/money';
import { formatPrice } from '@/shared/pricing';
import { AdminLayout } from '../AdminLayout';
import { ListResults, useListAddress } from '../ListControls';
import { danishDay } from '../people/format';
import { InvoiceStatusBadge } from './badges';
import { INVOICE_KIND_LABELS, danishShortDay, invoiceCount, invoiceName, invoicePdf, orderLink } from './format';
import { type AdminInvoiceRow, useInvoices } from './use-money';

/** adminInvoicesQuery's limit. */
const QUERY_MAX = 100;

const FILTERS = { status: INVOICE_STATUSES };

const textLink = 'font-semibold text-foreground underline decoration-gold/40 underline-offset-4 hover:decoration-gold-text';

export default function InvoicesPage() {
  const { filters, go } = useListAddress(FILTERS);
  const list = useInvoices(filters);
  const { text, setText, submit } = useSearchText(filters.q, (q, options) => go({ q }, options));
  const filtered = filters.q !== '' || filters.status !== '';

  return (
    <AdminLayout title="Fakturaer" description="Fakturaer og kreditnotaer med fortløbende numre. Nyeste først.">
      <form role="search" onSubmit={submit} className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-end">
        <SearchField id="invoices-q" value={text} onChange={setText} maxLength={QUERY_MAX} placeholder="Fakturanummer eller køber" />
        <FilterSelect
          id="invoices-status"
          label="Status"
          value={filters.status}
          onChange={(status) => go({ status })}
          options={[['', 'Alle'], ...INVOICE_STATUSES.map((s) => [s, INVOICE_STATUS_LABELS[s]] as const)]}
          width="sm:w-48"
        />
      </form>

      <ListResults
        query={list}
        pending="Henter fakturaer..."
        failed="Fakturaerne kunne ikke hentes"
        count={(page) => invoiceCount(page.total)}
        empty={(page) =>
          page.invoices.length > 0 ? null : filtered ? 'Ingen fakturaer passer til søgningen.' : page.page > 1 ? 'Der er ikke flere fakturaer.' : 'Der er ikke udstedt nogen fakturaer endnu.'
        }
        onPage={(page) => go({ page })}
      >
        {(page) => (
          <>
            <InvoiceTable invoices={page.invoices} />
            <InvoiceCards invoices={page.invoices} />
          </>
        )}
      </ListResults>
    </AdminLayout>
  );
}

function PdfLink({ invoice }: { invoice: AdminInvoiceRow }) {
  return (
    <a
      href={invoicePdf(invoice.id)}
      target="_blank"
      rel="noopener"
      aria-label={`${invoiceName(invoice)} som PDF (åbner i en ny fane)`}
      className="inline-flex min-h-11 min-w-11 items-center justify-center gap-1.5 rounded-lg px-2 font-semibold text-foreground no-underline hover:bg-secondary focus-visible:outline-3 focus-visible:outline-ring"
    >
      <FileDown className="size-5" aria-hidden="true" />
      PDF
    </a>
  );
}

/** Seven narrow columns (the kind under the number, the due date under the day issued), so it fits a tablet held upright. */
function InvoiceTable({ invoices }: { invoices: AdminInvoiceRow[] }) {
  return (
    // relative: the PDF column's hidden heading is placed inside the scrolling box, not out past the page's edge.
    <div className="relative mt-3 hidden overflow-x-auto rounded-lg border border-border md:block">
      <table className="w-full text-left text-sm">
        <thead className="bg-secondary/60 text-xs tracking-wide text-muted-foreground uppercase">
          <tr>
            <th scope="col" className="px-3 py-3 font-semibold">Nr.</th>
            <th scope="col" className="px-3 py-3 font-semibold">Udstedt</th>
            <th scope="col" className="px-3 py-3 font-semibold">Køber</th>
            <th scope="col" className="px-3 py-3 text-right font-semibold">Beløb</th>
            <th scope="col" className="px-3 py-3 font-semibold">Status</th>
            <th scope="col" className="px-3 py-3 font-semibold">Ordre</th>
            <th scope="col" className="px-3 py-3 font-semibold">
              <span className="sr-only">PDF</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {invoices.map((invoice) => (
            <tr key={invoice.id} className="align-top hover:bg-secondary/40">
              <td className="px-3 py-3 whitespace-nowrap">
                <span className="block font-semibold tabular-nums">{invoice.number}</span>
                <span className="block text-muted-foreground">{INVOICE_KIND_LABELS[invoice.kind]}</span>
              </td>
              <td className="px-3 py-3 whitespace-nowrap">
                <span className="block">{danishShortDay(invoice.issuedAt)}</span>
                {invoice.kind === 'invoice' ? <span className="block text-muted-foreground">forfald {danishShortDay(invoice.dueAt)}</span> : null}
              </td>
              <td className="min-w-32 px-3 py-3 break-words">{invoice.buyerName}</td>
              <td className="px-3 py-3 text-right whitespace-nowrap tabular-nums">{formatPrice(invoice.totalOre)}</td>
              <td className="px-3 py-3">
                <InvoiceStatusBadge status={invoice.status} />
              </td>
              <td className="px-3 py-1.5">
                <Link to={orderLink(invoice.orderId)} aria-label={`Ordre ${invoice.orderNumber}`} className={`inline-flex min-h-11 min-w-11 items-center tabular-nums ${textLink}`}>
                  {invoice.orderNumber}
                </Link>
              </td>
              <td className="py-1.5 pr-2 text-right">
                <PdfLink invoice={invoice} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function InvoiceCards({ invoices }: { invoices: AdminInvoiceRow[] }) {
  return (
    <ul className="mt-3 space-y-2 md:hidden">
      {invoices.map((invoice) => (
        <li key={invoice.id} className="rounded-lg border border-border bg-card px-4 py-3">
          <p className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
            <span className="font-semibold">
              {invoiceName(invoice)} · <span className="tabular-nums">{formatPrice(invoice.totalOre)}</span>
            </span>
            <InvoiceStatusBadge status={invoice.status} />
          </p>
          <p className="mt-1 break-words">{invoice.buyerName}</p>
          <p className="mt-0.5 text-sm text-muted-foreground">
            Udstedt {danishDay(invoice.issuedAt)}
            {invoice.kind === 'invoice' && invoice.status === 'open' ? ` · forfalder ${danishDay(invoice.dueAt)}` : ''}
          </p>
          <p className="mt-1 flex flex-wrap items-center gap-x-4">
            <Link to={orderLink(invoice.orderId)} className={`inline-flex min-h-11 items-center ${textLink}`}>
              Ordre {invoice.orderNumber}
            </Link>
            <PdfLink invoice={invoice} />
          </p>
        </li>
      ))}
    </ul>
  );
}
