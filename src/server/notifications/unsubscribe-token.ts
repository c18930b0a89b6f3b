/**
 * The digest's unsubscribe link: the account's id and an HMAC of it, keyed by the account's own
 * password hash. Nothing is stored and no server-wide secret is needed (there is none to keep in
 * step across instances); a new password voids old links, which then say so and point to /profile.
 * It only ever turns e-mail off, so it need not be single-use or expire.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/connection';
import { users } from '../db/schema';

const PURPOSE = 'post-mails-off';

function mac(userId: string, passwordHash: string): Buffer {
  return createHmac('sha256', passwordHash).update(`${PURPOSE}:${userId}`).digest();
}

/** 32 hex digits of the id, then the MAC in base64url. */
export function unsubscribeToken(user: { id: string; passwordHash: string }): string {
  return `${user.id.replace(/-/g, '')}${mac(user.id, user.passwordHash).toString('base64url')}`;
}

/** The account a link belongs to, or null for a forged, mangled or outdated one. */
export async function userForUnsubscribeToken(db: Db | Tx, token: string) {
  const hex = token.slice(0, 32);
  if (!/^[0-9a-f]{32}$/.test(hex)) return null;
  const id = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  const [user] = await db.select().from(users).where(eq(users.id, id));
  if (!user) return null;
  const given = Buffer.from(token.slice(32), 'base64url');
  const expected = mac(user.id, user.passwordHash);
  return given.length === expected.length && timingSafeEqual(given, expected) ? user : null;
}
