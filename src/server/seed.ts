/**
 * Demo data for a first look at the product: a family account holding a QR code that has no
 * memorial yet, a few unclaimed codes to register with, and two complete memorials of that
 * account (demo/memorials.ts), one in each layout, which the demo pages show.
 */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { DEMO_MEMORIAL_SLUGS } from '../shared/demo-memorials';
import { hashPassword } from './auth/passwords';
import { memorials, qrCodes, users } from './db/schema';
import type { Db } from './db/connection';
import { seedDemoMemorials } from './demo/memorials';
import type { Storage } from './lib/storage';
import { claimCode, createCodes } from './qr/service';

export const DEMO_LOGIN = { username: 'demo', password: 'mindested' } as const;

export interface SeedDeps {
  randomBytes: (size: number) => Uint8Array;
  now: () => Date;
  /** Where the demo photos go: the same storage the app serves them from. */
  storage: Storage;
}

export async function seedDemoIfEmpty(db: Db, deps: SeedDeps): Promise<boolean> {
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
  await seedDemoMemorials(db, deps.storage, demo!.id, deps.now());
  return true;
}

/** What the start-up banner shows: the demo login, codes and memorials, when the demo account exists. */
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
  const demoMemorials = await db
    .select({ slug: memorials.slug, name: memorials.name, layout: memorials.layout })
    .from(memorials)
    .where(and(inArray(memorials.slug, Object.values(DEMO_MEMORIAL_SLUGS)), isNull(memorials.deletedAt)))
    .orderBy(memorials.slug);
  return {
    claimed: claimed.map((r) => r.code),
    free: free.map((r) => r.code),
    /** Paths of the demo memorials, e.g. /memorial/karen-margrethe-lund-1939-2023. */
    memorials: demoMemorials.map((m) => ({ name: m.name, layout: m.layout, path: `/memorial/${m.slug}` })),
  };
}
