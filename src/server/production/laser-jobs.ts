/**
 * The laser's jobs (issue 23 item 7, decision 0029): reading them, making one by hand, and the
 * steps waiting → engraving → done, or engraving → failed (with a reason) → waiting again as the
 * next attempt. Each step is one transaction: the job's row locked, an UPDATE guarded by the state
 * the step comes from (of two people pressing at once one wins, the other is told where the job
 * stands), its laser_job_events row, the order's own step where there is one, and the audit entry.
 *
 * The order follows the job: starting the engraving puts a paid order in production, and a job
 * done sends it (the family's e-mail goes with the order's step, money/order-status.ts). A job done
 * means the plaque is packed and posted from the laser's table: a plaque is made for one family
 * and is never stocked, so nothing stands between the laser and the post (decision 0029).
 */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import sharp from 'sharp';
import { type LaserJobDetail, type LaserJobRow, type NewLaserJob, laserMessages, laserStepRefusal } from '../../shared/laser-jobs';
import type { OrderStatus } from '../../shared/money';
import { type LaserJobStatus } from '../../shared/production';
import { type PlaqueMaterial } from '../../shared/plaque';
import type { Db, Tx } from '../db/connection';
import { laserJobEvents, laserJobs, orders, qrCodes, users } from '../db/schema';
import type { Deps } from '../deps';
import { HttpError, badRequest, conflict, notFound } from '../lib/errors';
import { advance } from '../money/order-status';
import { summaries } from '../money/orders';
import { type PlaqueFace, PlaqueRefusal, plaqueLayout } from '../money/plaque-proof';
import { qrUrl } from '../qr/images';
import type { StaffActionRecorder } from '../staff/audit';
import { insertLaserJob } from './paid-plaque';
import { plaqueFaceSvg } from './plaque-face';
import { ENGRAVE_COLOUR, roundedRectPathData } from './vectors';

export interface LaserActor {
  deps: Deps;
  staffId: string;
  record: StaffActionRecorder;
}

type JobRow = typeof laserJobs.$inferSelect;

const creator = alias(users, 'creator');
const starter = alias(users, 'starter');

/** The longest list a state's tab shows; the floor never has this many open, and done ones are the newest. */
export const LASER_LIST_LIMIT = 200;

const rowColumns = {
  job: laserJobs,
  createdByName: creator.fullName,
  startedByName: starter.fullName,
  orderId: orders.id,
  orderNumber: orders.number,
  orderStatus: orders.status,
  buyerName: orders.buyerName,
};

function rowsQuery(db: Db | Tx) {
  return db
    .select(rowColumns)
    .from(laserJobs)
    .leftJoin(creator, eq(creator.id, laserJobs.createdBy))
    .leftJoin(starter, eq(starter.id, laserJobs.startedBy))
    .leftJoin(orders, eq(orders.id, laserJobs.orderId));
}

type Joined = Awaited<ReturnType<typeof rowsQuery>>[number];

function present({ job, createdByName, startedByName, orderId, orderNumber, orderStatus, buyerName }: Joined): LaserJobRow {
  return {
    id: job.id,
    code: job.code,
    material: job.material as PlaqueMaterial,
    widthMm: job.widthMm,
    heightMm: job.heightMm,
    lines: job.lines,
    status: job.status,
    failureReason: job.failureReason,
    attempt: job.attempt,
    createdAt: job.createdAt.toISOString(),
    createdByName,
    startedAt: job.startedAt?.toISOString() ?? null,
    startedByName,
    finishedAt: job.finishedAt?.toISOString() ?? null,
    order: orderId && orderNumber !== null && orderStatus && buyerName !== null ? { id: orderId, number: orderNumber, status: orderStatus, buyerName } : null,
  };
}

/** Jobs still to finish (waiting, engraving, failed), or those in one state: open ones oldest first, done ones newest first. */
export async function openLaserJobs(db: Db | Tx, statuses: readonly LaserJobStatus[], limit = LASER_LIST_LIMIT): Promise<LaserJobRow[]> {
  const done = statuses.length === 1 && statuses[0] === 'done';
  const rows = await rowsQuery(db)
    .where(inArray(laserJobs.status, [...statuses]))
    .orderBy(...(done ? [desc(laserJobs.finishedAt), desc(laserJobs.id)] : [asc(laserJobs.createdAt), asc(laserJobs.id)]))
    .limit(limit);
  return rows.map(present);
}

export async function laserJobCounts(db: Db): Promise<Record<LaserJobStatus, number>> {
  const rows = await db.select({ status: laserJobs.status, count: sql<number>`count(*)`.mapWith(Number) }).from(laserJobs).groupBy(laserJobs.status);
  const counts = { waiting: 0, engraving: 0, done: 0, failed: 0 };
  for (const row of rows) counts[row.status] = row.count;
  return counts;
}

export async function listLaserJobs(db: Db, status: LaserJobStatus | undefined) {
  const jobs = await openLaserJobs(db, status ? [status] : ['waiting', 'engraving', 'failed']);
  return { jobs, counts: await laserJobCounts(db) };
}

/** One job as its page shows it: with its order (what was bought, where it goes) and every step with who took it. */
export async function laserJobDetail(db: Db, id: string): Promise<LaserJobDetail> {
  const [row] = await rowsQuery(db).where(eq(laserJobs.id, id));
  if (!row) throw notFound(laserMessages.notFound);
  const history = await db
    .select({ status: laserJobEvents.status, attempt: laserJobEvents.attempt, actorName: users.fullName, note: laserJobEvents.note, at: laserJobEvents.at })
    .from(laserJobEvents)
    .leftJoin(users, eq(users.id, laserJobEvents.actorId))
    .where(eq(laserJobEvents.jobId, id))
    .orderBy(asc(laserJobEvents.id));
  const job = present(row);
  let order: LaserJobDetail['order'] = null;
  if (job.order) {
    const [full] = await db.select().from(orders).where(eq(orders.id, job.order.id));
    const [summary] = await summaries(db, [full!]);
    order = {
      ...job.order,
      title: summary!.title,
      memorialName: summary!.memorialName,
      delivery: full!.deliveryName
        ? { name: full!.deliveryName, address: full!.deliveryAddress ?? '', postcode: full!.deliveryPostcode ?? '', town: full!.deliveryTown ?? '' }
        : null,
    };
  }
  return { ...job, order, history: history.map((event) => ({ ...event, at: event.at.toISOString() })) };
}

/** A job by hand: a replacement for a plaque that broke, or a sample. The code must exist and not be voided. */
export async function createLaserJob({ deps, staffId, record }: LaserActor, body: NewLaserJob): Promise<string> {
  return deps.db.transaction(async (tx) => {
    const [code] = await tx.select({ status: qrCodes.status }).from(qrCodes).where(eq(qrCodes.code, body.code));
    if (!code) throw badRequest(laserMessages.codeUnknown, 'code');
    if (code.status === 'void') throw badRequest(laserMessages.codeVoid, 'code');
    const job = (await insertLaserJob(tx, body, { orderId: null, actorId: staffId, now: deps.now() }))!;
    await record(tx, { action: 'laser-job.create', subject: `laser-job:${job.id}`, details: { code: job.code, material: job.material, widthMm: job.widthMm, heightMm: job.heightMm, lines: job.lines } });
    return job.id;
  });
}

const ORDER_CLOSED: Partial<Record<OrderStatus, string>> = {
  pending_payment: laserMessages.orderNotPaid,
  cancelled: laserMessages.orderCancelled,
  refunded: laserMessages.orderRefunded,
};

interface Step {
  step: 'start' | 'done' | 'fail' | 'rerun';
  from: LaserJobStatus;
  to: LaserJobStatus;
  /** The columns that change with the state. */
  set: (job: JobRow, now: Date) => Partial<typeof laserJobs.$inferInsert>;
  note?: string | null;
  /** The order's side of the step, inside the transaction, with the order locked. */
  order?: (tx: Tx, order: typeof orders.$inferSelect, context: { now: Date }) => Promise<void>;
}

async function takeStep({ deps, staffId, record }: LaserActor, id: string, step: Step): Promise<void> {
  await deps.db.transaction(async (tx) => {
    // Locked first, so of two people at once the second reads the state the first left.
    const [job] = await tx.select().from(laserJobs).where(eq(laserJobs.id, id)).for('update');
    if (!job) throw notFound(laserMessages.notFound);
    if (job.status !== step.from) throw conflict(laserStepRefusal(step.step, job.status));
    const now = deps.now();
    const [moved] = await tx
      .update(laserJobs)
      .set({ status: step.to, ...step.set(job, now) })
      .where(and(eq(laserJobs.id, id), eq(laserJobs.status, step.from)))
      .returning();
    if (!moved) throw conflict(laserStepRefusal(step.step, job.status));
    if (job.orderId && step.order) {
      const [order] = await tx.select().from(orders).where(eq(orders.id, job.orderId)).for('update');
      if (order) await step.order(tx, order, { now });
    }
    await tx.insert(laserJobEvents).values({ jobId: id, status: step.to, attempt: moved.attempt, actorId: staffId, note: step.note ?? null, at: now });
    await record(tx, {
      action: `laser-job.${step.step}`,
      subject: `laser-job:${id}`,
      details: { code: job.code, from: step.from, to: step.to, attempt: moved.attempt, ...(job.orderId ? { orderId: job.orderId } : {}), ...(step.note ? { note: step.note } : {}) },
    });
  });
}

/**
 * The laser starts. A paid order goes into production with it; an order already further along (put
 * in production or sent by hand) stays where it is; an order that will not be paid for (cancelled,
 * refunded, not paid) stops the job, since the plaque must not be made.
 */
export function startLaserJob(actor: LaserActor, id: string): Promise<void> {
  return takeStep(actor, id, {
    step: 'start',
    from: 'waiting',
    to: 'engraving',
    set: (_job, now) => ({ startedBy: actor.staffId, startedAt: now, finishedAt: null }),
    order: async (tx, order, { now }) => {
      const closed = ORDER_CLOSED[order.status];
      if (closed) throw conflict(closed);
      if (order.status === 'paid') {
        const moved = await advance(tx, order, 'in_production', { config: actor.deps.config, now, actorId: actor.staffId });
        if (!moved) throw conflict(laserMessages.orderNotPaid);
      }
    },
  });
}

/**
 * The plaque is engraved, and packed and posted from the laser's table: an order in production is
 * sent (with the parcel's tracking number, which the family's e-mail and order page show). An
 * order refunded while the laser ran stays refunded: the plaque is made, but not sent.
 */
export function finishLaserJob(actor: LaserActor, id: string, trackingNumber: string): Promise<void> {
  return takeStep(actor, id, {
    step: 'done',
    from: 'engraving',
    to: 'done',
    set: (_job, now) => ({ finishedAt: now }),
    note: trackingNumber || null,
    order: async (tx, order, { now }) => {
      if (order.status === 'in_production') await advance(tx, order, 'shipped', { config: actor.deps.config, now, actorId: actor.staffId, note: trackingNumber || null });
    },
  });
}

/** The engraving went wrong (a scratched plate, a symbol that will not scan): why, for whoever runs it again. The order waits in production. */
export function failLaserJob(actor: LaserActor, id: string, reason: string): Promise<void> {
  return takeStep(actor, id, { step: 'fail', from: 'engraving', to: 'failed', set: (_job, now) => ({ failureReason: reason, finishedAt: now }), note: reason });
}

/** A failed job goes back in the queue as its next attempt; the reason stays in its history. */
export function rerunLaserJob(actor: LaserActor, id: string): Promise<void> {
  return takeStep(actor, id, {
    step: 'rerun',
    from: 'failed',
    to: 'waiting',
    set: (job) => ({ failureReason: null, attempt: job.attempt + 1, startedBy: null, startedAt: null, finishedAt: null }),
  });
}

/** The job's face as the laser's vector file: the plaque at its real size, with the code's own address in the symbol. */
export async function laserFace(deps: Pick<Deps, 'db' | 'config'>, id: string): Promise<{ job: JobRow; face: PlaqueFace; svg: string }> {
  const [job] = await deps.db.select().from(laserJobs).where(eq(laserJobs.id, id));
  if (!job) throw notFound(laserMessages.notFound);
  const face: PlaqueFace = { material: job.material as PlaqueMaterial, widthMm: job.widthMm, heightMm: job.heightMm, lines: job.lines, url: qrUrl(deps.config.BASE_URL, job.code) };
  try {
    return { job, face, svg: await plaqueFaceSvg(face) };
  } catch (error) {
    // A job copied from an order made before today's limits, or a size no longer sold: said, not a 500.
    if (error instanceof PlaqueRefusal) throw new HttpError(422, error.message);
    throw error;
  }
}

/** How the engraved plaque looks: the laser's mark on the material (on granite the pale mark around dark polished modules). */
const PREVIEW_FINISH: Record<PlaqueMaterial, { ground: string; mark: string }> = {
  staal: { ground: '#d3d6da', mark: '#1f2124' },
  granit: { ground: '#1d1e20', mark: '#e4e2dc' },
  messing: { ground: '#d9b866', mark: '#2e2010' },
};

export const PREVIEW_WIDTH_PX = 800;

/**
 * A preview of the file for the page: drawn from the very SVG the laser gets, engraved parts in
 * the mark's colour on the plate's (its rounded corners clear), PREVIEW_WIDTH_PX wide (rendered at
 * that size, not enlarged).
 */
export async function laserFacePng(svg: string, face: PlaqueFace): Promise<Buffer> {
  const finish = PREVIEW_FINISH[face.material];
  const { cornerRadiusMm } = plaqueLayout(face);
  const plate = `<path fill="${finish.ground}" d="${roundedRectPathData(0, 0, face.widthMm, face.heightMm, cornerRadiusMm)}"/>`;
  const coloured = svg.replace('</title>', `</title>\n${plate}`).replaceAll(`fill="${ENGRAVE_COLOUR}"`, `fill="${finish.mark}"`);
  // As plaqueProofPng: librsvg turns mm into pixels at `density` dpi and scales by density / 72 again.
  const density = Math.sqrt((PREVIEW_WIDTH_PX * 72 * 25.4) / face.widthMm);
  return sharp(Buffer.from(coloured), { density }).resize(PREVIEW_WIDTH_PX).png().toBuffer();
}
