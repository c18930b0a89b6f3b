/**
 * Work done once per Danish calendar day (the post digest, anniversary reminders), exactly once
 * however many server instances run. Each instance's job runner asks on its maintenance tick; the
 * one whose insert of (name, day) into scheduled_runs succeeds queues the day's job in the same
 * transaction, and the durable job queue carries it from there through crashes and retries.
 */
import type { Db } from '../db/connection';
import { scheduledRuns } from '../db/schema';
import { enqueue } from './jobs';

export const DANISH_TIME_ZONE = 'Europe/Copenhagen';

const dayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: DANISH_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });
const hourFormat = new Intl.DateTimeFormat('en-GB', { timeZone: DANISH_TIME_ZONE, hour: '2-digit', hourCycle: 'h23' });

/** The calendar day in Denmark at `at`, as YYYY-MM-DD. */
export function danishDay(at: Date): string {
  return dayFormat.format(at);
}

/** The hour of the day (0–23) on a Danish clock at `at`, summer time included. */
export function danishHour(at: Date): number {
  return Number(hourFormat.format(at));
}

export interface DailyRun {
  /** Names the run in scheduled_runs. */
  name: string;
  /** The job kind queued; its payload is `{ day }`. */
  kind: string;
  /** The Danish hour from which the day's run is due, so e-mails arrive in the morning, not at midnight. */
  hour: number;
}

export interface DailySchedule {
  /** Queues each run that is due today and not yet queued by any instance; resolves with the names queued here. */
  tick(): Promise<string[]>;
}

export function createDailySchedule(options: { db: Db; now: () => Date; runs: DailyRun[] }): DailySchedule {
  const { db, now, runs } = options;
  // The day this instance last saw each run queued (by itself or another): the table is asked at
  // most once per run per day after that, not on every tick.
  const settled = new Map<string, string>();

  async function queue(run: DailyRun, day: string, at: Date): Promise<boolean> {
    return db.transaction(async (tx) => {
      const won = await tx.insert(scheduledRuns).values({ name: run.name, day, createdAt: at }).onConflictDoNothing().returning({ name: scheduledRuns.name });
      if (won.length === 0) return false;
      await enqueue(tx, run.kind, { day }, at);
      return true;
    });
  }

  return {
    async tick() {
      const at = now();
      const day = danishDay(at);
      const hour = danishHour(at);
      const queued: string[] = [];
      for (const run of runs) {
        if (hour < run.hour || settled.get(run.name) === day) continue;
        if (await queue(run, day, at)) queued.push(run.name);
        settled.set(run.name, day);
      }
      return queued;
    },
  };
}
