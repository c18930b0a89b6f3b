import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, index, integer, jsonb, pgTable, real, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { AI_STATUSES, AI_WORK_KINDS, type SongFact, type SongStyle } from '../../../shared/ai';
import { memorials } from './memorials';
import { orders } from './money';
import { memorialSongs } from './music';
import { users } from './users';

/** What the family asked for, by kind of work. */
export type GenerationInput =
  | { kind: 'greeting'; portraitMediaId: string; portraitKey: string; message: string; consentAt: string }
  | { kind: 'lyrics'; facts: SongFact[]; style: SongStyle; lengthSeconds: number; wishes: string }
  | { kind: 'song'; title: string; style: SongStyle; lengthSeconds: number; lyrics: string };

/**
 * One try at an AI extra (ai/, decision 0033): a greeting's video, a draft of lyrics or a song's
 * music, for a paid order. The row is the try's whole state, so a server that restarts mid-try, or
 * another instance, carries on from it; the job queue only says when to look at it next.
 */
export const aiGenerations = pgTable(
  'ai_generations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    memorialId: uuid('memorial_id')
      .notNull()
      .references(() => memorials.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: AI_WORK_KINDS }).notNull(),
    status: text('status', { enum: AI_STATUSES }).notNull().default('queued'),
    input: jsonb('input').$type<GenerationInput>().notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** Started by staff ("Kør igen"): it does not use one of the family's tries. */
    byStaff: boolean('by_staff').notNull().default(false),
    rerunOf: uuid('rerun_of').references((): AnyPgColumn => aiGenerations.id, { onDelete: 'set null' }),
    /** Which provider and model made it: the cost-relevant facts, with attempts and seconds. */
    provider: text('provider').notNull(),
    model: text('model').notNull(),
    predictionId: text('prediction_id'),
    /**
     * Which step of the try is next. Each job names the turn it was queued for and does nothing
     * when the row has moved on, so a job run again after a crash cannot start a second chain.
     */
    turn: integer('turn').notNull().default(0),
    /** Submissions to the provider (a timed-out or failed prediction is submitted again, up to a bound). */
    attempts: integer('attempts').notNull().default(0),
    polls: integer('polls').notNull().default(0),
    /** Errors in a row talking to the provider (429, 5xx, garbage, no answer); reset by a good answer. */
    errorsInRow: integer('errors_in_row').notNull().default(0),
    providerSeconds: real('provider_seconds'),
    providerStatus: text('provider_status'),
    /** The provider's last answer as text, shortened, for staff; keys are never in it. */
    providerResponse: text('provider_response'),
    lastError: text('last_error'),
    /** When the current submission is given up on. */
    deadlineAt: timestamp('deadline_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** The made file (greeting, song) under memorials/<memorialId>/ai/<id>/. */
    resultKey: text('result_key'),
    resultMime: text('result_mime'),
    resultBytes: integer('result_bytes'),
    resultSeconds: real('result_seconds'),
    /** A draft of lyrics. */
    lyrics: text('lyrics'),
    /** A greeting shown on the memorial page since; a song in the playlist since. */
    publishedAt: timestamp('published_at', { withTimezone: true }),
    songId: uuid('song_id').references(() => memorialSongs.id, { onDelete: 'set null' }),
    /** Deleted by the family: its file is gone, the row stays for the order's tries and staff. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('ai_generations_memorial_idx').on(t.memorialId, t.createdAt),
    index('ai_generations_order_idx').on(t.orderId),
    index('ai_generations_status_idx').on(t.status, t.createdAt),
    // One try at a time per order: two presses of "Lav", or two instances, cannot start two.
    uniqueIndex('ai_generations_one_running_per_order')
      .on(t.orderId)
      .where(sql`status in ('queued', 'running')`),
  ],
);

export type GenerationRow = typeof aiGenerations.$inferSelect;
