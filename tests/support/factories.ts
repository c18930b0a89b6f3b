/** Factories with overrides (ARCHITECTURE.md): a test states only what matters to it. */
import { randomBytes } from 'node:crypto';
import { hashPassword } from '../../src/server/auth/passwords';
import type { Db } from '../../src/server/db/connection';
import { qrCodes, resellers, users } from '../../src/server/db/schema';
import type { QrStatus } from '../../src/server/db/schema/qr';
import { isValidCvr } from '../../src/shared/cvr';
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

export async function createCode(db: Db, overrides: { status?: QrStatus; claimedBy?: string | null; resellerId?: string | null } = {}) {
  const code = generateCode(randomBytes);
  const [row] = await db
    .insert(qrCodes)
    .values({ code, status: overrides.status ?? 'created', claimedBy: overrides.claimedBy ?? null, resellerId: overrides.resellerId ?? null })
    .returning();
  return row!;
}

/** A random CVR number that passes modulus 11, so two tests never apply with the same one. */
export function validCvr(): string {
  for (;;) {
    const cvr = String(10_000_000 + (randomBytes(4).readUInt32BE() % 89_999_999));
    if (isValidCvr(cvr)) return cvr;
  }
}

/** A reseller record (approved unless told otherwise), for the account given or for none (a visitor's application). */
export async function createReseller(db: Db, overrides: Partial<typeof resellers.$inferInsert> = {}) {
  sequence += 1;
  const [row] = await db
    .insert(resellers)
    .values({
      companyName: `Stenhuggeriet ${sequence} ApS`,
      cvr: validCvr(),
      email: `forhandler${sequence}-${randomBytes(3).toString('hex')}@eksempel.dk`,
      referralCode: randomBytes(5).toString('hex').toUpperCase(),
      status: 'approved',
      ...overrides,
    })
    .returning();
  return row!;
}
