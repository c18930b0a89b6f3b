/**
 * Anniversary reminders on a real database (embedded, or PostgreSQL when DATABASE_URL is set) with
 * real e-mail (an SMTP capture): who gets one (opted-in owners and co-admins) and who does not
 * (opted out, viewers, deleted memorials); the birthday, the day of death, both on one day and
 * 29 February; the letter's words, button and escaping; and exactly once, whether the handler runs
 * twice or two instances' schedules both tick.
 */
import { eq } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../tests/support/factories';
import type { CapturedMail } from '../../../tests/support/smtp-capture';
import { type TestApp, createTestApp } from '../../../tests/support/test-app';
import type { MemberRole } from '../../shared/memorials';
import type { Db, Tx } from '../db/connection';
import { jobs, memorialMembers, memorials, scheduledRuns } from '../db/schema';
import { createDailySchedule } from '../lib/daily';
import { ANNIVERSARY_REMINDERS, ANNIVERSARY_RUN, SENT_MARKER, anniversaryRemindersJob, monthDaysOn, occasionOn, reminderMail } from './reminders';

const BASE_URL = 'http://localhost:5000';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ BASE_URL });
});
afterAll(() => t.close());

/** Moves the test clock to `iso` (it only knows how to advance, by any amount). */
function setClock(iso: string) {
  t.clock.advance(new Date(iso).getTime() - t.clock.now().getTime());
}

let sequence = 0;

interface Admin {
  email: string;
}

/** A memorial with one user per role given; `optedIn` says whose reminders are switched on. */
async function memorialWith(fields: { name?: string; birthDate?: string | null; deathDate?: string | null; deleted?: boolean }, roles: { role: MemberRole; optedIn: boolean }[]) {
  sequence += 1;
  const name = fields.name ?? `Karen Jensen ${sequence}`;
  const [memorial] = await t.database.db
    .insert(memorials)
    .values({
      slug: `karen-jensen-${sequence}-${randomBytes(3).toString('hex')}`,
      name,
      birthDate: fields.birthDate ?? null,
      deathDate: fields.deathDate ?? null,
      deletedAt: fields.deleted ? t.clock.now() : null,
    })
    .returning();
  const people: Admin[] = [];
  for (const { role, optedIn } of roles) {
    const user = await createUser(t.database.db, { fullName: `Anna ${role} ${sequence}`, anniversaryReminders: optedIn });
    await t.database.db.insert(memorialMembers).values({ memorialId: memorial!.id, userId: user.id, role });
    people.push({ email: user.email });
  }
  return { memorial: memorial!, people };
}

/** Runs the day's handler as the job queue would at 10:00 Danish time, then sends what it queued. */
async function runDay(day: string) {
  setClock(`${day}T08:00:00Z`);
  await anniversaryRemindersJob({ db: t.database.db, now: t.clock.now, baseUrl: BASE_URL })({ day });
  await t.app.deps.jobs.drain();
}

const mailsTo = (person: Admin): CapturedMail[] => t.mail.messages.filter((m) => m.to.includes(person.email));

describe('which day reminds of which dates', () => {
  it('remembers 29 February on 28 February in a year without one', () => {
    expect(monthDaysOn('2027-02-28')).toEqual(['02-28', '02-29']);
    expect(monthDaysOn('2028-02-28')).toEqual(['02-28']);
    expect(monthDaysOn('2028-02-29')).toEqual(['02-29']);
    expect(monthDaysOn('2100-02-28')).toEqual(['02-28', '02-29']);
    expect(monthDaysOn('2000-02-28')).toEqual(['02-28']);
  });

  it('counts the years, and says nothing on the day itself or for a death date still to come', () => {
    expect(occasionOn('2026-03-10', '1946-03-10', '2023-01-05')).toEqual({ birthday: { age: 80 } });
    expect(occasionOn('2026-03-10', '1946-07-01', '2023-03-10')).toEqual({ deathDay: { years: 3 } });
    expect(occasionOn('2026-03-10', '1946-03-10', '2025-03-10')).toEqual({ birthday: { age: 80 }, deathDay: { years: 1 } });
    expect(occasionOn('2026-03-10', '2026-03-10', '2026-03-10')).toBeNull();
    expect(occasionOn('2026-03-10', '1946-03-10', '2026-12-24')).toBeNull();
    // A birth year so far back that it is a guess: the birthday without an age.
    expect(occasionOn('2026-03-10', '1801-03-10', '1870-01-01')).toEqual({ birthday: { age: null } });
  });
});

describe('the reminder letter', () => {
  const memorial = { name: 'Hans Nielsen', slug: 'hans-nielsen-1940-2020' };
  const mail = (occasion: Parameters<typeof reminderMail>[0]['occasion']) =>
    reminderMail({ to: 'a@eksempel.dk', recipientName: 'Anna', memorial, occasion, baseUrl: BASE_URL });

  it('says each occasion in plain Danish', () => {
    expect(mail({ birthday: { age: 80 } }).subject).toBe('I dag ville Hans Nielsen være fyldt 80 år');
    expect(mail({ birthday: { age: 1 } }).subject).toBe('I dag ville Hans Nielsen være fyldt et år');
    expect(mail({ birthday: { age: null } }).subject).toBe('I dag ville Hans Nielsen have haft fødselsdag');
    expect(mail({ deathDay: { years: 3 } }).subject).toBe('I dag er det 3 år siden, Hans Nielsen døde');
    expect(mail({ deathDay: { years: 1 } }).subject).toBe('I dag er det et år siden, Hans Nielsen døde');
    const both = mail({ birthday: { age: 80 }, deathDay: { years: 6 } });
    // A name ending in s takes only an apostrophe in the genitive.
    expect(reminderMail({ to: 'a@eksempel.dk', recipientName: 'Anna', memorial: { ...memorial, name: 'Karen Hansen' }, occasion: { birthday: { age: 2 }, deathDay: { years: 2 } }, baseUrl: BASE_URL }).subject).toBe(
      'I dag er det Karen Hansens fødselsdag og dødsdag',
    );
    expect(reminderMail({ to: 'a@eksempel.dk', recipientName: 'Anna', memorial: { ...memorial, name: 'Lis' }, occasion: { birthday: { age: 2 }, deathDay: { years: 2 } }, baseUrl: BASE_URL }).subject).toBe(
      "I dag er det Lis' fødselsdag og dødsdag",
    );
    expect(both.text).toContain('I dag ville Hans Nielsen være fyldt 80 år. Det er også dagen, hvor Hans Nielsen døde for 6 år siden.');
  });
});

describe('the anniversary job', () => {
  it("mails each opted-in administrator once on the birthday, and nobody else; a second run that day sends nothing", async () => {
    const day = '2026-03-10';
    const { memorial, people } = await memorialWith({ birthDate: '1946-03-10', deathDate: '2023-01-05' }, [
      { role: 'owner', optedIn: true },
      { role: 'coadmin', optedIn: true },
      { role: 'coadmin', optedIn: false },
      { role: 'viewer', optedIn: true },
    ]);
    const [owner, coadmin, optedOut, viewer] = people as [Admin, Admin, Admin, Admin];
    const deleted = await memorialWith({ birthDate: '1950-03-10', deleted: true }, [{ role: 'owner', optedIn: true }]);
    const otherDay = await memorialWith({ birthDate: '1950-03-11' }, [{ role: 'owner', optedIn: true }]);

    await runDay(day);
    await runDay(day);

    for (const admin of [owner, coadmin]) {
      const mails = mailsTo(admin);
      expect(mails.map((m) => m.subject)).toEqual([`I dag ville ${memorial.name} være fyldt 80 år`]);
      const [mail] = mails as [CapturedMail];
      const link = `${BASE_URL}/memorial/${memorial.slug}#taend-et-lys`;
      expect(mail.text).toContain(link);
      expect(mail.text).toContain(`${BASE_URL}/profile`);
      expect(mail.html).toContain(`href="${link}"`);
      expect(mail.html).toContain('Tænd et lys');
      expect(mail.html).toContain('slå dem fra igen på din profil');
    }
    expect(mailsTo(optedOut)).toEqual([]);
    expect(mailsTo(viewer)).toEqual([]);
    expect(mailsTo(deleted.people[0]!)).toEqual([]);
    expect(mailsTo(otherDay.people[0]!)).toEqual([]);
    const markers = await t.database.db.select().from(scheduledRuns).where(eq(scheduledRuns.name, SENT_MARKER));
    expect(markers.filter((row) => row.day === day)).toHaveLength(1);
  });

  it('mails on the day of death, counting the first year as one', async () => {
    const three = await memorialWith({ birthDate: '1950-09-01', deathDate: '2023-04-20' }, [{ role: 'owner', optedIn: true }]);
    const first = await memorialWith({ deathDate: '2025-04-20' }, [{ role: 'coadmin', optedIn: true }]);
    await runDay('2026-04-20');
    expect(mailsTo(three.people[0]!).map((m) => m.subject)).toEqual([`I dag er det 3 år siden, ${three.memorial.name} døde`]);
    expect(mailsTo(first.people[0]!).map((m) => m.subject)).toEqual([`I dag er det et år siden, ${first.memorial.name} døde`]);
  });

  it('sends one mail naming both when the birthday and the day of death fall together', async () => {
    const { memorial, people } = await memorialWith({ birthDate: '1940-05-15', deathDate: '2020-05-15' }, [{ role: 'owner', optedIn: true }]);
    await runDay('2026-05-15');
    const mails = mailsTo(people[0]!);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`I dag er det ${memorial.name}s fødselsdag og dødsdag`);
    expect(mails[0]!.text).toContain(`I dag ville ${memorial.name} være fyldt 86 år. Det er også dagen, hvor ${memorial.name} døde for 6 år siden.`);
  });

  it('remembers 29 February on 28 February in a year without one, and on the 29th in a leap year', async () => {
    const leapling = await memorialWith({ birthDate: '1944-02-29', deathDate: '2019-11-02' }, [{ role: 'owner', optedIn: true }]);
    const the28th = await memorialWith({ deathDate: '2024-02-28' }, [{ role: 'owner', optedIn: true }]);

    await runDay('2027-02-28');
    expect(mailsTo(leapling.people[0]!).map((m) => m.subject)).toEqual([`I dag ville ${leapling.memorial.name} være fyldt 83 år`]);
    expect(mailsTo(the28th.people[0]!).map((m) => m.subject)).toEqual([`I dag er det 3 år siden, ${the28th.memorial.name} døde`]);

    await runDay('2028-02-28');
    expect(mailsTo(leapling.people[0]!)).toHaveLength(1);
    expect(mailsTo(the28th.people[0]!)).toHaveLength(2);
    await runDay('2028-02-29');
    expect(mailsTo(leapling.people[0]!).map((m) => m.subject)).toEqual([
      `I dag ville ${leapling.memorial.name} være fyldt 83 år`,
      `I dag ville ${leapling.memorial.name} være fyldt 84 år`,
    ]);
  });

  it('escapes the names in the HTML', async () => {
    const { people } = await memorialWith({ name: '<script>alert(1)</script> Jensen', deathDate: '2021-07-07' }, [{ role: 'owner', optedIn: true }]);
    await runDay('2026-07-07');
    const [mail] = mailsTo(people[0]!) as [CapturedMail];
    expect(mail.subject).toBe('I dag er det 5 år siden, <script>alert(1)</script> Jensen døde');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; Jensen');
    expect(mail.text).toContain('<script>alert(1)</script> Jensen');
  });

  it('sends every mail on a retry after a crash half-way, and none twice', async () => {
    const { people } = await memorialWith({ deathDate: '2020-09-09' }, [
      { role: 'owner', optedIn: true },
      { role: 'coadmin', optedIn: true },
    ]);
    setClock('2026-09-09T08:00:00Z');
    // The process dies after the day's mails and marker are written but before the commit.
    const crashing = {
      transaction: (work: (tx: Tx) => Promise<unknown>) =>
        t.database.db.transaction(async (tx) => {
          await work(tx);
          throw new Error('forbindelsen til databasen blev afbrudt');
        }),
    } as unknown as Db;
    await expect(anniversaryRemindersJob({ db: crashing, now: t.clock.now, baseUrl: BASE_URL })({ day: '2026-09-09' })).rejects.toThrow('afbrudt');
    await t.app.deps.jobs.drain();
    expect(people.flatMap(mailsTo)).toEqual([]);

    await runDay('2026-09-09');
    await runDay('2026-09-09');
    for (const admin of people) expect(mailsTo(admin)).toHaveLength(1);
  });

  it('sends nothing when the job only gets to run after the day is over', async () => {
    const { people } = await memorialWith({ deathDate: '2022-08-08' }, [{ role: 'owner', optedIn: true }]);
    setClock('2026-08-09T08:00:00Z');
    await anniversaryRemindersJob({ db: t.database.db, now: t.clock.now, baseUrl: BASE_URL })({ day: '2026-08-08' });
    await t.app.deps.jobs.drain();
    expect(mailsTo(people[0]!)).toEqual([]);
  });

  it('runs once a day from the real schedule, however many instances tick', async () => {
    const { memorial, people } = await memorialWith({ birthDate: '1930-02-02', deathDate: '2016-06-01' }, [
      { role: 'owner', optedIn: true },
      { role: 'coadmin', optedIn: true },
    ]);
    const first = createDailySchedule({ db: t.database.db, now: t.clock.now, runs: [ANNIVERSARY_RUN] });
    const second = createDailySchedule({ db: t.database.db, now: t.clock.now, runs: [ANNIVERSARY_RUN] });

    setClock('2026-06-01T05:30:00Z'); // 07:30 in Denmark: not yet
    expect([...(await first.tick()), ...(await second.tick())]).toEqual([]);
    setClock('2026-06-01T06:05:00Z'); // 08:05
    const [a, b] = await Promise.all([first.tick(), second.tick()]);
    expect([...a, ...b]).toEqual([ANNIVERSARY_RUN.name]);
    expect([...(await first.tick()), ...(await second.tick())]).toEqual([]);
    const queued = await t.database.db.select().from(jobs).where(eq(jobs.kind, ANNIVERSARY_REMINDERS));
    expect(queued.map((job) => job.payload)).toEqual([{ day: '2026-06-01' }]);

    // The app's own job runner, with the handler app.ts gives it.
    await t.app.deps.jobs.drain();
    for (const admin of people) {
      expect(mailsTo(admin).map((m) => m.subject)).toEqual([`I dag er det 10 år siden, ${memorial.name} døde`]);
    }
  });
});
