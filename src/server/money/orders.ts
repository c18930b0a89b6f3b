/**
 * Buying: one order per press of "Betal" (the buyer's idempotency key), priced by the server
 * (pricing.ts), then sent on to Stripe Checkout or, for a bank transfer, given its open invoice in
 * the same transaction. Reading: the buyer's own orders; another's answer 404 like unknown ones.
 */
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { ORDER_KIND_LABELS } from '../../shared/money';
import type { invoiceSummary, orderBody, orderDetail, orderSummary } from '../../shared/money-api';
import { moneyMessages } from '../../shared/money-api';
import type { Db, Tx } from '../db/connection';
import { invoices, memorials, orderEvents, orderLines, orders, type users } from '../db/schema';
import type { Deps } from '../deps';
import { HttpError, isUniqueViolation, notFound } from '../lib/errors';
import { startCheckout } from './checkout';
import { offeredHere } from './catalogue';
import { aiOffer } from '../ai/providers';
import { AI_MESSAGES } from '../../shared/ai';
import { type InvoiceRow, invoicingProblem, issueInvoice } from './invoices';
import { type OrderRow, cancel, placed } from './order-status';
import { priceOrder } from './pricing';
import { stripeFor } from './stripe';

type UserRow = typeof users.$inferSelect;
type OrderSummary = z.infer<typeof orderSummary>;

export const ORDER_NOT_FOUND = 'Bestillingen findes ikke.';
export const INVOICE_NOT_FOUND = 'Fakturaen findes ikke.';

export interface OrderCreated {
  order: OrderRow;
  checkoutUrl: string | null;
  invoiceId: string | null;
  /** False when the key had made this order before: the same press of "Betal" again. */
  created: boolean;
}

function checkPaymentMethod(deps: Deps, method: z.infer<typeof orderBody>['paymentMethod']) {
  if (method !== 'bank_transfer' && !stripeFor(deps.config)) throw new HttpError(409, moneyMessages.stripeMissing);
  const problem = invoicingProblem(deps.config, method);
  if (method === 'bank_transfer' && problem) throw new HttpError(409, problem);
}

export async function createOrder(deps: Deps, user: UserRow, body: z.infer<typeof orderBody>): Promise<OrderCreated> {
  const existing = await orderByKey(deps.db, user.id, body.idempotencyKey);
  if (existing) return { ...(await nextStep(deps, existing)), created: false };
  if (!offeredHere(body.item.kind, aiOffer(deps.ai))) throw new HttpError(409, body.item.kind === 'song' ? AI_MESSAGES.songNotOffered : AI_MESSAGES.greetingNotOffered);
  checkPaymentMethod(deps, body.paymentMethod);
  const now = deps.now();
  let order: OrderRow;
  try {
    order = await deps.db.transaction(async (tx) => {
      const priced = await priceOrder(tx, user.id, body.item, now);
      const totalOre = priced.lines.reduce((sum, line) => sum + line.totalOre, 0);
      const [row] = await tx
        .insert(orders)
        .values({
          kind: priced.kind,
          userId: user.id,
          resellerId: priced.resellerId,
          memorialId: priced.memorialId,
          paymentMethod: body.paymentMethod,
          idempotencyKey: body.idempotencyKey,
          totalOre,
          buyerName: user.fullName,
          buyerEmail: user.email,
          buyerCompany: priced.company?.name ?? (body.buyer.company || null),
          buyerCvr: priced.company?.cvr ?? (body.buyer.cvr || null),
          deliveryName: priced.delivery?.name ?? null,
          deliveryAddress: priced.delivery?.address ?? null,
          deliveryPostcode: priced.delivery?.postcode ?? null,
          deliveryTown: priced.delivery?.town ?? null,
          details: priced.details,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      await tx.insert(orderLines).values(priced.lines.map((line) => ({ ...line, orderId: row!.id })));
      await placed(tx, row!, { config: deps.config, now, actorId: null });
      if (body.paymentMethod === 'bank_transfer') await issueInvoice(tx, deps.config, row!, { paidAt: null, now });
      return row!;
    });
  } catch (error) {
    // Two presses at the same instant: the second finds the first's order.
    if (isUniqueViolation(error, 'orders_idempotency_key')) {
      const first = await orderByKey(deps.db, user.id, body.idempotencyKey);
      if (first) return { ...(await nextStep(deps, first)), created: false };
    }
    throw error;
  }
  return { ...(await nextStep(deps, order)), created: true };
}

/** Where an order waiting for payment goes next: Stripe's page, or its open invoice. */
async function nextStep(deps: Deps, order: OrderRow): Promise<Omit<OrderCreated, 'created'>> {
  const invoice = await openInvoice(deps.db, order.id);
  if (order.status !== 'pending_payment' || order.paymentMethod === 'bank_transfer') return { order, checkoutUrl: null, invoiceId: invoice?.id ?? null };
  const session = await startCheckout(deps.db, deps.config, order, order.paymentMethod);
  return { order, checkoutUrl: session.url, invoiceId: invoice?.id ?? null };
}

/** Pay an open order (an invoice meant for transfer) by card or MobilePay instead. */
export async function checkoutOrder(deps: Deps, userId: string, orderId: string, method: 'card' | 'mobilepay'): Promise<string> {
  const order = await ownOrder(deps.db, userId, orderId);
  if (order.status !== 'pending_payment') throw new HttpError(409, moneyMessages.notPayable);
  const session = await startCheckout(deps.db, deps.config, order, method);
  if (!session.url) throw new HttpError(502, 'Betalingssiden svarede ikke. Prøv igen om lidt.');
  return session.url;
}

async function orderByKey(db: Db, userId: string, key: string): Promise<OrderRow | null> {
  const [row] = await db.select().from(orders).where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key)));
  return row ?? null;
}

async function openInvoice(db: Db | Tx, orderId: string): Promise<InvoiceRow | null> {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, 'invoice'), eq(invoices.status, 'open')));
  return row ?? null;
}

export async function ownOrder(db: Db | Tx, userId: string, orderId: string): Promise<OrderRow> {
  const [row] = await db.select().from(orders).where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  if (!row) throw notFound(ORDER_NOT_FOUND);
  return row;
}

export function presentSummary(order: OrderRow, title: string, memorialName: string | null): OrderSummary {
  return {
    id: order.id,
    number: order.number,
    kind: order.kind,
    status: order.status,
    paymentMethod: order.paymentMethod,
    totalOre: order.totalOre,
    title,
    memorialName,
    createdAt: order.createdAt.toISOString(),
  };
}

export function presentInvoice(invoice: InvoiceRow): z.infer<typeof invoiceSummary> {
  return {
    id: invoice.id,
    number: invoice.number,
    kind: invoice.kind,
    status: invoice.status,
    totalOre: invoice.totalOre,
    issuedAt: invoice.issuedAt.toISOString(),
    dueAt: invoice.dueAt.toISOString(),
    paidAt: invoice.paidAt?.toISOString() ?? null,
  };
}

/**
 * Each order's first line says what it is ("QR-plade i sort granit, 8 × 8 cm", "2 × Ekstra QR-kode":
 * the catalogue names one of a thing); and the memorial's name.
 */
export async function summaries(db: Db | Tx, rows: OrderRow[]): Promise<OrderSummary[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const lines = await db.select({ orderId: orderLines.orderId, description: orderLines.description, quantity: orderLines.quantity }).from(orderLines).where(inArray(orderLines.orderId, ids)).orderBy(asc(orderLines.id));
  const memorialIds = [...new Set(rows.flatMap((row) => (row.memorialId ? [row.memorialId] : [])))];
  const names = memorialIds.length ? await db.select({ id: memorials.id, name: memorials.name }).from(memorials).where(inArray(memorials.id, memorialIds)) : [];
  const firstLine = new Map<string, string>();
  for (const line of lines) if (!firstLine.has(line.orderId)) firstLine.set(line.orderId, line.quantity > 1 ? `${line.quantity} × ${line.description}` : line.description);
  const nameOf = new Map(names.map((row) => [row.id, row.name]));
  return rows.map((row) => presentSummary(row, firstLine.get(row.id) ?? ORDER_KIND_LABELS[row.kind], row.memorialId ? (nameOf.get(row.memorialId) ?? null) : null));
}

export async function myOrders(db: Db, userId: string): Promise<OrderSummary[]> {
  const rows = await db.select().from(orders).where(eq(orders.userId, userId)).orderBy(desc(orders.createdAt), desc(orders.number)).limit(200);
  return summaries(db, rows);
}

export async function orderDetailOf(deps: Deps, order: OrderRow): Promise<z.infer<typeof orderDetail>> {
  const [summary] = await summaries(deps.db, [order]);
  const lines = await deps.db.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.id));
  const events = await deps.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id)).orderBy(asc(orderEvents.at), asc(orderEvents.id));
  const invoiceRows = await deps.db.select().from(invoices).where(eq(invoices.orderId, order.id)).orderBy(asc(invoices.number));
  const paid = order.status !== 'pending_payment' && order.status !== 'cancelled';
  return {
    ...summary!,
    memorialId: order.memorialId,
    lines: lines.map((line) => ({ description: line.description, quantity: line.quantity, unitPriceOre: line.unitPriceOre, totalOre: line.totalOre })),
    events: events.map((event) => ({ status: event.status, at: event.at.toISOString(), note: event.note })),
    delivery: order.deliveryName
      ? { name: order.deliveryName, address: order.deliveryAddress ?? '', postcode: order.deliveryPostcode ?? '', town: order.deliveryTown ?? '' }
      : null,
    engraving: order.details.kind === 'plaque' ? order.details.lines : null,
    invoices: invoiceRows.map(presentInvoice),
    invoiceProblem: paid && invoiceRows.length === 0 ? invoicingProblem(deps.config, order.paymentMethod) : null,
  };
}

/** The buyer calls off an order still waiting for payment (and its open invoice is credited). */
export async function cancelOwnOrder(deps: Deps, userId: string, orderId: string): Promise<OrderRow> {
  return deps.db.transaction(async (tx) => {
    const order = await ownOrder(tx, userId, orderId);
    const done = await cancel(tx, order, { config: deps.config, now: deps.now(), actorId: null });
    if (!done) throw new HttpError(409, moneyMessages.notPayable);
    return done;
  });
}
