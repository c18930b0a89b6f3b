/**
 * What a request to buy becomes: the lines at today's prices and the details kept with the order.
 * Everything is read from the database; the request names a plan or a product and its options,
 * never an amount (issue 22: a tampered amount or plan is ignored, the server's price is used).
 */
import { and, eq, or } from 'drizzle-orm';
import type { OrderDetails, OrderKind } from '../../shared/money';
import { moneyMessages, type OrderItem } from '../../shared/money-api';
import { plaqueTextProblems } from '../../shared/plaque';
import type { Tx } from '../db/connection';
import { qrCodes, resellers } from '../db/schema';
import { HttpError, badRequest, conflict, notFound } from '../lib/errors';
import { adminAccess } from '../memorials/members';
import { mustBeApproved } from '../resellers/self';
import { activeProduct, activeProducts, premiumPlan } from './catalogue';
import { premiumStates } from './premium';

export interface PricedLine {
  item: string;
  description: string;
  quantity: number;
  unitPriceOre: number;
  totalOre: number;
}

export interface PricedOrder {
  kind: OrderKind;
  memorialId: string | null;
  resellerId: string | null;
  lines: PricedLine[];
  details: OrderDetails;
  delivery: { name: string; address: string; postcode: string; town: string } | null;
  /** A reseller's company and CVR for the invoice. */
  company: { name: string; cvr: string } | null;
}

const line = (item: string, description: string, quantity: number, unitPriceOre: number): PricedLine => ({
  item,
  description,
  quantity,
  unitPriceOre,
  totalOre: quantity * unitPriceOre,
});

const unprocessable = (message: string, field?: string) => new HttpError(422, message, field ? { field } : {});

async function memorialToBuyFor(tx: Tx, memorialId: string, userId: string): Promise<string> {
  try {
    return (await adminAccess(tx, memorialId, userId, { forChange: true })).memorialId;
  } catch (error) {
    // A viewer or an outsider learns nothing about the memorial: the same answer as an unknown one.
    if (error instanceof HttpError && (error.statusCode === 403 || error.statusCode === 404)) throw notFound(moneyMessages.notYours);
    throw error;
  }
}

/** The code a plaque engraves: the memorial's own, as the stone's code opens it today. */
export async function memorialCode(tx: Tx, memorialId: string): Promise<string | null> {
  const [row] = await tx
    .select({ code: qrCodes.code })
    .from(qrCodes)
    .where(and(eq(qrCodes.status, 'linked'), or(eq(qrCodes.memorialId, memorialId), eq(qrCodes.secondMemorialId, memorialId))))
    .orderBy(qrCodes.code)
    .limit(1);
  return row?.code ?? null;
}

export async function priceOrder(tx: Tx, userId: string, item: OrderItem, now: Date): Promise<PricedOrder> {
  switch (item.kind) {
    case 'premium': {
      const memorialId = await memorialToBuyFor(tx, item.memorialId, userId);
      const plan = await premiumPlan(tx, item.planSlug);
      if (!plan) throw unprocessable(moneyMessages.unknownProduct);
      const state = (await premiumStates(tx, [memorialId], now)).get(memorialId)!;
      if (state.forGood) throw conflict(moneyMessages.alreadyLifetime);
      const title = plan.interval === 'month' ? 'Premium – én måned' : plan.interval === 'year' ? 'Premium – ét år' : plan.name;
      return {
        kind: 'premium',
        memorialId,
        resellerId: null,
        lines: [line(`plan:${plan.slug}`, title, 1, plan.priceOre)],
        details: { kind: 'premium', planSlug: item.planSlug },
        delivery: null,
        company: null,
      };
    }
    case 'plaque': {
      const memorialId = await memorialToBuyFor(tx, item.memorialId, userId);
      const product = await activeProduct(tx, item.productSlug);
      if (!product || product.kind !== 'plaque') throw unprocessable(moneyMessages.unknownProduct, 'productSlug');
      const lines = item.lines.filter((text) => text.trim() !== '');
      const problem = plaqueTextProblems(lines, product.attributes.widthMm ?? 50);
      if (problem) throw badRequest(problem, 'lines');
      const code = await memorialCode(tx, memorialId);
      if (!code) throw unprocessable(moneyMessages.plaqueNeedsCode);
      return {
        kind: 'plaque',
        memorialId,
        resellerId: null,
        lines: [line(`product:${product.slug}`, product.name, 1, product.priceOre)],
        details: { kind: 'plaque', productSlug: product.slug, lines, code },
        delivery: item.delivery,
        company: null,
      };
    }
    case 'extra_codes': {
      const memorialId = await memorialToBuyFor(tx, item.memorialId, userId);
      const product = await activeProduct(tx, 'ekstra-qr-kode');
      if (!product) throw unprocessable(moneyMessages.unknownProduct);
      return {
        kind: 'extra_codes',
        memorialId,
        resellerId: null,
        lines: [line(`product:${product.slug}`, product.name, item.quantity, product.priceOre)],
        details: { kind: 'extra_codes', productSlug: product.slug, quantity: item.quantity },
        delivery: item.delivery,
        company: null,
      };
    }
    case 'animated_greeting':
    case 'song': {
      const memorialId = await memorialToBuyFor(tx, item.memorialId, userId);
      const [product] = (await activeProducts(tx, { forResellers: false })).filter((row) => row.kind === item.kind);
      if (!product) throw unprocessable(moneyMessages.unknownProduct);
      return {
        kind: item.kind,
        memorialId,
        resellerId: null,
        lines: [line(`product:${product.slug}`, product.name, 1, product.priceOre)],
        details: { kind: item.kind, productSlug: product.slug },
        delivery: null,
        company: null,
      };
    }
    case 'qr_package': {
      const [reseller] = await tx.select().from(resellers).where(eq(resellers.userId, userId));
      if (!reseller) throw notFound(moneyMessages.resellersOnly);
      mustBeApproved(reseller);
      const product = await activeProduct(tx, item.productSlug);
      if (!product || product.kind !== 'qr_package') throw unprocessable(moneyMessages.unknownProduct, 'productSlug');
      return {
        kind: 'qr_package',
        memorialId: null,
        resellerId: reseller.id,
        lines: [line(`product:${product.slug}`, product.name, item.quantity, product.priceOre)],
        details: { kind: 'qr_package', productSlug: product.slug, quantity: item.quantity, codes: product.attributes.codes ?? 0 },
        delivery: item.delivery,
        company: { name: reseller.companyName, cvr: reseller.cvr },
      };
    }
  }
}
