/**
 * Where to transfer an open invoice's amount: the seller's bank details as the invoice was issued
 * with them, the amount, the last day, and the invoice's number to write on the transfer so staff
 * can match it.
 */
import { Landmark } from 'lucide-react';
import { danishDay, formatPrice } from './format';
import type { InvoiceDetail } from './use-money';

/** "DK5000400440116243" → "DK50 0040 0440 1162 43", as an IBAN is printed to be read. */
const groupsOfFour = (iban: string) => iban.replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ');

export function BankTransferDetails({ invoice, bank }: { invoice: InvoiceDetail; bank: NonNullable<InvoiceDetail['bank']> }) {
  const rows = [
    { term: 'Reg.nr.', value: bank.regNumber },
    { term: 'Kontonr.', value: bank.accountNumber },
    { term: 'IBAN', value: groupsOfFour(bank.iban) },
    { term: 'Modtager', value: invoice.sellerName },
    { term: 'Beløb', value: formatPrice(invoice.totalOre) },
    { term: 'Betales senest', value: danishDay(invoice.dueAt) },
  ];
  return (
    <section aria-labelledby="bankoverfoersel" className="rounded-2xl border border-gold/40 bg-gold-soft/40 px-5 py-6 sm:px-8">
      <h2 id="bankoverfoersel" className="flex items-center gap-3 text-2xl">
        <Landmark className="size-6 text-gold-text" aria-hidden="true" />
        Betal med bankoverførsel
      </h2>
      <dl className="mt-5 divide-y divide-border/70">
        {rows.map((row) => (
          <div key={row.term} className="grid grid-cols-[8rem_minmax(0,1fr)] gap-3 py-2.5 sm:grid-cols-[10rem_minmax(0,1fr)]">
            <dt className="text-muted-foreground">{row.term}</dt>
            <dd className="font-semibold break-words tabular-nums">{row.value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-5 text-lg font-semibold">Skriv fakturanummeret {invoice.number} på overførslen.</p>
      <p className="mt-2 text-muted-foreground">Så kan vi se, hvad betalingen er for. Når vi har modtaget den, står fakturaen som betalt her.</p>
    </section>
  );
}
