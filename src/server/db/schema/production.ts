import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { LASER_JOB_STATUSES, WAREHOUSE_DIRECTIONS, WAREHOUSE_OUTCOMES } from '../../../shared/production';
import { orders } from './money';
import { qrCodes, qrPackages } from './qr';
import { resellers } from './resellers';
import { users } from './users';

/**
 * One scan at the packing table (production/warehouse.ts): what was read, which way (in to stock,
 * out to a reseller), and how it ended. A refused scan is kept too, so the page's running count and
 * the log agree with what the worker heard. The codes it moved carry `scanId` in their events'
 * detail, which is how "undo the last scan" finds them again.
 */
export const warehouseScans = pgTable(
  'warehouse_scans',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    staffId: uuid('staff_id').references(() => users.id, { onDelete: 'set null' }),
    direction: text('direction', { enum: WAREHOUSE_DIRECTIONS }).notNull(),
    /** Out: the reseller the codes go to. */
    resellerId: uuid('reseller_id').references(() => resellers.id, { onDelete: 'restrict' }),
    /** What the scanner typed, as typed (at most 200 characters). */
    input: text('input').notNull(),
    code: text('code').references(() => qrCodes.code, { onDelete: 'restrict' }),
    packageId: uuid('package_id').references(() => qrPackages.id, { onDelete: 'restrict' }),
    outcome: text('outcome', { enum: WAREHOUSE_OUTCOMES }).notNull(),
    /** How many codes the scan moved (a package label moves all of its codes in the package's state). */
    moved: integer('moved').notNull().default(0),
    message: text('message').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    undoneAt: timestamp('undone_at', { withTimezone: true }),
  },
  (t) => [index('warehouse_scans_staff_idx').on(t.staffId, t.id)],
);

/**
 * A plaque to engrave (PRODUCT.md "Back office": laser engraving jobs): made when a plaque order is
 * paid, or by hand for a replacement. The face is copied from the order when the job is made, so
 * what the laser cuts is what the family approved even if the catalogue changes later.
 */
export const laserJobs = pgTable(
  'laser_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Empty for a job made by hand (a replacement, a sample). */
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'restrict' }),
    code: text('code')
      .notNull()
      .references(() => qrCodes.code, { onDelete: 'restrict' }),
    material: text('material').notNull(),
    widthMm: integer('width_mm').notNull(),
    heightMm: integer('height_mm').notNull(),
    lines: jsonb('lines').$type<string[]>().notNull(),
    status: text('status', { enum: LASER_JOB_STATUSES }).notNull().default('waiting'),
    /** Why the last attempt failed; cleared when it is run again. */
    failureReason: text('failure_reason'),
    /** 1 for the first run, one more for every re-run after a failure. */
    attempt: integer('attempt').notNull().default(1),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    startedBy: uuid('started_by').references(() => users.id, { onDelete: 'set null' }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    // A paid order makes one job; a re-run is the same job's next attempt, not a second job.
    uniqueIndex('laser_jobs_order_key').on(t.orderId).where(sql`order_id is not null`),
    index('laser_jobs_status_idx').on(t.status, t.createdAt),
    check('laser_jobs_failed_has_reason', sql`(${t.status} = 'failed') = (${t.failureReason} IS NOT NULL)`),
  ],
);

/** Every step of a laser job, with who and when: the job page's history. */
export const laserJobEvents = pgTable(
  'laser_job_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => laserJobs.id, { onDelete: 'cascade' }),
    status: text('status', { enum: LASER_JOB_STATUSES }).notNull(),
    attempt: integer('attempt').notNull(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    note: text('note'),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('laser_job_events_job_idx').on(t.jobId, t.id)],
);

/** Who took a package to the printer and when (the production queue's "who started what"). */
export const packageProduction = pgTable('package_production', {
  packageId: uuid('package_id')
    .primaryKey()
    .references(() => qrPackages.id, { onDelete: 'cascade' }),
  startedBy: uuid('started_by').references(() => users.id, { onDelete: 'set null' }),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
});

export type LaserJobRow = typeof laserJobs.$inferSelect;
export type WarehouseScanRow = typeof warehouseScans.$inferSelect;
