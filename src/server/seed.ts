/**
 * Demo data for a first look at the product: a family account holding a QR code that has no
 * memorial yet, and a few unclaimed codes to register with.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { hashPassword } from './auth/passwords';
import { qrCodes, users } from './db/schema';
import type { Db } from './db/connection';
import { claimCode, createCodes } from './qr/service';

export const DEMO_LOGIN = { username: 'demo', password: 'mindested' } as const;

export async function seedDemoIfEmpty(db: Db, deps: { randomBytes: (size: number) => Uint8Array; now: () => Date }): Promise<boolean> {
  const [anyUser] = await db.select({ id: users.id }).from(users).limit(1);
  if (anyUser) return false;
  const [demo] = await db
    .insert(users)
    .values({
      fullName: 'Familien Demo',
      username: DEMO_LOGIN.username,
      email: 'demo@mindested.dk',
      passwordHash: await hashPassword(DEMO_LOGIN.password),
    })
    .returning();
  const [claimed] = await createCodes(db, 1, deps);
  await claimCode(db, claimed!, demo!.id, deps.now());
  await createCodes(db, 3, deps);
  return true;
}

/** What the start-up banner shows: the demo login and codes, when the demo account exists. */
export async function demoSummary(db: Db) {
  const [demo] = await db.select().from(users).where(eq(users.username, DEMO_LOGIN.username));
  if (!demo) return null;
  const claimed = await db.select({ code: qrCodes.code }).from(qrCodes).where(eq(qrCodes.claimedBy, demo.id));
  const free = await db
    .select({ code: qrCodes.code })
    .from(qrCodes)
    .where(and(isNull(qrCodes.claimedBy), eq(qrCodes.status, 'created')))
    .orderBy(qrCodes.createdAt)
    .limit(3);
  return { claimed: claimed.map((r) => r.code), free: free.map((r) => r.code) };
}
