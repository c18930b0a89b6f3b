/**
 * The laser's jobs (issue 23 item 7, decision 0029): a plaque to engrave, made when a plaque order
 * is paid or by hand, taken waiting → engraving → done, or failed with a reason and run again.
 * Each call answers with the job as it is now; a step someone else took first is a 409 that says
 * where the job stands.
 *
 *   GET  /api/admin/laser-jobs?status=         laserJobsQuery → laserJobsResponse (oldest first)
 *   POST /api/admin/laser-jobs                 newLaserJobBody → 201 laserJobDetail (a job by hand)
 *   GET  /api/admin/laser-jobs/{id}            laserJobDetail (the job, its order, its history)
 *   POST /api/admin/laser-jobs/{id}/start      → laserJobDetail (the order goes paid → in_production)
 *   POST /api/admin/laser-jobs/{id}/done       laserJobDoneBody → laserJobDetail (the order goes in_production → shipped)
 *   POST /api/admin/laser-jobs/{id}/fail       laserJobFailBody → laserJobDetail
 *   POST /api/admin/laser-jobs/{id}/rerun      → laserJobDetail (waiting again, the next attempt)
 *   GET  /api/admin/laser-jobs/{id}/face.svg   the laser's vector file, as a download
 *   GET  /api/admin/laser-jobs/{id}/face.png   a preview of it
 */
import { z } from 'zod';
import './zod-locale';
import { ORDER_STATUSES } from './money';
import { LASER_JOB_STATUSES, type LaserJobStatus } from './production';
import { CHOOSE_A_SIZE, PLAQUE_MATERIALS, PLAQUE_SIZES, plaqueLines, plaqueTextProblems } from './plaque';
import { codeFromInput, formatCode } from './qr-code';

export const laserMessages = {
  notFound: 'Laserjobbet findes ikke.',
  code: 'Skriv QR-koden, der skal graveres: 10 tegn, fx 7K3QM-XR8D2.',
  codeUnknown: 'QR-koden findes ikke. Tjek tegnene.',
  codeVoid: 'QR-koden er kasseret, så den kan ikke graveres. Brug en anden kode.',
  material: 'Vælg rustfrit stål, sort granit eller messing.',
  size: CHOOSE_A_SIZE,
  reason: 'Skriv hvad der gik galt (mindst 3 tegn), så den næste ved, hvad der skal gøres om.',
  orderNotPaid: 'Ordren er ikke betalt endnu, så pladen skal ikke graveres.',
  orderCancelled: 'Ordren er annulleret, så pladen skal ikke graveres.',
  orderRefunded: 'Ordren er refunderet, så pladen skal ikke graveres.',
} as const;

/** Why a step cannot be taken from where the job stands now (someone else was first, or it never could). */
export function laserStepRefusal(step: 'start' | 'done' | 'fail' | 'rerun', status: LaserJobStatus): string {
  const where: Record<LaserJobStatus, string> = {
    waiting: 'Jobbet venter stadig på at blive startet',
    engraving: 'Jobbet er allerede i gang på laseren',
    done: 'Jobbet er allerede færdigt',
    failed: 'Jobbet er markeret som fejlet',
  };
  const then: Record<typeof step, string> = {
    start: status === 'failed' ? 'Kør det igen først.' : 'Det kan ikke startes igen.',
    done: 'Kun et job i gang kan markeres som færdigt.',
    fail: 'Kun et job i gang kan markeres som fejlet.',
    rerun: 'Kun et fejlet job kan køres igen.',
  };
  return `${where[status]}. ${then[step]}`;
}

/** Without a status: every job still to finish (waiting, engraving, failed). */
export const laserJobsQuery = z.object({ status: z.enum(LASER_JOB_STATUSES).optional() });

/** The largest plaque's edge: no plaque we sell is bigger, so a bigger number is a typing mistake. */
const SIZE_MAX_MM = Math.max(...PLAQUE_SIZES.map((size) => Math.max(size.widthMm, size.heightMm)));

/**
 * A job by hand (a replacement, a sample): the code in any form a person types or scans, one of
 * the materials and sizes we sell, and text the laser can engrave on it (the order form's rules).
 */
export const newLaserJobBody = z
  .object({
    code: z
      .string()
      .max(200)
      .transform((input, ctx) => {
        const code = codeFromInput(input);
        if (!code) {
          ctx.addIssue({ code: 'custom', message: laserMessages.code });
          return z.NEVER;
        }
        return code;
      }),
    material: z.enum(PLAQUE_MATERIALS, { message: laserMessages.material }),
    widthMm: z.number({ message: laserMessages.size }).int(laserMessages.size).min(1, laserMessages.size).max(SIZE_MAX_MM, laserMessages.size),
    heightMm: z.number({ message: laserMessages.size }).int(laserMessages.size).min(1, laserMessages.size).max(SIZE_MAX_MM, laserMessages.size),
    lines: z.array(z.string().max(200)).max(10).default([]),
  })
  .superRefine((body, ctx) => {
    if (!PLAQUE_SIZES.some((size) => size.widthMm === body.widthMm && size.heightMm === body.heightMm)) {
      ctx.addIssue({ code: 'custom', message: laserMessages.size, path: ['widthMm'] });
      return;
    }
    const problem = plaqueTextProblems(body.lines, body.widthMm);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['lines'] });
  })
  .transform((body) => ({ ...body, lines: plaqueLines(body.lines) }));
export type NewLaserJobBody = z.input<typeof newLaserJobBody>;
export type NewLaserJob = z.output<typeof newLaserJobBody>;

/** "Færdig": for a job from an order, the parcel's tracking number goes on the order's shipped step. */
export const laserJobDoneBody = z.object({ trackingNumber: z.string().trim().max(300).default('') });
export const laserJobFailBody = z.object({ reason: z.string().trim().min(3, laserMessages.reason).max(300) });

export const laserJobRow = z.object({
  id: z.string(),
  code: z.string(),
  material: z.enum(PLAQUE_MATERIALS),
  widthMm: z.number().int(),
  heightMm: z.number().int(),
  lines: z.array(z.string()),
  status: z.enum(LASER_JOB_STATUSES),
  failureReason: z.string().nullable(),
  attempt: z.number().int(),
  createdAt: z.string(),
  createdByName: z.string().nullable(),
  startedAt: z.string().nullable(),
  startedByName: z.string().nullable(),
  finishedAt: z.string().nullable(),
  /** The order it was made from; null for a job made by hand. */
  order: z.object({ id: z.string(), number: z.number().int(), status: z.enum(ORDER_STATUSES), buyerName: z.string() }).nullable(),
});
export type LaserJobRow = z.infer<typeof laserJobRow>;

export const laserJobsResponse = z.object({
  jobs: z.array(laserJobRow),
  /** How many jobs are in each state, for the page's tabs. */
  counts: z.object({ waiting: z.number().int(), engraving: z.number().int(), done: z.number().int(), failed: z.number().int() }),
});

export const laserJobDetail = laserJobRow.extend({
  order: laserJobRow.shape.order.unwrap().extend({
    title: z.string(),
    memorialName: z.string().nullable(),
    delivery: z.object({ name: z.string(), address: z.string(), postcode: z.string(), town: z.string() }).nullable(),
  }).nullable(),
  history: z.array(z.object({ status: z.enum(LASER_JOB_STATUSES), attempt: z.number().int(), actorName: z.string().nullable(), note: z.string().nullable(), at: z.string() })),
});
export type LaserJobDetail = z.infer<typeof laserJobDetail>;

/** The laser file's name: the code as it is printed, the material and the size, so the file explains itself. */
export const laserFaceFileName = (job: { code: string; material: string; widthMm: number; heightMm: number }) =>
  `plade-${formatCode(job.code)}-${job.material}-${job.widthMm}x${job.heightMm}mm.svg`;

/** Where the back office fetches a job's file and preview. */
export const laserFaceUrl = (id: string, kind: 'svg' | 'png') => `/api/admin/laser-jobs/${encodeURIComponent(id)}/face.${kind}`;
