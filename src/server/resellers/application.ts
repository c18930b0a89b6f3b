/**
 * /reseller-register's application (PRODUCT.md "Resellers"): a funeral home or stone dealer applies
 * with its CVR number and the terms' version it accepted. A signed-in user applies for their own
 * account; a visitor applies with an e-mail address, which gets a setup link once an admin approves
 * (resellers/admin-decisions.ts). One record per CVR number, per account and per address: a second
 * application is refused, except that a rejected applicant may apply again on its own record.
 */
import { and, eq, or } from 'drizzle-orm';
import type { z } from 'zod';
import type { resellerApplicationBody} from '../../shared/resellers-api';
import { type ResellerSelf, resellerMessages } from '../../shared/resellers-api';
import { RESELLER_TERMS_VERSION } from '../../shared/resellers';
import type { UserRow } from '../auth/sessions';
import { resellers, users } from '../db/schema';
import type { Deps } from '../deps';
import { HttpError, badRequest, conflict, isUniqueViolation } from '../lib/errors';
import { enqueue } from '../lib/jobs';
import { SEND_MAIL } from '../lib/mail';
import { applicationReceivedMail } from './mail';
import { type ResellerRow, presentSelf } from './self';

type Application = z.output<typeof resellerApplicationBody>;

/** Referral codes: 10 characters without the look-alikes (0/O, 1/I/L), easy to read aloud on the phone. */
const REFERRAL_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export function newReferralCode(randomBytes: (size: number) => Uint8Array): string {
  return [...randomBytes(10)].map((byte) => REFERRAL_ALPHABET[byte % REFERRAL_ALPHABET.length]).join('');
}

/** The approved reseller whose referral link this is, or undefined. */
export async function partnerByCode(deps: Pick<Deps, 'db'>, code: string): Promise<Pick<ResellerRow, 'id' | 'companyName'> | undefined> {
  const [row] = await deps.db
    .select({ id: resellers.id, companyName: resellers.companyName })
    .from(resellers)
    .where(and(eq(resellers.referralCode, code.trim().toUpperCase()), eq(resellers.status, 'approved')));
  return row;
}

/**
 * Records an application and sends its receipt. Answers the caller's own record (null for a
 * visitor, who has nothing to see before approval).
 */
export async function apply(deps: Deps, applicant: UserRow | null, body: Application): Promise<ResellerSelf | null> {
  if (body.termsVersion !== RESELLER_TERMS_VERSION) throw badRequest(resellerMessages.termsChanged, 'acceptTerms');
  const email = applicant?.email ?? body.email;
  if (!applicant) {
    const [account] = await deps.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (account) throw new HttpError(409, resellerMessages.existingAccount, { field: 'email' });
  }
  const partner = body.partner ? await partnerByCode(deps, body.partner) : undefined;
  if (body.partner && !partner) throw badRequest(resellerMessages.unknownPartner, 'partner');

  const now = deps.now();
  const fields = {
    companyName: body.companyName,
    cvr: body.cvr,
    kind: body.kind,
    contactName: body.contactName,
    email,
    phone: body.phone,
    address: body.address,
    postcode: body.postcode,
    town: body.town,
    termsVersion: body.termsVersion,
    termsAcceptedAt: now,
    updatedAt: now,
  };
  try {
    const row = await deps.db.transaction(async (tx) => {
      const mine = applicant ? eq(resellers.userId, applicant.id) : undefined;
      const clashes = await tx
        .select()
        .from(resellers)
        .where(or(eq(resellers.cvr, body.cvr), eq(resellers.email, email), mine))
        .for('update');
      const own = clashes.find((r) => (applicant ? r.userId === applicant.id : r.userId === null && r.email === email));
      const others = clashes.filter((r) => r !== own);
      if (own && own.status !== 'rejected') {
        throw applicant ? conflict(resellerMessages.duplicateAccount) : new HttpError(409, resellerMessages.duplicateEmail, { field: 'email' });
      }
      if (others.some((r) => r.cvr === body.cvr)) throw new HttpError(409, resellerMessages.duplicateCvr, { field: 'cvr' });
      if (others.length > 0) throw new HttpError(409, resellerMessages.duplicateEmail, { field: 'email' });

      const [saved] = own
        ? // A rejected applicant tries again: the same record, pending once more, its old reason gone.
          await tx
            .update(resellers)
            .set({ ...fields, status: 'pending', statusReason: null, statusChangedAt: now, referredBy: partner?.id ?? own.referredBy })
            .where(eq(resellers.id, own.id))
            .returning()
        : await tx
            .insert(resellers)
            .values({ ...fields, userId: applicant?.id ?? null, referralCode: newReferralCode(deps.randomBytes), referredBy: partner?.id ?? null, createdAt: now })
            .returning();
      await enqueue(
        tx,
        SEND_MAIL,
        applicationReceivedMail({ to: email, name: body.contactName, companyName: body.companyName, link: `${deps.config.BASE_URL}/reseller-dashboard` }),
        now,
      );
      return saved!;
    });
    deps.jobs.wake();
    return applicant ? presentSelf(deps.config.BASE_URL, row) : null;
  } catch (error) {
    // Two applications with one CVR number at the same moment: the unique index decides.
    if (isUniqueViolation(error, 'resellers_cvr_key')) throw new HttpError(409, resellerMessages.duplicateCvr, { field: 'cvr' });
    if (isUniqueViolation(error, 'resellers_email_key')) throw new HttpError(409, resellerMessages.duplicateEmail, { field: 'email' });
    if (isUniqueViolation(error, 'resellers_user_key')) throw conflict(resellerMessages.duplicateAccount);
    throw error;
  }
}
