/**
 * Anniversary reminders (issue 6): on the deceased's birthday and the day of death, each
 * administrator (owner or co-admin) who opted in on /profile gets a short, gentle e-mail with a
 * link to light a candle.
 *
 * Exactly once: the daily schedule (lib/daily.ts) queues one job per Danish day across instances,
 * and the handler itself writes all of the day's mails in ONE transaction together with a marker
 * row in scheduled_runs. A retry after a crash half-way finds no marker (the transaction rolled
 * back) and starts over; a second run for a day that committed finds the marker and sends nothing.
 */
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { letter } from '../auth/mail';
import type { Db, Tx } from '../db/connection';
import { jobs, memorialMembers, memorials, scheduledRuns, users } from '../db/schema';
import { type DailyRun, danishDay } from '../lib/daily';
import { SEND_MAIL, type MailMessage } from '../lib/mail';

/** The job kind the daily schedule queues; its payload is `{ day }`. */
export const ANNIVERSARY_REMINDERS = 'anniversary.reminders';

/** Queued from 08:00 Danish time, so the reminder is there with the morning coffee, not at midnight. */
export const ANNIVERSARY_RUN: DailyRun = { name: 'anniversary-reminders', kind: ANNIVERSARY_REMINDERS, hour: 8 };

/** The scheduled_runs row that says a day's reminders are queued (committed with the mails). */
export const SENT_MARKER = 'anniversary-reminders-sent';

/** The id of the candle section's heading on the memorial page (client/memorials/posts/MemorialPosts.tsx). */
const CANDLE_ANCHOR = 'taend-et-lys';

/** Mails inserted per statement: a busy day's few thousand rows in a handful of round trips. */
const INSERT_BATCH = 500;

/** A birth year this far back is a placeholder or a historic figure: no "ville være fyldt 183 år". */
const CREDIBLE_AGE = 125;

const payloadSchema = z.object({ day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) });

const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/**
 * The month-days ('MM-DD') whose anniversaries fall on `day`. Someone born or dead on 29 February
 * is remembered on 28 February in the three years out of four that have no 29th.
 */
export function monthDaysOn(day: string): string[] {
  const year = Number(day.slice(0, 4));
  const monthDay = day.slice(5);
  return monthDay === '02-28' && !isLeapYear(year) ? ['02-28', '02-29'] : [monthDay];
}

export interface Occasion {
  /** The age the deceased would have reached today; null when the birth year is not credible. Absent: not the birthday. */
  birthday?: { age: number | null };
  /** Whole years since the death. Absent: not the day of death. */
  deathDay?: { years: number };
}

/** Which anniversaries `day` is for a memorial with these dates, or null when none. */
export function occasionOn(day: string, birthDate: string | null, deathDate: string | null): Occasion | null {
  const monthDays = monthDaysOn(day);
  const year = Number(day.slice(0, 4));
  const occasion: Occasion = {};
  // A death date after today is a typing error, not a death: no reminder for it, nor "would have been".
  if (deathDate && deathDate > day) return null;
  if (birthDate && monthDays.includes(birthDate.slice(5))) {
    const age = year - Number(birthDate.slice(0, 4));
    // Age 0 is the day of birth itself (a memorial made for a child born and lost today).
    if (age > 0) occasion.birthday = { age: age <= CREDIBLE_AGE ? age : null };
  }
  if (deathDate && monthDays.includes(deathDate.slice(5))) {
    const years = year - Number(deathDate.slice(0, 4));
    // Year 0 is the day of death itself: the family does not need reminding.
    if (years > 0) occasion.deathDay = { years };
  }
  return occasion.birthday || occasion.deathDay ? occasion : null;
}

/** "et år", "3 år": one spelled out, as a Dane writes it. */
const yearsText = (n: number) => (n === 1 ? 'et år' : `${n} år`);

/** Danish genitive: "Karens", but "Hans'" and "Max'" (a name ending in s, x or z takes only an apostrophe). */
const genitive = (name: string) => (/[sxz]$/i.test(name) ? `${name}'` : `${name}s`);

/** The subject and the opening paragraph for the occasion. */
function wording(name: string, occasion: Occasion): { subject: string; opening: string } {
  const { birthday, deathDay } = occasion;
  if (birthday && deathDay) {
    return {
      subject: `I dag er det ${genitive(name)} fødselsdag og dødsdag`,
      opening:
        (birthday.age === null ? `I dag ville ${name} have haft fødselsdag.` : `I dag ville ${name} være fyldt ${yearsText(birthday.age)}.`) +
        ` Det er også dagen, hvor ${name} døde for ${yearsText(deathDay.years)} siden.`,
    };
  }
  if (birthday) {
    const subject = birthday.age === null ? `I dag ville ${name} have haft fødselsdag` : `I dag ville ${name} være fyldt ${yearsText(birthday.age)}`;
    return { subject, opening: `${subject}.` };
  }
  const subject = `I dag er det ${yearsText(deathDay!.years)} siden, ${name} døde`;
  return { subject, opening: `${subject}.` };
}

export interface ReminderInput {
  to: string;
  /** The administrator's name, for "Kære …". */
  recipientName: string;
  memorial: { name: string; slug: string };
  occasion: Occasion;
  baseUrl: string;
}

/** One administrator's reminder for one memorial: warm, short, one button, and how to stop them. */
export function reminderMail({ to, recipientName, memorial, occasion, baseUrl }: ReminderInput): MailMessage {
  const { subject, opening } = wording(memorial.name, occasion);
  return letter({
    to,
    subject,
    name: recipientName,
    before: [opening, 'Måske har du lyst til at tænde et lys på mindesiden og sende en tanke.'],
    button: { text: 'Tænd et lys', link: `${baseUrl}/memorial/${encodeURIComponent(memorial.slug)}#${CANDLE_ANCHOR}` },
    after: `Du får denne e-mail, fordi du har slået påmindelser om mærkedage til. Du kan slå dem fra igen på din profil: ${baseUrl}/profile`,
  });
}

/**
 * The mails for `day`: one per (administrator who opted in, memorial with an anniversary), in one
 * query over memorials, members and users. The month-day comparison cannot use an index (there is
 * none on it), so it reads the memorials table once: a sequential scan of 100,000 rows, once a
 * day, is a fraction of a second.
 */
export async function remindersFor(db: Db | Tx, day: string, baseUrl: string): Promise<MailMessage[]> {
  const monthDays = monthDaysOn(day);
  const rows = await db
    .select({
      email: users.email,
      recipientName: users.fullName,
      name: memorials.name,
      slug: memorials.slug,
      birthDate: memorials.birthDate,
      deathDate: memorials.deathDate,
    })
    .from(memorials)
    .innerJoin(memorialMembers, eq(memorialMembers.memorialId, memorials.id))
    .innerJoin(users, eq(users.id, memorialMembers.userId))
    .where(
      and(
        isNull(memorials.deletedAt),
        inArray(memorialMembers.role, ['owner', 'coadmin']),
        eq(users.anniversaryReminders, true),
        or(
          inArray(sql`to_char(${memorials.birthDate}, 'MM-DD')`, monthDays),
          inArray(sql`to_char(${memorials.deathDate}, 'MM-DD')`, monthDays),
        ),
      ),
    )
    // A stable order, so a day's mails go out in the same order on a retry.
    .orderBy(memorials.id, users.id);

  const mails: MailMessage[] = [];
  for (const row of rows) {
    const occasion = occasionOn(day, row.birthDate, row.deathDate);
    if (!occasion) continue;
    mails.push(reminderMail({ to: row.email, recipientName: row.recipientName, memorial: row, occasion, baseUrl }));
  }
  return mails;
}

/**
 * Queues `day`'s reminders, once: the marker and the mails commit together or not at all.
 * Resolves with the number of mails queued (0 when the day was already done).
 */
export async function queueReminders(db: Db, day: string, baseUrl: string, at: Date): Promise<number> {
  return db.transaction(async (tx) => {
    // First, so that a second run for the day waits here on the first one's row and then does nothing.
    const won = await tx.insert(scheduledRuns).values({ name: SENT_MARKER, day, createdAt: at }).onConflictDoNothing().returning({ day: scheduledRuns.day });
    if (won.length === 0) return 0;
    const mails = await remindersFor(tx, day, baseUrl);
    // The same rows lib/jobs.ts's enqueue() writes, many per statement instead of one.
    for (let i = 0; i < mails.length; i += INSERT_BATCH) {
      await tx.insert(jobs).values(mails.slice(i, i + INSERT_BATCH).map((mail) => ({ kind: SEND_MAIL, payload: mail, runAt: at, createdAt: at })));
    }
    return mails.length;
  });
}

/** The job handler the daily schedule's job runs. */
export function anniversaryRemindersJob(deps: { db: Db; now: () => Date; baseUrl: string }) {
  return async (payload: unknown) => {
    const { day } = payloadSchema.parse(payload);
    // A job that only gets to run after midnight (the database was down all evening) would say
    // "I dag" about yesterday: better no reminder than a wrong one.
    if (danishDay(deps.now()) !== day) return;
    await queueReminders(deps.db, day, deps.baseUrl, deps.now());
  };
}
