/** Factories with overrides (ARCHITECTURE.md): a test states only what matters to it. */
import { randomBytes } from 'node:crypto';
import { hashPassword } from '../../src/server/auth/passwords';
import type { Db } from '../../src/server/db/connection';
import { qrCodes, users } from '../../src/server/db/schema';
import type { QrStatus } from '../../src/server/db/schema/qr';
import { generateCode } from '../../src/shared/qr-code';

let sequence = 0;
export const DEFAULT_PASSWORD = 'hemmelig-adgang';

// One argon2 hash per password for the whole file: a hash verifies the same whoever holds it, and
// hashing anew for every account made only spends the CPU the other test files need.
const hashes = new Map<string, Promise<string>>();
const hashOf = (password: string) => {
  let hash = hashes.get(password);
  if (!hash) hashes.set(password, (hash = hashPassword(password)));
  return hash;
};

export async function createUser(
  db: Db,
  overrides: Partial<typeof users.$inferInsert> & { password?: string } = {},
) {
  sequence += 1;
  const { password = DEFAULT_PASSWORD, ...rest } = overrides;
  const [user] = await db
    .insert(users)
    .values({
      fullName: `Bruger ${sequence}`,
      username: `bruger${sequence}${randomBytes(2).toString('hex')}`,
      email: `bruger${sequence}-${randomBytes(3).toString('hex')}@eksempel.dk`,
      passwordHash: await hashOf(password),
      ...rest,
    })
    .returning();
  return { ...user!, password };
}

export async function createCode(db: Db, overrides: { status?: QrStatus; claimedBy?: string | null } = {}) {
  const code = generateCode(randomBytes);
  const [row] = await db
    .insert(qrCodes)
    .values({ code, status: overrides.status ?? 'created', claimedBy: overrides.claimedBy ?? null })
    .returning();
  return row!;
}
