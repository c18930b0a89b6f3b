/**
 * GET /api/user/premium-status and /subscription's cards: each of the user's memorials with its
 * Premium now, its Stripe subscription if any, and a Premium order waiting for a transfer.
 */
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { premiumStatusResponse } from '../../shared/money-api';
import type { Db } from '../db/connection';
import { memorialMembers, memorials, orders, subscriptions } from '../db/schema';
import { premiumStates } from './premium';

export async function premiumStatus(db: Db, userId: string, now: Date): Promise<z.infer<typeof premiumStatusResponse>> {
  const mine = await db
    .select({ id: memorials.id, name: memorials.name, slug: memorials.slug, role: memorialMembers.role })
    .from(memorialMembers)
    .innerJoin(memorials, eq(memorials.id, memorialMembers.memorialId))
    .where(and(eq(memorialMembers.userId, userId), isNull(memorials.deletedAt)))
    .orderBy(memorials.name);
  const ids = mine.map((row) => row.id);
  const states = await premiumStates(db, ids, now);
  const subs = ids.length
    ? await db.select().from(subscriptions).where(inArray(subscriptions.memorialId, ids)).orderBy(desc(subscriptions.createdAt))
    : [];
  const waiting = ids.length
    ? await db
        .select({ id: orders.id, memorialId: orders.memorialId })
        .from(orders)
        .where(and(inArray(orders.memorialId, ids), eq(orders.kind, 'premium'), eq(orders.status, 'pending_payment'), eq(orders.paymentMethod, 'bank_transfer')))
    : [];
  const memorialsOut = mine.map((row) => {
    const state = states.get(row.id)!;
    // The subscription still running (or the newest one) is the one to show and manage.
    const sub = subs.find((s) => s.memorialId === row.id && s.status !== 'canceled') ?? null;
    return {
      memorialId: row.id,
      name: row.name,
      slug: row.slug,
      premium: state.premium,
      premiumUntil: state.until?.toISOString() ?? null,
      forGood: state.forGood,
      subscription: sub
        ? { id: sub.id, planSlug: sub.planSlug, status: sub.status, cancelAtPeriodEnd: sub.cancelAtPeriodEnd, currentPeriodEnd: sub.currentPeriodEnd?.toISOString() ?? null }
        : null,
      pendingOrderId: waiting.find((order) => order.memorialId === row.id)?.id ?? null,
      canManage: row.role === 'owner' || row.role === 'coadmin',
    };
  });
  return { premium: memorialsOut.some((m) => m.premium), memorials: memorialsOut };
}
