/**
 * The back office's money calls (issue 22): orders and invoices with search and state filters,
 * moving an order along, marking a bank transfer paid, refunding, and editing prices. Each action
 * is written to the audit log in the transaction that makes it.
 *
 *   GET  /api/admin/orders                    adminOrdersQuery → adminOrdersResponse
 *   GET  /api/admin/orders/{id}               adminOrderDetail
 *   POST /api/admin/orders/{id}/status        orderStatusBody → adminOrderDetail (409 when the step does not follow)
 *   POST /api/admin/orders/{id}/mark-paid     → adminOrderDetail (a bank transfer received)
 *   POST /api/admin/orders/{id}/refund        refundBody → adminOrderDetail (a credit note is issued)
 *   GET  /api/admin/invoices                  adminInvoicesQuery → adminInvoicesResponse
 *   GET  /api/admin/invoices/{id}/pdf         application/pdf
 *   GET  /api/admin/prices                    pricesResponse
 *   PUT  /api/admin/prices/{kind}/{slug}      priceBody → pricesResponse (new purchases only)
 */
import { z } from 'zod';
import './zod-locale';
import { INVOICE_STATUSES, ORDER_KINDS, ORDER_STATUSES } from './money';
import { invoiceSummary, orderDetail, orderSummary } from './money-api';
import { LASER_JOB_STATUSES } from './production';

export const adminMoneyMessages = {
  stepDoesNotFollow: 'Ordren kan ikke flyttes dertil fra sit nuværende trin.',
  notBankTransfer: 'Kun en ordre, der betales med bankoverførsel, kan markeres som betalt her.',
  notRefundable: 'Ordren er ikke betalt, så der er intet at refundere.',
  refundReason: 'Skriv hvorfor ordren refunderes. Det står i ordrens forløb, som kunden også kan se, og i loggen.',
  price: 'Skriv en pris i hele kroner og øre, fx 599,00.',
} as const;

export const adminOrdersQuery = z.object({
  q: z.string().trim().max(100).default(''),
  status: z.enum(ORDER_STATUSES).optional(),
  kind: z.enum(ORDER_KINDS).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});

export const adminOrderRow = orderSummary.extend({ buyerName: z.string(), buyerEmail: z.string(), resellerName: z.string().nullable() });

export const adminOrdersResponse = z.object({
  orders: z.array(adminOrderRow),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

export const adminOrderDetail = orderDetail.extend({
  buyerName: z.string(),
  buyerEmail: z.string(),
  buyerCompany: z.string().nullable(),
  buyerCvr: z.string().nullable(),
  resellerName: z.string().nullable(),
  memorialSlug: z.string().nullable(),
  /** The steps staff may take from here. */
  nextSteps: z.array(z.enum(ORDER_STATUSES)),
  canMarkPaid: z.boolean(),
  canRefund: z.boolean(),
  /** A plaque's laser job (decision 0029: made when the order is paid), with where it stands; null before that, and for other orders. */
  laserJob: z.object({ id: z.string(), status: z.enum(LASER_JOB_STATUSES), attempt: z.number().int() }).nullable(),
});

export const orderStatusBody = z.object({
  status: z.enum(['in_production', 'shipped', 'delivered', 'cancelled']),
  /** A tracking number when shipped, a reason when cancelled. */
  note: z.string().trim().max(300).default(''),
});

export const refundBody = z.object({ reason: z.string().trim().min(3, adminMoneyMessages.refundReason).max(300) });

export const adminInvoicesQuery = z.object({
  q: z.string().trim().max(100).default(''),
  status: z.enum(INVOICE_STATUSES).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});

export const adminInvoiceRow = invoiceSummary.extend({ orderId: z.string(), orderNumber: z.number().int(), buyerName: z.string() });

export const adminInvoicesResponse = z.object({
  invoices: z.array(adminInvoiceRow),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

export const priceRow = z.object({
  kind: z.enum(['plan', 'product']),
  slug: z.string(),
  name: z.string(),
  priceOre: z.number().int(),
  active: z.boolean(),
  updatedAt: z.string(),
});

export const pricesResponse = z.object({ prices: z.array(priceRow) });

export const priceParams = z.object({ kind: z.enum(['plan', 'product']), slug: z.string().max(60) });
export const priceBody = z.object({ priceOre: z.number().int().min(100, adminMoneyMessages.price).max(10_000_000, adminMoneyMessages.price) });
