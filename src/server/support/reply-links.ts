/**
 * The link in our reply (/support/reply/{token}), where the sender answers without an account
 * (PRODUCT.md "Links sent by e-mail"). Random, stored as a hash, single-use, 14 days. Opening it
 * only shows the thread (mail programs open links to check them); sending the answer spends it.
 */
import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import { SUPPORT_REPLY_LINK_DAYS, type PublicSupportThread, supportLinkWords } from '../../shared/support';
import type { Tx } from '../db/connection';
import { contactMessages, supportReplies, supportReplyTokens } from '../db/schema';
import type { Deps } from '../deps';
import { HttpError } from '../lib/errors';
import { hashToken, newToken, usableLink } from '../lib/tokens';

const LINK_LIFETIME_MS = SUPPORT_REPLY_LINK_DAYS * 24 * 60 * 60_000;

/** A new link for the thread, made in the transaction that sends the e-mail carrying it. */
export async function issueReplyLink(tx: Tx, deps: Pick<Deps, 'randomBytes'>, messageId: string, at: Date): Promise<string> {
  const token = newToken(deps.randomBytes);
  await tx.insert(supportReplyTokens).values({ tokenHash: hashToken(token), messageId, createdAt: at, expiresAt: new Date(at.getTime() + LINK_LIFETIME_MS) });
  return token;
}

async function usableReplyLink(deps: Pick<Deps, 'db' | 'now'>, token: string) {
  const [row] = await deps.db.select().from(supportReplyTokens).where(eq(supportReplyTokens.tokenHash, hashToken(token)));
  return usableLink(row, deps.now(), supportLinkWords);
}

/** What the answer page shows: the sender's words and ours, oldest first. No e-mail address, no staff names. */
export async function readByLink(deps: Pick<Deps, 'db' | 'now'>, token: string): Promise<PublicSupportThread> {
  const link = await usableReplyLink(deps, token);
  const [message] = await deps.db.select().from(contactMessages).where(eq(contactMessages.id, link.messageId));
  if (!message) throw new HttpError(400, supportLinkWords.unknown);
  const replies = await deps.db
    .select({ author: supportReplies.author, body: supportReplies.body, createdAt: supportReplies.createdAt })
    .from(supportReplies)
    .where(eq(supportReplies.messageId, message.id))
    .orderBy(asc(supportReplies.createdAt), asc(supportReplies.id));
  return {
    name: message.name,
    subject: message.subject,
    messages: [
      { from: 'sender', body: message.message, createdAt: message.createdAt.toISOString() },
      ...replies.map((reply) => ({ from: reply.author === 'sender' ? ('sender' as const) : ('mindested' as const), body: reply.body, createdAt: reply.createdAt.toISOString() })),
    ],
  };
}

/**
 * The sender's answer: the link is spent (the guard against one link used twice at once), the
 * answer joins the thread, and the thread waits for us again, all in one transaction. Every other
 * open link of the thread is spent too: the next one comes with our next reply.
 */
export async function answerByLink(deps: Pick<Deps, 'db' | 'now'>, token: string, body: string): Promise<void> {
  await usableReplyLink(deps, token);
  const at = deps.now();
  const tokenHash = hashToken(token);
  await deps.db.transaction(async (tx) => {
    const [spent] = await tx
      .update(supportReplyTokens)
      .set({ usedAt: at })
      .where(and(eq(supportReplyTokens.tokenHash, tokenHash), isNull(supportReplyTokens.usedAt), gt(supportReplyTokens.expiresAt, at)))
      .returning();
    if (!spent) throw new HttpError(410, supportLinkWords.used);
    await tx
      .update(supportReplyTokens)
      .set({ usedAt: at })
      .where(sql`${supportReplyTokens.messageId} = ${spent.messageId} and ${supportReplyTokens.usedAt} is null`);
    await tx.insert(supportReplies).values({ messageId: spent.messageId, author: 'sender', body, createdAt: at });
    await tx.update(contactMessages).set({ status: 'new', lastActivityAt: at }).where(eq(contactMessages.id, spent.messageId));
  });
}
