/**
 * A stone dealer as the reseller tests need one: an account, signed in, with its reseller record
 * and a package of codes made and walked to "shipped" through the back office's own steps, so the
 * statistics' trigger sees what a real package's life writes.
 */
import { eq } from 'drizzle-orm';
import { resellers, qrCodes } from '../../src/server/db/schema';
import { createPackage, movePackage } from '../../src/server/qr/packages';
import { createReseller, createUser } from './factories';
import { signIn } from './sign-in';
import type { TestApp } from './test-app';

export interface DealerOptions {
  size?: number;
  status?: (typeof resellers.$inferSelect)['status'];
  /** False: the package stays "Oprettet", its codes on their way. */
  ship?: boolean;
  packageName?: string;
  record?: Partial<typeof resellers.$inferInsert>;
}

export async function createDealer(t: TestApp, admin: { id: string; role: 'admin' }, options: DealerOptions = {}) {
  const { size = 5, status = 'approved', ship = true, packageName = 'Pakke 1' } = options;
  const user = await createUser(t.database.db);
  const reseller = await createReseller(t.database.db, { userId: user.id, approvedAt: t.clock.now(), ...options.record });
  const pkg = await createPackage(t.app.deps, admin, { name: packageName, size, resellerId: reseller.id });
  if (ship) for (const to of ['produced', 'in_stock', 'shipped'] as const) await movePackage(t.app.deps, admin, pkg.id, to);
  if (status !== 'approved') await t.database.db.update(resellers).set({ status }).where(eq(resellers.id, reseller.id));
  const rows = await t.database.db.select({ code: qrCodes.code }).from(qrCodes).where(eq(qrCodes.packageId, pkg.id)).orderBy(qrCodes.code);
  return { user, reseller, cookie: await signIn(t, user), codes: rows.map((r) => r.code), pkg };
}
