/**
 * Everything an invoice or credit note shows, copied when it is issued (decision 0025): a later
 * change of price, address or bank account never rewrites an invoice already sent. Amounts in øre;
 * line prices include 25 % moms, as everything we sell is priced (PRODUCT.md "Money").
 */
export interface InvoiceParty {
  name: string;
  /** Street, postcode and town, one line each. */
  addressLines: string[];
  /** A business's CVR number, eight digits; absent for a private buyer. */
  cvr?: string;
  email?: string;
}

export interface InvoiceLine {
  description: string;
  quantity: number;
  /** One unit's price in øre incl. moms. */
  unitPriceOre: number;
  /** quantity × unitPriceOre, in øre incl. moms (negative on a credit note). */
  totalOre: number;
}

export interface BankDetails {
  regNumber: string;
  accountNumber: string;
  iban: string;
}

export interface InvoiceDocument {
  kind: 'invoice' | 'credit_note';
  /** Sequential, never skipped or repeated. */
  number: number;
  issuedAt: Date;
  /** When payment is due; for an invoice paid when issued, the same day. */
  dueAt: Date;
  /** Set when paid (card, MobilePay, or a bank transfer staff marked as received). */
  paidAt: Date | null;
  /** "Kort", "MobilePay" or "Bankoverførsel": how it was or is to be paid. */
  paymentMethodLabel: string;
  /** The order's number as the buyer knows it from /orders. */
  orderNumber: number;
  /** For a credit note: the number of the invoice it credits. */
  creditsInvoiceNumber: number | null;
  seller: InvoiceParty & { cvr: string };
  buyer: InvoiceParty;
  lines: InvoiceLine[];
  /** Sum of the lines, incl. moms. */
  totalOre: number;
  /** The moms within totalOre: total × 25/125, rounded to whole øre. */
  momsOre: number;
  /** totalOre − momsOre. */
  netOre: number;
  /** Shown on an unpaid invoice to be paid by transfer; null when paid by card or MobilePay. */
  bank: BankDetails | null;
  /** e.g. "Netto 8 dage". */
  paymentTerms: string;
}

/** As stored (jsonb): the dates as ISO strings. */
export type InvoiceDocumentJson = Omit<InvoiceDocument, 'issuedAt' | 'dueAt' | 'paidAt'> & { issuedAt: string; dueAt: string; paidAt: string | null };

export const invoiceToJson = (d: InvoiceDocument): InvoiceDocumentJson => ({
  ...d,
  issuedAt: d.issuedAt.toISOString(),
  dueAt: d.dueAt.toISOString(),
  paidAt: d.paidAt ? d.paidAt.toISOString() : null,
});

export const invoiceFromJson = (d: InvoiceDocumentJson): InvoiceDocument => ({
  ...d,
  issuedAt: new Date(d.issuedAt),
  dueAt: new Date(d.dueAt),
  paidAt: d.paidAt ? new Date(d.paidAt) : null,
});

/** The moms inside an amount incl. 25 % moms, in whole øre. */
export function momsOf(totalOre: number): number {
  return Math.round((totalOre * 25) / 125);
}
