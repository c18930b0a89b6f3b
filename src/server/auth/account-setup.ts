/**
 * E-mail registration with a QR code (PRODUCT.md "Links sent by e-mail"): name and e-mail give a
 * link (/setup/{token}) by e-mail; there the person chooses username and password, and the account
 * is made with the code locked to it, exactly as registering with the code would (register()).
 * The answer to a request is the same whether or not the address already has an account; that
 * account's owner gets a way to use the code with it instead.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { AccountSetup, AccountSetupBody, QrEmailRegisterBody } from '../../shared/account-setup';
import { ACCOUNT_SETUP_TTL_MS } from '../../shared/constants';
import { accountSetups, users } from '../db/schema';
import type { Deps } from '../deps';
import { HttpError } from '../lib/errors';
import { enqueue } from '../lib/jobs';
import { SEND_MAIL } from '../lib/mail';
import { hashToken, newToken, usableLink } from '../lib/tokens';
import { isClaimable } from '../qr/service';
import { accountSetupMail, existingAccountMail } from './mail';
import { CODE_NOT_USABLE, register } from './service';

const SETUP_UNKNOWN = 'Linket er ikke gyldigt. Tjek at hele adressen fra e-mailen er med, eller tilmeld dig igen med QR-koden.';
const SETUP_USED = 'Linket er allerede brugt, og kontoen er oprettet. Log ind med dit brugernavn og din adgangskode.';
const SETUP_EXPIRED = 'Linket er udløbet, da det kun virker i 7 dage. Tilmeld dig igen med QR-koden, så sender vi et nyt.';

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
  return usableLink(setup, deps.now(), { unknown: SETUP_UNKNOWN, used: SETUP_USED, expired: SETUP_EXPIRED });
}

/** What the setup page shows: whose account it is and which code it locks. */
export async function readAccountSetup(deps: Deps, token: string): Promise<AccountSetup> {
  const setup = await usableSetup(deps, token);
  return { fullName: setup.fullName, email: setup.email, qrCode: setup.qrCode };
}

/** Makes the account with the code locked to it, logs it in, and spends the link. */
export async function completeAccountSetup(deps: Deps, body: AccountSetupBody) {
  const setup = await usableSetup(deps, body.token);
  const made = await register(deps, { fullName: setup.fullName, email: setup.email, qrCode: setup.qrCode, username: body.username, password: body.password });
  // Spent only once the account exists: a taken username leaves the link usable for another try.
  await deps.db.update(accountSetups).set({ usedAt: deps.now() }).where(and(eq(accountSetups.tokenHash, setup.tokenHash), isNull(accountSetups.usedAt)));
  return made;
}
