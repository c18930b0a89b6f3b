/**
 * Work done once however many instances run (issue 27): every instance runs the job queue (claimed
 * with FOR UPDATE SKIP LOCKED, lib/jobs.ts), sweeps the post e-mails on every tick
 * (notifications/post-mail.ts) and asks the daily schedule on every tick (lib/daily.ts). With three
 * of them at it, each e-mail still goes once, and each day's run is queued once and run once.
 *
 * The daily runs are due from a Danish hour each (daily.ts danishHour): what is asserted is what is
 * true at the hour the test runs. The clock is not faked: to see the runs race, the test removes
 * today's rows of two runs from scheduled_runs, as if the day had just begun, and starts all three
 * instances at the same moment.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { ANNIVERSARY_RUN } from '../../src/server/anniversaries/reminders';
import { type DailyRun, danishDay, danishHour } from '../../src/server/lib/daily';
import { PRUNE_JOBS } from '../../src/server/lib/jobs';
import { SEND_MAIL } from '../../src/server/lib/mail';
import { POST_DIGEST, QUIET_MS } from '../../src/server/notifications/post-mail';
import { PURGE_RUNS } from '../../src/server/privacy/purges';
import type { Memorial } from '../../src/shared/memorials';
import { setupCluster } from '../support/cluster-world';
import type { CapturedMail } from '../support/smtp-capture';
import { type Family, clusterCalls, generateCodes, pollUntil, query, registerFamily, sleep } from './cluster-calls';

/** The daily runs as app.ts lists them (two are written there, the rest come from their rooms). */
const DAILY_RUNS: DailyRun[] = [{ name: 'post-digest', kind: POST_DIGEST, hour: 7 }, ANNIVERSARY_RUN, { name: 'jobs-prune', kind: PRUNE_JOBS, hour: 3 }, ...PURGE_RUNS];
/** main.ts JOB_POLL_MS: each instance's job runner ticks this often. */
const TICK_MS = 1000;
/** Long enough for every instance's runner to have looked several times more. */
const SEVERAL_TICKS_MS = 3 * TICK_MS;

const world = setupCluster();
const api = clusterCalls(world);
let codes: string[];

beforeAll(async () => {
  codes = await generateCodes(world.databaseUrl, 4);
});

const mailsTo = (address: string, subject?: (subject: string) => boolean): CapturedMail[] =>
  world.mail.messages.filter((mail) => mail.to.includes(address) && (!subject || subject(mail.subject)));

async function memorialOf(family: Family, body: Record<string, unknown>): Promise<Memorial> {
  const created = await api.call<Memorial>(world.cluster.url, 'POST', '/api/memorials', { session: family.session, body });
  expect(created.status).toBe(201);
  return created.body;
}

async function lightCandle(to: string, memorialId: string, name: string, address: string) {
  const candle = await api.call(to, 'POST', `/api/memorials/${memorialId}/candles`, { headers: { 'x-forwarded-for': address }, body: { name, message: 'Vi tænker på jer', website: '' } });
  expect(candle.status).toBe(201);
}

describe('jobs on three instances', () => {
  test('a burst of twelve set-up e-mails queued through HAProxy is sent once each, though three job runners share the queue', async () => {
    const since = new Date();
    const addresses = Array.from({ length: 12 }, (_, i) => `ny${i}-${Math.random().toString(36).slice(2, 7)}@eksempel.dk`);
    const asked = await Promise.all(
      addresses.map((email) => api.call(world.cluster.url, 'POST', '/api/qr-email-register', { body: { fullName: 'Bente Lund', email, qrCode: codes[0] } })),
    );
    expect(asked.map((answer) => answer.status)).toEqual(addresses.map(() => 200));
    await pollUntil(async () => addresses.every((address) => mailsTo(address).length > 0), 15_000);
    await sleep(SEVERAL_TICKS_MS);

    const perAddress = addresses.map((address) => mailsTo(address).length);
    const jobs = await query<{ attempts: number; done: boolean; failed: boolean }>(
      world.databaseUrl,
      'select attempts, done_at is not null as done, failed_at is not null as failed from jobs where kind = $1 and created_at >= $2',
      [SEND_MAIL, since],
    );
    console.log(
      `set-up mails: 12 asked through HAProxy at once; after ${SEVERAL_TICKS_MS / TICK_MS} more ticks of each runner, mails per address ${perAddress.join(',')}; ` +
        `${jobs.length} mail jobs, attempts ${jobs.map((job) => job.attempts).join(',')}`,
    );
    expect(perAddress).toEqual(addresses.map(() => 1));
    expect(jobs).toHaveLength(12);
    expect(jobs.every((job) => job.done && !job.failed && job.attempts === 1)).toBe(true);
  });

  test(`candles lit on three instances make one e-mail to the family, however many instances sweep the outbox (after ${QUIET_MS / 1000} s of quiet)`, async () => {
    const family = await registerFamily(api, world.cluster.url, codes[1]!);
    const memorial = await memorialOf(family, { name: 'Svend Aage Berg', birthDate: '1936-02-11', deathDate: '2025-06-30' });
    for (const [i, instance] of world.cluster.instances.entries()) await lightCandle(instance.url, memorial.id, `Nabo ${i + 1}`, `198.51.100.${10 + i}`);
    const lit = performance.now();

    const about = (subject: string) => subject.includes(memorial.name);
    const mail = await world.mail.waitFor((each) => each.to.includes(family.email) && about(each.subject), QUIET_MS + 15_000);
    const took = Math.round(performance.now() - lit);
    await sleep(SEVERAL_TICKS_MS);
    const mails = mailsTo(family.email, about);
    const unmailed = await query<{ n: string }>(world.databaseUrl, 'select count(*) as n from notifications where user_id = (select id from users where email = $1) and mailed_at is null', [family.email]);
    console.log(`post mail: 3 candles, one at each instance; ${mails.length} e-mail to the family after ${took} ms ("${mail.subject}"), none more in ${SEVERAL_TICKS_MS / TICK_MS} more ticks of each instance's sweep`);
    expect(mails).toHaveLength(1);
    expect(mail.subject).toBe(`3 nye hilsner og lys på mindesiden for ${memorial.name}`);
    for (const name of ['Nabo 1', 'Nabo 2', 'Nabo 3']) expect(mail.text).toContain(name);
    expect(Number(unmailed[0]!.n)).toBe(0);
  });

  test('each daily run that is due at this Danish hour is queued once and run once, also when all three instances start at the same moment', async () => {
    const { cluster } = world;
    const today = danishDay(new Date());
    const hour = danishHour(new Date());
    const due = DAILY_RUNS.filter((run) => run.hour <= hour);
    const notDue = DAILY_RUNS.filter((run) => run.hour > hour);

    const runsToday = async () => (await query<{ name: string }>(world.databaseUrl, 'select name from scheduled_runs where day = $1 order by name', [today])).map((row) => row.name);
    const jobsOf = async (kinds: string[]) =>
      query<{ kind: string; attempts: number; done: boolean; failed: boolean }>(
        world.databaseUrl,
        'select kind, attempts, done_at is not null as done, failed_at is not null as failed from jobs where kind = any($1) order by id',
        [kinds],
      );

    // Since the cluster started (instance one first, then two and three together), each due run
    // is in scheduled_runs once and its job has run once.
    await pollUntil(async () => {
      const jobs = await jobsOf(due.map((run) => run.kind));
      return jobs.length >= due.length && jobs.every((job) => job.done || job.failed);
    }, 15_000, 200);
    const started = await runsToday();
    for (const run of due) expect(started, run.name).toContain(run.name);
    for (const run of notDue) expect(started, run.name).not.toContain(run.name);
    const firstJobs = await jobsOf(DAILY_RUNS.map((run) => run.kind));
    expect(firstJobs.map((job) => job.kind).sort()).toEqual(due.map((run) => run.kind).sort());
    expect(firstJobs.every((job) => job.done && !job.failed && job.attempts === 1)).toBe(true);

    // Something for the post digest and the anniversary reminders to send: a family that wants the
    // day's posts in one e-mail and to be reminded, a memorial whose day of death is today four
    // years ago, and a candle waiting for the digest.
    const family = await registerFamily(api, cluster.url, codes[2]!, 'Birgit Thomsen');
    const preferences = await api.call(cluster.url, 'PATCH', '/api/profile/mail-preferences', { session: family.session, body: { postMails: 'digest', anniversaryReminders: true } });
    expect(preferences.status).toBe(200);
    const deathDate = `${Number(today.slice(0, 4)) - 4}${today.slice(4)}`;
    const memorial = await memorialOf(family, { name: 'Jens Thomsen', birthDate: '1939-01-01', deathDate });
    await lightCandle(cluster.instances[0]!.url, memorial.id, 'Gerda fra koret', '198.51.100.20');

    // As if the day had just begun for these two runs: no instance has queued them. The instances
    // remember the day they saw each run queued, so all three are started again, at once.
    const digestRun = DAILY_RUNS.find((run) => run.kind === POST_DIGEST)!;
    const racing = [digestRun, ANNIVERSARY_RUN];
    await query(world.databaseUrl, `delete from scheduled_runs where day = $1 and name = any($2)`, [today, [...racing.map((run) => run.name), 'anniversary-reminders-sent']]);
    expect(await Promise.all(cluster.instances.map((instance) => instance.stop()))).toEqual([0, 0, 0]);
    await Promise.all(cluster.instances.map((instance) => instance.start()));
    const restarted = performance.now();
    await cluster.waitForStates(Object.fromEntries(cluster.instances.map((instance) => [instance.name, 'UP'])));

    const racingDue = racing.filter((run) => run.hour <= hour);
    await pollUntil(async () => {
      const jobs = await jobsOf(racingDue.map((run) => run.kind));
      return jobs.length >= 2 * racingDue.length && jobs.every((job) => job.done || job.failed);
    }, 15_000, 200);
    await sleep(SEVERAL_TICKS_MS);
    const afterRace = await runsToday();
    const raceJobs = await jobsOf(racing.map((run) => run.kind));
    const digests = mailsTo(family.email, (subject) => subject.startsWith('Dagens hilsner og lys'));
    const reminders = mailsTo(family.email, (subject) => subject.includes('siden, Jens Thomsen døde'));
    console.log(
      `daily runs at Danish hour ${hour} on ${today}: ${due.length} due (${due.map((run) => run.name).join(', ')}), each in scheduled_runs once and its job run once after the start; ` +
        `after deleting today's post-digest and anniversary rows and starting all 3 instances at once, ${Math.round(performance.now() - restarted)} ms later: ` +
        `jobs ${racing.map((run) => `${run.kind} ×${raceJobs.filter((job) => job.kind === run.kind).length}`).join(', ')} in all (one before, one after), ${digests.length} digest and ${reminders.length} reminder e-mail`,
    );
    for (const run of racing) {
      const expected = run.hour <= hour ? 2 : 0;
      expect(raceJobs.filter((job) => job.kind === run.kind), run.name).toHaveLength(expected);
      expect(afterRace.filter((name) => name === run.name)).toHaveLength(run.hour <= hour ? 1 : 0);
    }
    expect(raceJobs.every((job) => job.done && !job.failed && job.attempts === 1)).toBe(true);
    expect(digests).toHaveLength(digestRun.hour <= hour ? 1 : 0);
    expect(reminders).toHaveLength(ANNIVERSARY_RUN.hour <= hour ? 1 : 0);
    // The other runs were left alone: still once each.
    const others = await jobsOf(due.filter((run) => !racing.includes(run)).map((run) => run.kind));
    expect(others).toHaveLength(due.length - racingDue.length);
  });
});
