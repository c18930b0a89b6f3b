/**
 * The support inbox's threads: a contact message and the replies that followed it. Reading them
 * (the list with its tab counts, one thread), and what staff do to them (reply, assign, close and
 * reopen), each action in one transaction with its audit row.
 */
import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import { type ContactKind, dataRequestAnswerBy } from '../../shared/contact';
import { SUPPORT_PAGE_SIZE, type SupportAssigned, type SupportList, type SupportStatus, type SupportThread } from '../../shared/support';
import type { Db, Tx } from '../db/connection';
import { contactMessages, supportReplies, users } from '../db/schema';
import type { Deps } from '../deps';
import { badRequest, notFound } from '../lib/errors';
import { enqueue } from '../lib/jobs';
import { SEND_MAIL } from '../lib/mail';
import { recordStaffAction } from '../staff/audit';
import type { StaffCaller } from '../staff/guard';
import { supportReplyMail } from './mail';
import { issueReplyLink } from './reply-links';

const THREAD_NOT_FOUND = 'Sagen findes ikke. Måske er den slettet sammen med afsenderens konto.';
const NOT_ASSIGNABLE = 'Sagen kan kun gives til en medarbejder i support eller en administrator med en åben konto.';

/** Who may hold a thread: the roles of the support desk. */
const DESK_ROLES = ['admin', 'support'] as const;
const PREVIEW_LENGTH = 140;

const assignee = alias(users, 'assignee');

/** The first words of a message, on one line, cut at a word. */
/** A data request's deadline, as an ISO time; null for any other message. */
const answerBy = (message: { kind: ContactKind; createdAt: Date }) => (message.kind === 'data_request' ? dataRequestAnswerBy(message.createdAt).toISOString() : null);

function preview(message: string): string {
  const flat = message.replace(/\s+/g, ' ').trim();
  if (flat.length <= PREVIEW_LENGTH) return flat;
  const cut = flat.slice(0, PREVIEW_LENGTH);
  const space = cut.lastIndexOf(' ');
  return `${(space > PREVIEW_LENGTH / 2 ? cut.slice(0, space) : cut).replace(/[\s.,;:]+$/, '')}…`;
}

const person = (id: string | null, fullName: string | null) => (id && fullName !== null ? { id, fullName } : null);

export async function listThreads(db: Db, callerId: string, query: { status: SupportStatus | 'all'; assigned: SupportAssigned; page: number }): Promise<SupportList> {
  const assigned: SQL | undefined =
    query.assigned === 'me' ? eq(contactMessages.assignedTo, callerId) : query.assigned === 'none' ? isNull(contactMessages.assignedTo) : undefined;
  const status = query.status === 'all' ? undefined : eq(contactMessages.status, query.status);

  const countRows = await db
    .select({ status: contactMessages.status, count: sql<number>`count(*)`.mapWith(Number) })
    .from(contactMessages)
    .where(assigned)
    .groupBy(contactMessages.status);
  const counts = { new: 0, answered: 0, closed: 0 };
  for (const row of countRows) counts[row.status] = row.count;

  const rows = await db
    .select({
      id: contactMessages.id,
      name: contactMessages.name,
      email: contactMessages.email,
      subject: contactMessages.subject,
      kind: contactMessages.kind,
      createdAt: contactMessages.createdAt,
      // Enough of the message for its first words; the rest stays in the database.
      start: sql<string>`left(${contactMessages.message}, ${PREVIEW_LENGTH * 2})`,
      status: contactMessages.status,
      assigneeId: assignee.id,
      assigneeName: assignee.fullName,
      lastActivityAt: contactMessages.lastActivityAt,
      replyCount: sql<number>`(select count(*) from ${supportReplies} r where r.message_id = ${contactMessages.id})`.mapWith(Number),
      // On a tie the sender's answer counts as the newer: better a thread shown as waiting than one missed.
      lastAuthor: sql<string | null>`(select r.author from ${supportReplies} r where r.message_id = ${contactMessages.id} order by r.created_at desc, r.author = 'sender' desc limit 1)`,
    })
    .from(contactMessages)
    .leftJoin(assignee, eq(assignee.id, contactMessages.assignedTo))
    .where(and(status, assigned))
    .orderBy(desc(contactMessages.lastActivityAt), desc(contactMessages.id))
    .limit(SUPPORT_PAGE_SIZE)
    .offset((query.page - 1) * SUPPORT_PAGE_SIZE);

  return {
    threads: rows.map((row) => ({
      id: row.id,
      name: row.name,
      email: row.email,
      subject: row.subject,
      answerBy: answerBy(row),
      preview: preview(row.start),
      status: row.status,
      assignee: person(row.assigneeId, row.assigneeName),
      replyCount: row.replyCount,
      lastActivityAt: row.lastActivityAt.toISOString(),
      waitingForUs: row.lastAuthor === null || row.lastAuthor === 'sender',
    })),
    counts,
    page: query.page,
    pageSize: SUPPORT_PAGE_SIZE,
    total: query.status === 'all' ? counts.new + counts.answered + counts.closed : counts[query.status],
  };
}

/** The support people a thread can be given to, by name. */
function deskStaff(db: Db | Tx) {
  return db
    .select({ id: users.id, fullName: users.fullName })
    .from(users)
    .where(and(inArray(users.role, [...DESK_ROLES]), isNull(users.disabledAt)))
    .orderBy(asc(users.fullName), asc(users.id));
}

export async function readThread(db: Db | Tx, id: string): Promise<SupportThread> {
  const [thread] = await db
    .select({ message: contactMessages, assigneeName: assignee.fullName })
    .from(contactMessages)
    .leftJoin(assignee, eq(assignee.id, contactMessages.assignedTo))
    .where(eq(contactMessages.id, id));
  if (!thread) throw notFound(THREAD_NOT_FOUND);
  const { message } = thread;
  const replies = await db
    .select({ reply: supportReplies, staffName: users.fullName })
    .from(supportReplies)
    .leftJoin(users, eq(users.id, supportReplies.staffId))
    .where(eq(supportReplies.messageId, id))
    .orderBy(asc(supportReplies.createdAt), asc(supportReplies.id));

  return {
    id: message.id,
    name: message.name,
    email: message.email,
    subject: message.subject,
    answerBy: answerBy(message),
    status: message.status,
    assignee: person(message.assignedTo, thread.assigneeName),
    userId: message.userId,
    createdAt: message.createdAt.toISOString(),
    lastActivityAt: message.lastActivityAt.toISOString(),
    messages: [
      { id: message.id, author: 'sender', authorName: message.name, body: message.message, createdAt: message.createdAt.toISOString() },
      ...replies.map(({ reply, staffName }) => ({
        id: reply.id,
        author: reply.author,
        authorName: reply.author === 'sender' ? message.name : staffName,
        body: reply.body,
        createdAt: reply.createdAt.toISOString(),
      })),
    ],
    assignable: await deskStaff(db),
  };
}

const subjectOf = (id: string) => `contact-message:${id}`;

/**
 * Our reply: stored, the thread marked answered, a new answer link made and the e-mail queued, all
 * or nothing, so the sender never gets a reply the inbox does not show or the reverse.
 */
export async function replyToThread(deps: Deps, request: FastifyRequest, caller: StaffCaller, id: string, body: string): Promise<SupportThread> {
  const at = deps.now();
  await deps.db.transaction(async (tx) => {
    const [message] = await tx
      .update(contactMessages)
      .set({ status: 'answered', lastActivityAt: at })
      .where(eq(contactMessages.id, id))
      .returning();
    if (!message) throw notFound(THREAD_NOT_FOUND);
    const [reply] = await tx.insert(supportReplies).values({ messageId: id, author: 'staff', staffId: caller.user.id, body, createdAt: at }).returning({ id: supportReplies.id });
    // The reply answers what the sender last wrote: their answer through a link, else the first message.
    const [latest] = await tx
      .select({ body: supportReplies.body, at: supportReplies.createdAt })
      .from(supportReplies)
      .where(and(eq(supportReplies.messageId, id), eq(supportReplies.author, 'sender')))
      .orderBy(desc(supportReplies.createdAt))
      .limit(1);
    const token = await issueReplyLink(tx, deps, id, at);
    const mail = supportReplyMail({
      to: message.email,
      name: message.name,
      subject: message.subject,
      reply: body,
      staffName: caller.user.fullName.split(/\s+/)[0] || caller.user.fullName,
      quoted: latest ?? { body: message.message, at: message.createdAt },
      link: `${deps.config.BASE_URL}/support/reply/${token}`,
      contactEmail: deps.config.CONTACT_EMAIL,
    });
    await enqueue(tx, SEND_MAIL, mail, at);
    await recordStaffAction(tx, at, request, caller.user, {
      action: 'support.reply',
      targetUserId: message.userId,
      subject: subjectOf(id),
      details: { replyId: reply!.id, to: message.email },
    });
  });
  deps.jobs.wake();
  return readThread(deps.db, id);
}

/** Gives the thread to a support person, or to no one. Giving it to whoever has it already changes nothing. */
export async function assignThread(deps: Deps, request: FastifyRequest, caller: StaffCaller, id: string, userId: string | null): Promise<SupportThread> {
  const at = deps.now();
  await deps.db.transaction(async (tx) => {
    const [message] = await tx.select().from(contactMessages).where(eq(contactMessages.id, id)).for('update');
    if (!message) throw notFound(THREAD_NOT_FOUND);
    let to: { id: string; fullName: string } | null = null;
    if (userId) {
      [to = null] = await tx
        .select({ id: users.id, fullName: users.fullName })
        .from(users)
        .where(and(eq(users.id, userId), inArray(users.role, [...DESK_ROLES]), isNull(users.disabledAt)));
      if (!to) throw badRequest(NOT_ASSIGNABLE, 'userId');
    }
    if (message.assignedTo === (to?.id ?? null)) return;
    await tx.update(contactMessages).set({ assignedTo: to?.id ?? null }).where(eq(contactMessages.id, id));
    await recordStaffAction(tx, at, request, caller.user, {
      action: 'support.assign',
      // The audit log names the person the thread was given to (none when it was taken back).
      targetUserId: to?.id ?? null,
      subject: subjectOf(id),
      details: { from: message.assignedTo, to: to?.id ?? null, toName: to?.fullName ?? null },
    });
  });
  return readThread(deps.db, id);
}

/** Close a thread, or reopen it (back among those waiting for us). The same status again changes nothing. */
export async function setThreadStatus(deps: Deps, request: FastifyRequest, caller: StaffCaller, id: string, status: 'closed' | 'new'): Promise<SupportThread> {
  const at = deps.now();
  await deps.db.transaction(async (tx) => {
    const [message] = await tx.select().from(contactMessages).where(eq(contactMessages.id, id)).for('update');
    if (!message) throw notFound(THREAD_NOT_FOUND);
    if (message.status === status) return;
    await tx.update(contactMessages).set({ status }).where(eq(contactMessages.id, id));
    await recordStaffAction(tx, at, request, caller.user, {
      action: status === 'closed' ? 'support.close' : 'support.reopen',
      targetUserId: message.userId,
      subject: subjectOf(id),
      details: { from: message.status, to: status },
    });
  });
  return readThread(deps.db, id);
}
