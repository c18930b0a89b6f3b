/** The back office's reading of orders and invoices: lists with search, state filters and pages. */
import { and, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { adminInvoicesQuery, adminInvoicesResponse, adminOrderDetail, adminOrdersQuery, adminOrdersResponse } from '../../shared/money-admin';
import type { Db } from '../db/connection';
import { invoices, laserJobs, memorials, orders, resellers } from '../db/schema';
import type { Deps } from '../deps';
import { notFound } from '../lib/errors';
import { containing } from '../lib/like-patterns';
import { ORDER_NOT_FOUND, orderDetailOf, presentInvoice, summaries } from './orders';
import { staffMayStep } from './order-status';
import { ORDER_STATUSES } from '../../shared/money';

export const PAGE_SIZE = 50;

export async function listOrders(db: Db, query: z.infer<typeof adminOrdersQuery>): Promise<z.infer<typeof adminOrdersResponse>> {
  const where: SQL[] = [];
  if (query.status) where.push(eq(orders.status, query.status));
  if (query.kind) where.push(eq(orders.kind, query.kind));
  if (query.q) {
    const number = /^\d{1,12}$/.test(query.q) ? Number(query.q) : null;
    where.push(or(...(number !== null ? [eq(orders.number, number)] : []), ilike(orders.buyerName, containing(query.q)), ilike(orders.buyerEmail, containing(query.q)), ilike(orders.buyerCompany, containing(query.q)))!);
  }
  const condition = where.length ? and(...where) : undefined;
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(orders).where(condition);
  const rows = await db
    .select()
    .from(orders)
    .where(condition)
    .orderBy(desc(orders.createdAt), desc(orders.number))
    .limit(PAGE_SIZE)
    .offset((query.page - 1) * PAGE_SIZE);
  const presented = await summaries(db, rows);
  const resellerIds = [...new Set(rows.flatMap((row) => (row.resellerId ? [row.resellerId] : [])))];
  const names = resellerIds.length ? await db.select({ id: resellers.id, name: resellers.companyName }).from(resellers).where(inArray(resellers.id, resellerIds)) : [];
  const nameOf = new Map(names.map((row) => [row.id, row.name]));
  return {
    orders: presented.map((summary, i) => ({
      ...summary,
      buyerName: rows[i]!.buyerName,
      buyerEmail: rows[i]!.buyerEmail,
      resellerName: rows[i]!.resellerId ? (nameOf.get(rows[i]!.resellerId!) ?? null) : null,
    })),
    total,
    page: query.page,
    pageSize: PAGE_SIZE,
  };
}

export async function adminOrder(deps: Deps, id: string): Promise<z.infer<typeof adminOrderDetail>> {
  const [order] = await deps.db.select().from(orders).where(eq(orders.id, id));
  if (!order) throw notFound(ORDER_NOT_FOUND);
  const detail = await orderDetailOf(deps, order);
  const [reseller] = order.resellerId ? await deps.db.select({ name: resellers.companyName }).from(resellers).where(eq(resellers.id, order.resellerId)) : [];
  const [memorial] = order.memorialId ? await deps.db.select({ slug: memorials.slug }).from(memorials).where(eq(memorials.id, order.memorialId)) : [];
  // One job per order at most (laser_jobs_order_key); only a plaque's, once paid.
  const [laserJob] = order.kind === 'plaque' ? await deps.db.select({ id: laserJobs.id, status: laserJobs.status, attempt: laserJobs.attempt }).from(laserJobs).where(eq(laserJobs.orderId, order.id)) : [];
  const refundable = ['paid', 'in_production', 'shipped', 'delivered'].includes(order.status);
  return {
    ...detail,
    buyerName: order.buyerName,
    buyerEmail: order.buyerEmail,
    buyerCompany: order.buyerCompany,
    buyerCvr: order.buyerCvr,
    resellerName: reseller?.name ?? null,
    memorialSlug: memorial?.slug ?? null,
    nextSteps: ORDER_STATUSES.filter((to) => to !== 'paid' && to !== 'refunded' && staffMayStep(order, to)),
    canMarkPaid: order.status === 'pending_payment' && order.paymentMethod === 'bank_transfer',
    canRefund: refundable,
    laserJob: laserJob ?? null,
  };
}

export async function listInvoices(db: Db, query: z.infer<typeof adminInvoicesQuery>): Promise<z.infer<typeof adminInvoicesResponse>> {
  const where: SQL[] = [];
  if (query.status) where.push(eq(invoices.status, query.status));
  if (query.q) {
    const number = /^\d{1,9}$/.test(query.q) ? Number(query.q) : null;
    where.push(or(...(number !== null ? [eq(invoices.number, number)] : []), ilike(orders.buyerName, containing(query.q)), ilike(orders.buyerCompany, containing(query.q)))!);
  }
  const condition = where.length ? and(...where) : undefined;
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(invoices).innerJoin(orders, eq(orders.id, invoices.orderId)).where(condition);
  const rows = await db
    .select({ invoice: invoices, orderNumber: orders.number, buyerName: sql<string>`coalesce(${orders.buyerCompany}, ${orders.buyerName})` })
    .from(invoices)
    .innerJoin(orders, eq(orders.id, invoices.orderId))
    .where(condition)
    .orderBy(desc(invoices.number))
    .limit(PAGE_SIZE)
    .offset((query.page - 1) * PAGE_SIZE);
  return {
    invoices: rows.map((row) => ({ ...presentInvoice(row.invoice), orderId: row.invoice.orderId, orderNumber: row.orderNumber, buyerName: row.buyerName })),
    total,
    page: query.page,
    pageSize: PAGE_SIZE,
  };
}
