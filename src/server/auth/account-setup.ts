/**
 * E-mail registration with a QR code (PRODUCT.md "Links sent by e-mail"): name and e-mail give a
 * link (/setup/{token}) by e-mail; there the person chooses username and password, and the account
 * is made with the code locked to it, exactly as registering with the code would (register()).
 * A reseller giving a family a code sends the same link (resellers/handovers.ts), and so does the
 * approval of a visitor's reseller application, whose account is then the reseller's.
 * The answer to a request is the same whether or not the address already has an account; that
 * account's owner gets a way to use the code with it instead.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { AccountSetup, AccountSetupBody, QrEmailRegisterBody } from '../../shared/account-setup';
import { ACCOUNT_SETUP_TTL_MS } from '../../shared/constants';
import type { Tx } from '../db/connection';
import { accountSetups, resellers, users } from '../db/schema';
import type { Deps } from '../deps';
import { HttpError, conflict } from '../lib/errors';
import { enqueue } from '../lib/jobs';
import { SEND_MAIL } from '../lib/mail';
import { hashToken, newToken, usableLink } from '../lib/tokens';
import { isClaimable } from '../qr/service';
import { accountSetupMail, existingAccountMail } from './mail';
import { CODE_NOT_USABLE, register } from './service';
import type { UserRow } from './sessions';

const SETUP_UNKNOWN = 'Linket er ikke gyldigt. Tjek at hele adressen fra e-mailen er med, eller tilmeld dig igen med QR-koden.';
const SETUP_USED = 'Linket er allerede brugt, og kontoen er oprettet. Log ind med dit brugernavn og din adgangskode.';
const SETUP_EXPIRED = 'Linket er udløbet, da det kun virker i 7 dage. Tilmeld dig igen med QR-koden, så sender vi et nyt.';
/** A reseller's setup link is sent by the back office, so a new one is asked for there. */
const RESELLER_SETUP_EXPIRED = 'Linket er udløbet, da det kun virker i 7 dage. Skriv til os via kontaktsiden, så sender vi et nyt.';
const RESELLER_TAKEN = 'Forhandleren har allerede en konto. Log ind med den.';

export async function requestAccountSetup(deps: Deps, body: QrEmailRegisterBody & { qrCode: string }): Promise<void> {
  // A robot filled in the field people never see: answer as always, send nothing.
  if (body.website) return;
  if (!(await isClaimable(deps.db, body.qrCode))) throw new HttpError(400, CODE_NOT_USABLE, { field: 'qrCode' });
  const [existing] = await deps.db.select().from(users).where(eq(users.email, body.email));
  const token = newToken(deps.randomBytes);
  await deps.db.transaction(async (tx) => {
    if (existing) {
      await enqueue(tx, SEND_MAIL, existingAccountMail({ to: existing.email, name: existing.fullName, link: `${deps.config.BASE_URL}/qr-scan/${body.qrCode}/login` }), deps.now());
      return;
    }
    const expiresAt = new Date(deps.now().getTime() + ACCOUNT_SETUP_TTL_MS);
    await tx.insert(accountSetups).values({ tokenHash: hashToken(token), fullName: body.fullName, email: body.email, qrCode: body.qrCode, createdAt: deps.now(), expiresAt });
    await enqueue(tx, SEND_MAIL, accountSetupMail({ to: body.email, name: body.fullName, link: `${deps.config.BASE_URL}/setup/${token}` }), deps.now());
  });
  deps.jobs.wake();
}

async function usableSetup(deps: Deps, token: string) {
  const [setup] = await deps.db.select().from(accountSetups).where(eq(accountSetups.tokenHash, hashToken(token)));
  const expired = setup?.resellerId ? RESELLER_SETUP_EXPIRED : SETUP_EXPIRED;
  return usableLink(setup, deps.now(), { unknown: SETUP_UNKNOWN, used: SETUP_USED, expired });
}

/** What the setup page shows: whose account it is, and the code it locks or the reseller it runs. */
export async function readAccountSetup(deps: Deps, token: string): Promise<AccountSetup> {
  const setup = await usableSetup(deps, token);
  const [reseller] = setup.resellerId ? await deps.db.select({ companyName: resellers.companyName }).from(resellers).where(eq(resellers.id, setup.resellerId)) : [];
  return { fullName: setup.fullName, email: setup.email, qrCode: setup.qrCode, companyName: reseller?.companyName ?? null };
}

/**
 * Makes the account, logs it in, and spends the link: with the code locked to it, or as the
 * account of the approved reseller application the link was sent for.
 */
export async function completeAccountSetup(deps: Deps, body: AccountSetupBody) {
  const setup = await usableSetup(deps, body.token);
  const runReseller = async (tx: Tx, user: UserRow) => {
    if (!setup.resellerId) return;
    const taken = await tx
      .update(resellers)
      .set({ userId: user.id, updatedAt: deps.now() })
      .where(and(eq(resellers.id, setup.resellerId), isNull(resellers.userId)))
      .returning({ id: resellers.id });
    if (taken.length === 0) throw conflict(RESELLER_TAKEN);
  };
  const made = await register(deps, { fullName: setup.fullName, email: setup.email, qrCode: setup.qrCode, username: body.username, password: body.password }, runReseller);
  // Spent only once the account exists: a taken username leaves the link usable for another try.
  await deps.db.update(accountSetups).set({ usedAt: deps.now() }).where(and(eq(accountSetups.tokenHash, setup.tokenHash), isNull(accountSetups.usedAt)));
  return { ...made, qrCodeLinked: setup.qrCode !== null };
}
