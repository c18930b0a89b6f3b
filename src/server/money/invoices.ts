/**
 * Issuing invoices and credit notes (decision 0025). The number comes from the one-row counter in
 * the transaction that inserts the invoice: the row lock serialises issuers on every server, a
 * rolled-back purchase gives its number back, and the unique index is the backstop. What the PDF
 * shows is copied into the row when issued.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { type BankDetails, type InvoiceDocument, type InvoiceLine, invoiceFromJson, invoiceToJson, momsOf } from '../../shared/invoice';
import { INVOICE_DUE_DAYS, PAYMENT_METHOD_LABELS, PAYMENT_TERMS, type PaymentMethod } from '../../shared/money';
import { moneyMessages } from '../../shared/money-api';
import type { Config } from '../config';
import type { Db, Tx } from '../db/connection';
import { invoiceCounter, invoices, orderLines, type orders } from '../db/schema';

export type InvoiceRow = typeof invoices.$inferSelect;
type OrderRow = typeof orders.$inferSelect;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Why no invoice can be issued for `method` yet, in Danish; null when it can. */
export function invoicingProblem(config: Config, method: PaymentMethod): string | null {
  if (!config.DATA_CONTROLLER_ADDRESS || !config.DATA_CONTROLLER_CVR) return moneyMessages.invoicingMissing;
  if (method === 'bank_transfer' && !bankDetails(config)) return moneyMessages.invoicingMissing;
  return null;
}

function bankDetails(config: Config): BankDetails | null {
  if (!config.BANK_REG_NUMBER || !config.BANK_ACCOUNT_NUMBER || !config.BANK_IBAN) return null;
  return { regNumber: config.BANK_REG_NUMBER, accountNumber: config.BANK_ACCOUNT_NUMBER, iban: config.BANK_IBAN };
}

async function nextNumber(tx: Tx): Promise<number> {
  const [row] = await tx
    .update(invoiceCounter)
    .set({ last: sql`${invoiceCounter.last} + 1` })
    .where(eq(invoiceCounter.id, 1))
    .returning({ last: invoiceCounter.last });
  return row!.last;
}

function seller(config: Config) {
  return {
    name: config.DATA_CONTROLLER_NAME,
    addressLines: config.DATA_CONTROLLER_ADDRESS.split(',').map((part) => part.trim()).filter(Boolean),
    cvr: config.DATA_CONTROLLER_CVR,
    email: config.CONTACT_EMAIL,
  };
}

function buyer(order: OrderRow) {
  const addressLines =
    order.deliveryAddress && order.deliveryPostcode ? [order.deliveryAddress, `${order.deliveryPostcode} ${order.deliveryTown ?? ''}`.trim()] : [];
  const name = order.buyerCompany || order.buyerName;
  return {
    name,
    addressLines: order.buyerCompany ? [`Att. ${order.buyerName}`, ...addressLines] : addressLines,
    ...(order.buyerCvr ? { cvr: order.buyerCvr } : {}),
    email: order.buyerEmail,
  };
}

/**
 * The invoice for `order`: open (to be paid by transfer, due in INVOICE_DUE_DAYS days) or paid
 * (card, MobilePay, or a transfer already received). The caller has checked invoicingProblem.
 */
export async function issueInvoice(tx: Tx, config: Config, order: OrderRow, { paidAt, now }: { paidAt: Date | null; now: Date }): Promise<InvoiceRow> {
  const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.id));
  const number = await nextNumber(tx);
  const dueAt = paidAt ? now : new Date(now.getTime() + INVOICE_DUE_DAYS * DAY_MS);
  const document: InvoiceDocument = {
    kind: 'invoice',
    number,
    issuedAt: now,
    dueAt,
    paidAt,
    paymentMethodLabel: PAYMENT_METHOD_LABELS[order.paymentMethod],
    orderNumber: order.number,
    creditsInvoiceNumber: null,
    seller: seller(config),
    buyer: buyer(order),
    lines: lines.map((line): InvoiceLine => ({ description: line.description, quantity: line.quantity, unitPriceOre: line.unitPriceOre, totalOre: line.totalOre })),
    totalOre: order.totalOre,
    momsOre: momsOf(order.totalOre),
    netOre: order.totalOre - momsOf(order.totalOre),
    bank: paidAt ? null : bankDetails(config),
    paymentTerms: paidAt ? 'Betalt' : PAYMENT_TERMS,
  };
  const [row] = await tx
    .insert(invoices)
    .values({
      number,
      kind: 'invoice',
      orderId: order.id,
      userId: order.userId,
      status: paidAt ? 'paid' : 'open',
      totalOre: order.totalOre,
      issuedAt: now,
      dueAt,
      paidAt,
      document: invoiceToJson(document),
    })
    .returning();
  return row!;
}

/** An open invoice is paid: its row and its copy say so (the PDF then shows "Betalt … med …"). */
export async function markInvoicePaid(tx: Tx, invoice: InvoiceRow, paidAt: Date, method: PaymentMethod): Promise<void> {
  const document = { ...invoiceFromJson(invoice.document), paidAt, paymentMethodLabel: PAYMENT_METHOD_LABELS[method] };
  await tx
    .update(invoices)
    .set({ status: 'paid', paidAt, document: invoiceToJson(document) })
    .where(and(eq(invoices.id, invoice.id), eq(invoices.status, 'open')));
}

/** A credit note for the whole of `invoice`, with its own next number; the invoice is marked credited. */
export async function issueCreditNote(tx: Tx, invoice: InvoiceRow, { now, refunded }: { now: Date; refunded: boolean }): Promise<InvoiceRow> {
  const original = invoiceFromJson(invoice.document);
  const number = await nextNumber(tx);
  const document: InvoiceDocument = {
    ...original,
    kind: 'credit_note',
    number,
    issuedAt: now,
    dueAt: now,
    paidAt: refunded ? now : null,
    creditsInvoiceNumber: original.number,
    lines: original.lines.map((line) => ({ ...line, unitPriceOre: -line.unitPriceOre, totalOre: -line.totalOre })),
    totalOre: -original.totalOre,
    momsOre: -original.momsOre,
    netOre: -original.netOre,
    bank: null,
    paymentTerms: refunded ? 'Tilbagebetalt' : 'Intet at betale',
  };
  await tx.update(invoices).set({ status: 'credited' }).where(eq(invoices.id, invoice.id));
  const [row] = await tx
    .insert(invoices)
    .values({
      number,
      kind: 'credit_note',
      orderId: invoice.orderId,
      userId: invoice.userId,
      creditsInvoiceId: invoice.id,
      status: 'paid',
      totalOre: -original.totalOre,
      issuedAt: now,
      dueAt: now,
      paidAt: now,
      document: invoiceToJson(document),
    })
    .returning();
  return row!;
}

export async function invoicesOfOrder(db: Db | Tx, orderId: string): Promise<InvoiceRow[]> {
  return db.select().from(invoices).where(eq(invoices.orderId, orderId)).orderBy(asc(invoices.number));
}
