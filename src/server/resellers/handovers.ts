/**
 * A reseller gives a code to a family (PRODUCT.md "Resellers": assigning a code e-mails the family an
 * account-setup link). The code is recorded as theirs to take in use; with an e-mail address they
 * get the setup link (/setup/{token}, the code locked to the new account) or, when the address has
 * an account, a link to log in and take the code; without one the reseller prints the letter.
 * Withdrawing a hand-over before the family has taken the code spends its link; sending the link
 * again (a lost or expired e-mail) replaces it. Every e-mail is counted first (mail-limit.ts).
 *
 * The code's own state does not change: a family may still take it in use any way a code is taken
 * (scanning it, the letter's address), since the code in their hand is the proof (qr/lifecycle.ts).
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import { ACCOUNT_SETUP_TTL_MS } from '../../shared/constants';
import { codeFromInput } from '../../shared/qr-code';
import { type ResellerCode, type handoverBody, resellerMessages } from '../../shared/resellers-api';
import type { Tx } from '../db/connection';
import { accountSetups, codeHandovers, qrCodes, users } from '../db/schema';
import type { Deps } from '../deps';
import { conflict, isUniqueViolation, notFound } from '../lib/errors';
import { enqueue } from '../lib/jobs';
import { SEND_MAIL } from '../lib/mail';
import { hashToken, newToken } from '../lib/tokens';
import { resellerCode } from './codes';
import { handoverLoginMail, handoverSetupMail } from './mail';
import { countFamilyMail } from './mail-limit';
import { type ResellerRow, mustBeApproved } from './self';

type Handover = z.output<typeof handoverBody>;

/** The reseller's code, locked for the change; 404 for a code that is not theirs (or does not exist). */
async function lockOwnCode(tx: Tx, reseller: ResellerRow, input: string) {
  const code = codeFromInput(input);
  const [row] = code
    ? await tx
        .select()
        .from(qrCodes)
        .where(and(eq(qrCodes.code, code), eq(qrCodes.resellerId, reseller.id)))
        .for('update')
    : [];
  if (!row) throw notFound(resellerMessages.codeNotYours);
  const [live] = await tx
    .select()
    .from(codeHandovers)
    .where(and(eq(codeHandovers.code, row.code), isNull(codeHandovers.withdrawnAt)));
  return { code: row, live };
}

export async function giveCode(deps: Deps, reseller: ResellerRow, giver: { id: string }, input: string, body: Handover): Promise<{ code: ResellerCode; message: string }> {
  mustBeApproved(reseller);
  const email = body.email || null;
  if (email) await countFamilyMail(deps, reseller.id, email);
  try {
    const code = await deps.db.transaction(async (tx) => {
      const { code, live } = await lockOwnCode(tx, reseller, input);
      if (code.status === 'claimed' || code.status === 'linked') throw conflict(resellerMessages.codeInUse);
      if (code.status === 'void') throw conflict(resellerMessages.codeVoid);
      if (code.status !== 'shipped') throw conflict(resellerMessages.codeNotShipped);
      if (live) throw conflict(resellerMessages.codeAlreadyGiven);

      const now = deps.now();
      await tx.insert(codeHandovers).values({ code: code.code, resellerId: reseller.id, familyName: body.familyName, email, givenBy: giver.id, createdAt: now });
      if (email) await sendFamilyLink(tx, deps, reseller, { code: code.code, familyName: body.familyName, email });
      return code.code;
    });
    deps.jobs.wake();
    const message = email
      ? `Koden er givet til ${body.familyName}. Vi har sendt en e-mail til ${email} med et link, så familien kan tage koden i brug.`
      : `Koden er givet til ${body.familyName}. Print brevet til familien, så de ved, hvordan de kommer i gang.`;
    return { code: (await resellerCode(deps.db, reseller.id, code))!, message };
  } catch (error) {
    // Two people at the dealer's giving the same code at once: the partial unique index decides.
    if (isUniqueViolation(error, 'code_handovers_live_code_key')) throw conflict(resellerMessages.codeAlreadyGiven);
    throw error;
  }
}

/**
 * The family's link, in the hand-over's transaction: for an address without an account, a setup
 * link that makes the account with the code locked to it; for one with an account, the code's
 * log-in page (the code is locked to the account as it logs in, /qr-scan/{code}/login).
 */
async function sendFamilyLink(tx: Tx, deps: Deps, reseller: ResellerRow, family: { code: string; familyName: string; email: string }): Promise<'login' | 'setup'> {
  const now = deps.now();
  const mail = { to: family.email, name: family.familyName, companyName: reseller.companyName };
  const [account] = await tx.select({ id: users.id }).from(users).where(eq(users.email, family.email));
  if (account) {
    await enqueue(tx, SEND_MAIL, handoverLoginMail({ ...mail, link: `${deps.config.BASE_URL}/qr-scan/${family.code}/login` }), now);
    return 'login';
  }
  const token = newToken(deps.randomBytes);
  await tx.insert(accountSetups).values({
    tokenHash: hashToken(token),
    fullName: family.familyName,
    email: family.email,
    qrCode: family.code,
    createdAt: now,
    expiresAt: new Date(now.getTime() + ACCOUNT_SETUP_TTL_MS),
  });
  await enqueue(tx, SEND_MAIL, handoverSetupMail({ ...mail, link: `${deps.config.BASE_URL}/setup/${token}` }), now);
  return 'setup';
}

/** Takes a hand-over back (a wrong address, a family that chose otherwise) while the code is still untaken. */
export async function withdrawCode(deps: Deps, reseller: ResellerRow, input: string): Promise<ResellerCode> {
  mustBeApproved(reseller);
  const code = await deps.db.transaction(async (tx) => {
    const { code, live } = await lockOwnCode(tx, reseller, input);
    if (!live) throw conflict(resellerMessages.notGiven);
    if (code.status !== 'shipped') throw conflict(resellerMessages.codeInUse);
    await tx.update(codeHandovers).set({ withdrawnAt: deps.now() }).where(eq(codeHandovers.id, live.id));
    // The family's setup link stops working: it would lock a code the dealer has taken back.
    await tx.delete(accountSetups).where(and(eq(accountSetups.qrCode, code.code), isNull(accountSetups.usedAt), isNull(accountSetups.resellerId)));
    return code.code;
  });
  return (await resellerCode(deps.db, reseller.id, code))!;
}

/**
 * The family's e-mail again, for a live hand-over with an address: the mail was lost, or its setup
 * link expired after 7 days. A new link is made and the old unused one is deleted, so only the
 * newest works; an address that has an account by now gets the log-in link instead.
 */
export async function resendFamilyLink(deps: Deps, reseller: ResellerRow, input: string): Promise<{ code: ResellerCode; message: string }> {
  mustBeApproved(reseller);
  // Counted before the work, so the address is read first; the transaction checks it again.
  const code = codeFromInput(input);
  const shown = code ? await resellerCode(deps.db, reseller.id, code) : undefined;
  if (!shown) throw notFound(resellerMessages.codeNotYours);
  if (shown.state === 'claimed' || shown.state === 'linked') throw conflict(resellerMessages.linkNotNeeded);
  if (shown.state !== 'given' || !shown.handover) throw conflict(resellerMessages.notGiven);
  if (!shown.handover.email) throw conflict(resellerMessages.noEmail);
  await countFamilyMail(deps, reseller.id, shown.handover.email);

  const { email, sent } = await deps.db.transaction(async (tx) => {
    const { code, live } = await lockOwnCode(tx, reseller, input);
    if (!live) throw conflict(resellerMessages.notGiven);
    if (code.status !== 'shipped') throw conflict(resellerMessages.linkNotNeeded);
    if (!live.email) throw conflict(resellerMessages.noEmail);
    await tx
      .delete(accountSetups)
      .where(and(eq(accountSetups.qrCode, code.code), eq(accountSetups.email, live.email), isNull(accountSetups.usedAt), isNull(accountSetups.resellerId)));
    const sent = await sendFamilyLink(tx, deps, reseller, { code: code.code, familyName: live.familyName, email: live.email });
    return { email: live.email, sent };
  });
  deps.jobs.wake();
  const message =
    sent === 'setup'
      ? `Vi har sendt linket igen til ${email}. Linket i den forrige e-mail virker ikke længere.`
      : `Vi har sendt en ny e-mail til ${email} med et link, så familien kan logge ind og tage koden i brug.`;
  return { code: (await resellerCode(deps.db, reseller.id, shown.code))!, message };
}
