/** The back office's money in Danish words: counts, numbers of orders and invoices, a price typed in kroner. */
import { adminMoneyMessages } from '@/shared/money-admin';
import { danishNumber } from '../people/format';

const shortDay = new Intl.DateTimeFormat('da-DK', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Europe/Copenhagen' });

/** "22. nov. 2026": a date in a dense table's column, where the month in full would push the rest onto more lines. */
export const danishShortDay = (iso: string) => shortDay.format(new Date(iso));

/** "1 ordre", "12 ordrer". */
export const orderCount = (n: number) => `${danishNumber(n)} ${n === 1 ? 'ordre' : 'ordrer'}`;
/** "1 faktura", "12 fakturaer". */
export const invoiceCount = (n: number) => `${danishNumber(n)} ${n === 1 ? 'faktura' : 'fakturaer'}`;

export const INVOICE_KIND_LABELS = { invoice: 'Faktura', credit_note: 'Kreditnota' } as const;

/** "Faktura 1042", "Kreditnota 1043": the number as it stands on the PDF. */
export const invoiceName = (invoice: { kind: keyof typeof INVOICE_KIND_LABELS; number: number }) => `${INVOICE_KIND_LABELS[invoice.kind]} ${invoice.number}`;

/** An order's page in the back office. */
export const orderLink = (id: string) => `/admin/orders/${encodeURIComponent(id)}`;

/** Where an invoice's PDF is fetched for staff. */
export const invoicePdf = (id: string) => `/api/admin/invoices/${encodeURIComponent(id)}/pdf`;

/** A price as it is typed back into the field: 59900 → "599,00" (no thousands point, so it reads back the same). */
export const kronerText = (ore: number) => (ore / 100).toLocaleString('da-DK', { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false });

/** priceBody's bounds: at least 1 kr., at most 100.000 kr. */
const MIN_ORE = 100;
const MAX_ORE = 10_000_000;

/**
 * What is typed in a price field ("599,00", "1.499", "1 499,5", "599 kr.") as øre, or
 * adminMoneyMessages.price. A comma is the decimal mark and a point groups thousands, as a Dane
 * writes; a point followed by one or two digits at the end is read as the decimal mark too
 * ("599.00"), since no thousands group has fewer than three.
 */
export function parseKroner(typed: string): { ore: number } | { error: string } {
  const text = typed.trim().replace(/\s*kr\.?$/i, '').replace(/[\s\u00a0]/g, '');
  const grouped = /^(\d{1,3}(?:\.\d{3})+|\d+)(?:[,.](\d{1,2}))?$/.exec(text);
  if (!grouped) return { error: adminMoneyMessages.price };
  const kroner = Number(grouped[1]!.replaceAll('.', ''));
  const ore = kroner * 100 + Number((grouped[2] ?? '').padEnd(2, '0'));
  if (!Number.isSafeInteger(ore) || ore < MIN_ORE || ore > MAX_ORE) return { error: adminMoneyMessages.price };
  return { ore };
}
