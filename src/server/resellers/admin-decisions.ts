/**
 * What an admin decides about a reseller on /admin/resellers/{id}: approve, reject, suspend,
 * reinstate, the commission rate, a new setup link. Each is one transaction with its entry in the
 * audit log and its e-mail to the applicant queued (the outbox), so none happens without the
 * others; the row is locked first, so two admins deciding at once queue, and the second is told
 * the decision no longer fits.
 */
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { ACCOUNT_SETUP_TTL_MS } from '../../shared/constants';
import { resellerAdminMessages } from '../../shared/resellers-admin';
import type { ResellerStatus } from '../../shared/resellers';
import type { UserRow } from '../auth/sessions';
import type { Tx } from '../db/connection';
import { accountSetups, resellers, users } from '../db/schema';
import type { Deps } from '../deps';
import { conflict, notFound } from '../lib/errors';
import { enqueue } from '../lib/jobs';
import { type MailMessage, SEND_MAIL } from '../lib/mail';
import { hashToken, newToken } from '../lib/tokens';
import { recordStaffAction } from '../staff/audit';
import { resellerSubject } from './admin-detail';
import { approvedMail, approvedSetupMail, commissionMail, newSetupLinkMail, reinstatedMail, rejectedMail, suspendedMail } from './decision-mail';

type Actor = Pick<UserRow, 'id' | 'fullName'>;
type DecisionDeps = Pick<Deps, 'db' | 'now' | 'randomBytes' | 'config' | 'jobs'>;
type ResellerRow = typeof resellers.$inferSelect;

export interface Decision {
  deps: DecisionDeps;
  request: FastifyRequest;
  actor: Actor;
  id: string;
}

/** What one decision does inside its transaction: the audit entry's name and details, and the letter. */
interface Outcome {
  action: string;
  details?: Record<string, unknown>;
  mail: MailMessage | null;
}

/**
 * The pipeline every decision shares: lock the row (404 for an unknown id), let the decision
 * refuse or change it, then write the audit entry and queue the letter in the same transaction;
 * wake the mailer once it is committed.
 */
async function decide({ deps, request, actor, id }: Decision, change: (tx: Tx, reseller: ResellerRow) => Promise<Outcome | null>): Promise<void> {
  const sent = await deps.db.transaction(async (tx) => {
    const [reseller] = await tx.select().from(resellers).where(eq(resellers.id, id)).for('update');
    if (!reseller) throw notFound(resellerAdminMessages.notFound);
    const outcome = await change(tx, reseller);
    if (!outcome) return false;
    const [after] = await tx.select({ userId: resellers.userId }).from(resellers).where(eq(resellers.id, id));
    await recordStaffAction(tx, deps.now(), request, actor, {
      action: outcome.action,
      subject: resellerSubject(id),
      targetUserId: after?.userId ?? null,
      details: outcome.details,
    });
    if (outcome.mail) await enqueue(tx, SEND_MAIL, outcome.mail, deps.now());
    return outcome.mail !== null;
  });
  if (sent) deps.jobs.wake();
}

const statusChange = (deps: DecisionDeps, status: ResellerStatus, statusReason: string | null) => {
  const now = deps.now();
  return { status, statusReason, statusChangedAt: now, updatedAt: now };
};

/**
 * The way in for an approved application without an account: an account that has the
 * application's address by now is attached to it (and told the dashboard is open); otherwise a
 * setup link is made and sent. Says which it was.
 *
 * Older unused links of the reseller stop working: they expire now rather than count as used,
 * since the setup page tells a used link "the account is made, log in", which would send the
 * applicant looking for an account that does not exist; an expired one says to ask for a new one.
 */
async function giveAccess(tx: Tx, deps: DecisionDeps, reseller: ResellerRow, letters: { attached: MailMessage; setup: (link: string) => MailMessage }) {
  const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, reseller.email));
  if (existing) {
    const [runsAnother] = await tx.select({ id: resellers.id }).from(resellers).where(eq(resellers.userId, existing.id));
    if (runsAnother) throw conflict(resellerAdminMessages.accountTaken);
    await tx.update(resellers).set({ userId: existing.id, updatedAt: deps.now() }).where(eq(resellers.id, reseller.id));
    return { account: 'attached' as const, mail: letters.attached };
  }
  const now = deps.now();
  await tx
    .update(accountSetups)
    .set({ expiresAt: now })
    .where(and(eq(accountSetups.resellerId, reseller.id), isNull(accountSetups.usedAt), gt(accountSetups.expiresAt, now)));
  const token = newToken(deps.randomBytes);
  await tx.insert(accountSetups).values({
    tokenHash: hashToken(token),
    fullName: reseller.contactName.trim() || reseller.companyName,
    email: reseller.email,
    qrCode: null,
    resellerId: reseller.id,
    createdAt: now,
    expiresAt: new Date(now.getTime() + ACCOUNT_SETUP_TTL_MS),
  });
  return { account: 'setup-link' as const, mail: letters.setup(`${deps.config.BASE_URL}/setup/${token}`) };
}

/** Approves a waiting (or earlier rejected) application, optionally with its commission rate. */
export function approveReseller(decision: Decision, commissionBasisPoints: number | undefined): Promise<void> {
  const { deps } = decision;
  const base = deps.config.BASE_URL;
  return decide(decision, async (tx, reseller) => {
    if (reseller.status !== 'pending' && reseller.status !== 'rejected') throw conflict(resellerAdminMessages.notPending);
    const rate = commissionBasisPoints ?? reseller.commissionBasisPoints;
    await tx
      .update(resellers)
      .set({ ...statusChange(deps, 'approved', null), approvedAt: deps.now(), commissionBasisPoints: rate })
      .where(eq(resellers.id, reseller.id));
    const details = { from: reseller.status, commissionBasisPoints: rate };
    if (reseller.userId) return { action: 'reseller.approve', details: { ...details, account: 'existing' }, mail: approvedMail(reseller, base, rate) };
    const access = await giveAccess(tx, deps, reseller, { attached: approvedMail(reseller, base, rate), setup: (link) => approvedSetupMail(reseller, link, rate) });
    return { action: 'reseller.approve', details: { ...details, account: access.account }, mail: access.mail };
  });
}

export function rejectReseller(decision: Decision, reason: string): Promise<void> {
  const { deps } = decision;
  return decide(decision, async (tx, reseller) => {
    if (reseller.status !== 'pending') throw conflict(resellerAdminMessages.notPendingReject);
    await tx.update(resellers).set(statusChange(deps, 'rejected', reason)).where(eq(resellers.id, reseller.id));
    return { action: 'reseller.reject', details: { reason }, mail: rejectedMail(reseller, deps.config.BASE_URL, reason) };
  });
}

/** Stops an approved reseller giving codes away; its codes, hand-overs and history stay. */
export function suspendReseller(decision: Decision, reason: string): Promise<void> {
  const { deps } = decision;
  return decide(decision, async (tx, reseller) => {
    if (reseller.status !== 'approved') throw conflict(resellerAdminMessages.notApproved);
    await tx.update(resellers).set(statusChange(deps, 'suspended', reason)).where(eq(resellers.id, reseller.id));
    return { action: 'reseller.suspend', details: { reason }, mail: suspendedMail(reseller, deps.config.BASE_URL, reason) };
  });
}

export function reinstateReseller(decision: Decision): Promise<void> {
  const { deps } = decision;
  return decide(decision, async (tx, reseller) => {
    if (reseller.status !== 'suspended') throw conflict(resellerAdminMessages.notSuspended);
    await tx.update(resellers).set(statusChange(deps, 'approved', null)).where(eq(resellers.id, reseller.id));
    return { action: 'reseller.reinstate', details: { reason: reseller.statusReason }, mail: reinstatedMail(reseller, deps.config.BASE_URL) };
  });
}

/** A new rate, whatever the status; the same rate again changes nothing and sends nothing. */
export function setCommission(decision: Decision, commissionBasisPoints: number): Promise<void> {
  const { deps } = decision;
  return decide(decision, async (tx, reseller) => {
    if (reseller.commissionBasisPoints === commissionBasisPoints) return null;
    await tx.update(resellers).set({ commissionBasisPoints, updatedAt: deps.now() }).where(eq(resellers.id, reseller.id));
    return {
      action: 'reseller.commission',
      details: { from: reseller.commissionBasisPoints, to: commissionBasisPoints },
      mail: commissionMail(reseller, deps.config.BASE_URL, commissionBasisPoints),
    };
  });
}

/** A fresh setup link for an approved application whose account is not made yet; older links stop working. */
export function resendSetupLink(decision: Decision): Promise<void> {
  const { deps } = decision;
  return decide(decision, async (tx, reseller) => {
    if (reseller.userId) throw conflict(resellerAdminMessages.hasAccount);
    if (reseller.status !== 'approved') throw conflict(resellerAdminMessages.notApprovedLink);
    const access = await giveAccess(tx, deps, reseller, {
      attached: approvedMail(reseller, deps.config.BASE_URL, reseller.commissionBasisPoints),
      setup: (link) => newSetupLinkMail(reseller, link),
    });
    return { action: 'reseller.setup-link', details: { account: access.account }, mail: access.mail };
  });
}
