/**
 * /invoice-payment/{id}: one invoice (or credit note) as the buyer pays it: its number, lines, the
 * sum without moms, the moms and the total, the last day, the PDF, and while it is open the ways to
 * pay: card or MobilePay through Stripe, or a transfer to the account printed on it.
 */
import { Link, useParams } from 'react-router';
import { CircleCheck, FileDown } from 'lucide-react';
import { INVOICE_STATUS_LABELS } from '@/shared/money';
import { QueryStatus } from '@/client/components/layout/QueryStatus';
import { Button } from '@/client/components/ui/button';
import { Notice } from '@/client/components/ui/notice';
import { PageShell } from '@/client/components/layout/PageShell';
import { cn } from '@/client/lib/cn';
import { usePageTitle } from '@/client/lib/page-title';
import { BankTransferDetails } from './BankTransferDetails';
import { danishDay, linkClass } from './format';
import { MoneyPage } from './MoneyPage';
import { OrderLines } from './OrderLines';
import { PayByCard } from './PayByCard';
import { SignedIn } from './SignedIn';
import { type InvoiceDetail, useInvoice } from './use-money';

export default function InvoicePaymentPage() {
  const { id = '' } = useParams();
  return <SignedIn>{() => <Invoice id={id} />}</SignedIn>;
}

const notFound = {
  title: 'Fakturaen blev ikke fundet',
  text: 'Den findes ikke, eller den hører til en anden konto. Dine fakturaer ligger under dine bestillinger.',
  action: <Link to="/orders">Gå til mine bestillinger</Link>,
};

function Invoice({ id }: { id: string }) {
  const invoice = useInvoice(id);
  usePageTitle(invoice.data ? invoiceTitle(invoice.data) : 'Faktura');
  if (invoice.isPending || invoice.isError) {
    return (
      <PageShell>
        <QueryStatus query={invoice} pending="Henter fakturaen..." failed="Fakturaen kunne ikke hentes" refusals={{ 404: notFound, 400: notFound }} />
      </PageShell>
    );
  }
  return <InvoiceShown invoice={invoice.data} />;
}

const invoiceTitle = (invoice: InvoiceDetail) => `${invoice.kind === 'credit_note' ? 'Kreditnota' : 'Faktura'} nr. ${invoice.number}`;

function InvoiceShown({ invoice }: { invoice: InvoiceDetail }) {
  const credit = invoice.kind === 'credit_note';
  const title = invoiceTitle(invoice);
  const open = invoice.status === 'open' && !credit;
  return (
    <MoneyPage
      eyebrow={credit ? 'Kreditnota' : 'Faktura'}
      title={title}
      lead={
        <p>
          Til{' '}
          <Link to={`/orders?order=${invoice.orderId}`} className={linkClass}>
            ordre nr. {invoice.orderNumber}
          </Link>
          . Udstedt {danishDay(invoice.issuedAt)} af {invoice.sellerName}.
        </p>
      }
    >
      <div className="space-y-8">
        <div className="flex flex-wrap items-center justify-between gap-4">
          <StatusPill invoice={invoice} />
          <Button asChild variant="secondary">
            <a href={`/api/invoices/${invoice.id}/pdf`} download>
              <FileDown aria-hidden="true" />
              Hent {credit ? 'kreditnota' : 'faktura'} (PDF)
            </a>
          </Button>
        </div>

        {invoice.status === 'paid' && invoice.paidAt ? (
          <Notice>
            <p className="flex items-start gap-2 text-lg">
              <CircleCheck className="mt-1 size-5 shrink-0 text-gold-text" aria-hidden="true" />
              Fakturaen er betalt {danishDay(invoice.paidAt)}. Tak.
            </p>
          </Notice>
        ) : null}

        <section aria-labelledby="faktura-linjer" className="rounded-2xl border border-border bg-card px-5 py-6 sm:px-8">
          <h2 id="faktura-linjer" className="text-2xl">
            Det er {credit ? 'krediteret' : 'købt'}
          </h2>
          <div className="mt-4">
            <OrderLines caption={title} lines={invoice.lines} totalOre={invoice.totalOre} moms={{ netOre: invoice.netOre, momsOre: invoice.momsOre }} />
          </div>
          {open ? (
            <p className="mt-5 text-muted-foreground">
              {invoice.paymentTerms}: betales senest <span className="font-semibold text-foreground">{danishDay(invoice.dueAt)}</span>.
            </p>
          ) : null}
        </section>

        {open ? (
          <>
            {invoice.bank ? <BankTransferDetails invoice={invoice} bank={invoice.bank} /> : null}
            <PayByCard orderId={invoice.orderId} cardPayments={invoice.cardPayments} alternative={invoice.bank !== null} />
          </>
        ) : null}
      </div>
    </MoneyPage>
  );
}

function StatusPill({ invoice }: { invoice: InvoiceDetail }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full border px-3 text-base leading-9 font-semibold whitespace-nowrap',
        invoice.status === 'paid' ? 'border-gold/50 bg-gold-soft' : invoice.status === 'open' ? 'border-border bg-card' : 'border-border bg-background text-muted-foreground',
      )}
    >
      {INVOICE_STATUS_LABELS[invoice.status]}
    </span>
  );
}
