/**
 * The family's and the reseller's money calls (src/shared/money-api.ts lists them). Routes parse,
 * call and present; the rules are in orders.ts, order-status.ts and the files they use.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq } from 'drizzle-orm';
import { invoiceFromJson } from '../../shared/invoice';
import {
  catalogueResponse,
  checkoutBody,
  checkoutResponse,
  checkoutResult,
  idParams,
  invoiceDetail,
  moneyMessages,
  orderBody,
  orderCreated,
  orderDetail,
  ordersResponse,
  plaqueProofQuery,
  premiumMemorial,
  premiumStatusResponse,
  sessionParams,
} from '../../shared/money-api';
import { requireUser } from '../auth/sessions';
import { invoices, resellers } from '../db/schema';
import type { Deps } from '../deps';
import { HttpError, badRequest, notFound } from '../lib/errors';
import { adminAccess } from '../memorials/members';
import { activeProduct, activeProducts, offeredHere, premiumPlans } from './catalogue';
import { aiOffer } from '../ai/providers';
import { invoicePdf } from './invoice-pdf';
import { invoicingProblem } from './invoices';
import { INVOICE_NOT_FOUND, cancelOwnOrder, checkoutOrder, createOrder, myOrders, orderDetailOf, ownOrder, summaries } from './orders';
import { memorialCode } from './pricing';
import { premiumStatus } from './premium-status';
import { PlaqueRefusal, type PlaqueMaterial, plaqueProofPng } from './plaque-proof';
import { reconcileSession } from './reconcile';
import { stripeFor } from './stripe';
import { setCancelAtPeriodEnd } from './subscriptions';
import { stripeWebhookRoute } from './webhook-route';

const noStore = (reply: FastifyReply) => reply.header('cache-control', 'private, no-store');

export function moneyRoutes(app: FastifyInstance, deps: Deps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  stripeWebhookRoute(app, deps);

  api.get('/api/catalogue', { schema: { response: { 200: catalogueResponse } } }, async (request, reply) => {
    const user = await requireUser(deps, request).catch(() => null);
    const [reseller] = user ? await deps.db.select({ status: resellers.status }).from(resellers).where(eq(resellers.userId, user.id)) : [];
    const offer = aiOffer(deps.ai);
    const products = (await activeProducts(deps.db, { forResellers: reseller?.status === 'approved' })).filter((product) => offeredHere(product.kind, offer));
    noStore(reply);
    return {
      premium: (await premiumPlans(deps.db)).map((plan) => ({ slug: plan.slug, name: plan.name, description: plan.description, priceOre: plan.priceOre, interval: plan.interval })),
      products: products.map((product) => ({
        slug: product.slug,
        kind: product.kind,
        name: product.name,
        description: product.description,
        priceOre: product.priceOre,
        material: product.attributes.material ?? null,
        widthMm: product.attributes.widthMm ?? null,
        heightMm: product.attributes.heightMm ?? null,
        codes: product.attributes.codes ?? null,
      })),
      cardPayments: stripeFor(deps.config) !== null,
      invoicing: invoicingProblem(deps.config, 'bank_transfer') === null,
    };
  });

  api.get('/api/user/premium-status', { schema: { response: { 200: premiumStatusResponse } } }, async (request, reply) => {
    const user = await requireUser(deps, request);
    noStore(reply);
    return premiumStatus(deps.db, user.id, deps.now());
  });

  api.post('/api/orders', { schema: { body: orderBody, response: { 200: orderCreated, 201: orderCreated } } }, async (request, reply) => {
    const user = await requireUser(deps, request);
    const created = await createOrder(deps, user, request.body);
    const [summary] = await summaries(deps.db, [created.order]);
    reply.code(created.created ? 201 : 200);
    noStore(reply);
    return { order: summary!, checkoutUrl: created.checkoutUrl, invoiceId: created.invoiceId };
  });

  api.get('/api/orders', { schema: { response: { 200: ordersResponse } } }, async (request, reply) => {
    const user = await requireUser(deps, request);
    noStore(reply);
    return { orders: await myOrders(deps.db, user.id) };
  });

  api.get('/api/orders/:id', { schema: { params: idParams, response: { 200: orderDetail } } }, async (request, reply) => {
    const user = await requireUser(deps, request);
    noStore(reply);
    return orderDetailOf(deps, await ownOrder(deps.db, user.id, request.params.id));
  });

  api.post('/api/orders/:id/cancel', { schema: { params: idParams, response: { 200: orderDetail } } }, async (request, reply) => {
    const user = await requireUser(deps, request);
    noStore(reply);
    return orderDetailOf(deps, await cancelOwnOrder(deps, user.id, request.params.id));
  });

  api.post('/api/orders/:id/checkout', { schema: { params: idParams, body: checkoutBody, response: { 200: checkoutResponse } } }, async (request, reply) => {
    const user = await requireUser(deps, request);
    noStore(reply);
    return { checkoutUrl: await checkoutOrder(deps, user.id, request.params.id, request.body.paymentMethod) };
  });

  api.get('/api/checkout/:sessionId', { schema: { params: sessionParams, response: { 200: checkoutResult } } }, async (request, reply) => {
    const user = await requireUser(deps, request);
    noStore(reply);
    return reconcileSession(deps, user.id, request.params.sessionId);
  });

  const ownInvoice = async (userId: string, id: string) => {
    const [row] = await deps.db.select().from(invoices).where(and(eq(invoices.id, id), eq(invoices.userId, userId)));
    if (!row) throw notFound(INVOICE_NOT_FOUND);
    return row;
  };

  api.get('/api/invoices/:id', { schema: { params: idParams, response: { 200: invoiceDetail } } }, async (request, reply) => {
    const user = await requireUser(deps, request);
    const row = await ownInvoice(user.id, request.params.id);
    const document = invoiceFromJson(row.document);
    noStore(reply);
    return {
      id: row.id,
      number: row.number,
      kind: row.kind,
      status: row.status,
      totalOre: row.totalOre,
      issuedAt: row.issuedAt.toISOString(),
      dueAt: row.dueAt.toISOString(),
      paidAt: row.paidAt?.toISOString() ?? null,
      orderId: row.orderId,
      orderNumber: document.orderNumber,
      lines: document.lines,
      netOre: document.netOre,
      momsOre: document.momsOre,
      bank: row.status === 'open' ? document.bank : null,
      paymentTerms: document.paymentTerms,
      sellerName: document.seller.name,
      cardPayments: stripeFor(deps.config) !== null,
    };
  });

  api.get('/api/invoices/:id/pdf', { schema: { params: idParams } }, async (request, reply) => {
    const user = await requireUser(deps, request);
    const row = await ownInvoice(user.id, request.params.id);
    const pdf = await invoicePdf(invoiceFromJson(row.document));
    noStore(reply);
    const name = `${row.kind === 'credit_note' ? 'kreditnota' : 'faktura'}-${row.number}.pdf`;
    return reply.type('application/pdf').header('content-disposition', `inline; filename="${name}"`).send(pdf);
  });

  const manage = (cancelAtPeriodEnd: boolean) => async (request: { params: { id: string } } & Parameters<typeof requireUser>[1], reply: FastifyReply) => {
    const user = await requireUser(deps, request);
    const memorialId = await setCancelAtPeriodEnd(deps, user.id, request.params.id, cancelAtPeriodEnd);
    noStore(reply);
    const status = await premiumStatus(deps.db, user.id, deps.now());
    return status.memorials.find((m) => m.memorialId === memorialId)!;
  };
  api.post('/api/subscriptions/:id/cancel', { schema: { params: idParams, response: { 200: premiumMemorial } } }, manage(true));
  api.post('/api/subscriptions/:id/resume', { schema: { params: idParams, response: { 200: premiumMemorial } } }, manage(false));

  api.get('/api/plaque-proof', { schema: { querystring: plaqueProofQuery } }, async (request, reply) => {
    const user = await requireUser(deps, request);
    const { product: slug, memorialId, line } = request.query;
    const product = await activeProduct(deps.db, slug);
    if (!product || product.kind !== 'plaque') throw notFound(moneyMessages.unknownProduct);
    try {
      await adminAccess(deps.db, memorialId, user.id, { forChange: false });
    } catch {
      throw notFound(moneyMessages.notYours);
    }
    const code = await deps.db.transaction((tx) => memorialCode(tx, memorialId));
    if (!code) throw new HttpError(422, moneyMessages.plaqueNeedsCode);
    const lines = (Array.isArray(line) ? line : line === undefined ? [] : [line]).filter((text) => text.trim() !== '');
    try {
      const png = await plaqueProofPng(
        {
          material: (product.attributes.material ?? 'staal') as PlaqueMaterial,
          widthMm: product.attributes.widthMm ?? 50,
          heightMm: product.attributes.heightMm ?? 50,
          lines,
          url: `${deps.config.BASE_URL}/qr/${code}`,
        },
        800,
      );
      return reply.type('image/png').header('cache-control', 'private, max-age=300').send(png);
    } catch (error) {
      if (error instanceof PlaqueRefusal) throw badRequest(error.message, 'lines');
      throw error;
    }
  });
}
