/**
 * /api/admin/orders…, /api/admin/invoices… and /api/admin/prices… (shared/money-admin.ts lists the
 * calls). Support and production read orders; production and admins move them along; only admins
 * touch money: a transfer received, a refund, a price, and the invoices.
 */
import { asc } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { invoiceFromJson } from '../../shared/invoice';
import { idParams } from '../../shared/money-api';
import {
  adminInvoicesQuery,
  adminInvoicesResponse,
  adminOrderDetail,
  adminOrdersQuery,
  adminOrdersResponse,
  orderStatusBody,
  priceBody,
  priceParams,
  pricesResponse,
  refundBody,
} from '../../shared/money-admin';
import type { StaffRole } from '../../shared/staff';
import { invoices, plans, products } from '../db/schema';
import type { Deps } from '../deps';
import { notFound } from '../lib/errors';
import { staffActionRecorder } from '../staff/audit';
import { requireStaff } from '../staff/guard';
import { changePrice, markTransferReceived, refundOrder, stepOrder } from './admin-actions';
import { adminOrder, listInvoices, listOrders } from './admin-orders';
import { invoicePdf } from './invoice-pdf';
import { eq } from 'drizzle-orm';

/** Who may do what (the permission matrix lists the same). */
export const ORDER_READ_ROLES: readonly StaffRole[] = ['admin', 'support', 'production'];
export const ORDER_STEP_ROLES: readonly StaffRole[] = ['admin', 'production'];
export const MONEY_ROLES: readonly StaffRole[] = ['admin'];

export function moneyAdminRoutes(app: FastifyInstance, deps: Deps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');
  const actor = async (request: FastifyRequest, roles: readonly StaffRole[]) => {
    const { user } = await requireStaff(deps, request, roles);
    return { deps, actorId: user.id, record: staffActionRecorder(deps, request, user) };
  };

  api.get('/api/admin/orders', { schema: { querystring: adminOrdersQuery, response: { 200: adminOrdersResponse } } }, async (request, reply) => {
    await requireStaff(deps, request, ORDER_READ_ROLES);
    noStore(reply);
    return listOrders(deps.db, request.query);
  });

  const view = { schema: { params: idParams, response: { 200: adminOrderDetail } } };
  api.get('/api/admin/orders/:id', view, async (request, reply) => {
    await requireStaff(deps, request, ORDER_READ_ROLES);
    noStore(reply);
    return adminOrder(deps, request.params.id);
  });

  api.post('/api/admin/orders/:id/status', { schema: { ...view.schema, body: orderStatusBody } }, async (request, reply) => {
    // Cancelling an unpaid order touches its invoice: money, so admins only.
    const who = await actor(request, request.body.status === 'cancelled' ? MONEY_ROLES : ORDER_STEP_ROLES);
    await stepOrder(who, request.params.id, request.body.status, request.body.note);
    noStore(reply);
    return adminOrder(deps, request.params.id);
  });

  api.post('/api/admin/orders/:id/mark-paid', view, async (request, reply) => {
    await markTransferReceived(await actor(request, MONEY_ROLES), request.params.id);
    noStore(reply);
    return adminOrder(deps, request.params.id);
  });

  api.post('/api/admin/orders/:id/refund', { schema: { ...view.schema, body: refundBody } }, async (request, reply) => {
    await refundOrder(await actor(request, MONEY_ROLES), request.params.id, request.body.reason);
    noStore(reply);
    return adminOrder(deps, request.params.id);
  });

  api.get('/api/admin/invoices', { schema: { querystring: adminInvoicesQuery, response: { 200: adminInvoicesResponse } } }, async (request, reply) => {
    await requireStaff(deps, request, MONEY_ROLES);
    noStore(reply);
    return listInvoices(deps.db, request.query);
  });

  api.get('/api/admin/invoices/:id/pdf', { schema: { params: z.object({ id: z.string().uuid() }) } }, async (request, reply) => {
    await requireStaff(deps, request, ORDER_READ_ROLES);
    const [row] = await deps.db.select().from(invoices).where(eq(invoices.id, request.params.id));
    if (!row) throw notFound('Fakturaen findes ikke.');
    noStore(reply);
    return reply.type('application/pdf').send(await invoicePdf(invoiceFromJson(row.document)));
  });

  const prices = async () => {
    const planRows = await deps.db.select().from(plans).orderBy(asc(plans.sortOrder));
    const productRows = await deps.db.select().from(products).orderBy(asc(products.sortOrder));
    return {
      prices: [
        ...planRows.map((row) => ({ kind: 'plan' as const, slug: row.slug, name: row.name, priceOre: row.priceOre, active: row.active, updatedAt: row.updatedAt.toISOString() })),
        ...productRows.map((row) => ({ kind: 'product' as const, slug: row.slug, name: row.name, priceOre: row.priceOre, active: row.active, updatedAt: row.updatedAt.toISOString() })),
      ],
    };
  };

  api.get('/api/admin/prices', { schema: { response: { 200: pricesResponse } } }, async (request, reply) => {
    await requireStaff(deps, request, MONEY_ROLES);
    noStore(reply);
    return prices();
  });

  api.put('/api/admin/prices/:kind/:slug', { schema: { params: priceParams, body: priceBody, response: { 200: pricesResponse } } }, async (request, reply) => {
    await changePrice(await actor(request, MONEY_ROLES), request.params.kind, request.params.slug, request.body.priceOre);
    noStore(reply);
    return prices();
  });
}
