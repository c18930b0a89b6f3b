/**
 * The production floor's words (issue 23): the warehouse's scans and the laser's jobs, shared by
 * the back office's pages and the server. Requests and answers of the production calls live here too.
 */
import { z } from 'zod';
import './zod-locale';

/** In: received into stock (produced → in_stock). Out: sent to a reseller (in_stock → shipped). */
export const WAREHOUSE_DIRECTIONS = ['in', 'out'] as const;
export type WarehouseDirection = (typeof WAREHOUSE_DIRECTIONS)[number];

/** accepted: moved; already: it was already where the scan would put it; refused: nothing changed. */
export const WAREHOUSE_OUTCOMES = ['accepted', 'already', 'refused'] as const;
export type WarehouseOutcome = (typeof WAREHOUSE_OUTCOMES)[number];

export const LASER_JOB_STATUSES = ['waiting', 'engraving', 'done', 'failed'] as const;
export type LaserJobStatus = (typeof LASER_JOB_STATUSES)[number];

export const LASER_JOB_STATUS_LABELS: Record<LaserJobStatus, string> = {
  waiting: 'Venter',
  engraving: 'Graveres',
  done: 'Færdig',
  failed: 'Fejlet',
};
