/**
 * The production queue (issue 23 item 5, decision 0029): what is to be made, oldest first, with
 * who started what. Packages of codes to print (still "created"), and plaques to engrave (laser
 * jobs not done). Both /admin/qr-production and the floor's full-screen /production show it.
 *
 *   GET  /api/admin/production                          productionQueue
 *   POST /api/admin/production/packages/{id}/start      → productionQueue (who took it to the printer; pressed twice, still the first)
 *   POST /api/admin/production/packages/{id}/produced   → productionQueue (the package and its codes: created → produced)
 *
 * Laser jobs move with their own calls (shared/laser-jobs.ts).
 */
import { z } from 'zod';
import './zod-locale';
import { laserJobRow } from './laser-jobs';

export const productionMessages = {
  packageNotFound: 'QR-pakken findes ikke.',
  alreadyProduced: 'Pakken er allerede markeret som produceret. Den er ikke længere i køen.',
} as const;

export const queuePackage = z.object({
  id: z.string(),
  name: z.string(),
  size: z.number().int(),
  /** Null: codes for direct sale. */
  resellerName: z.string().nullable(),
  createdAt: z.string(),
  createdByName: z.string().nullable(),
  /** Who took it to the printer, and when; null until someone did. */
  startedAt: z.string().nullable(),
  startedByName: z.string().nullable(),
});
export type QueuePackage = z.infer<typeof queuePackage>;

export const productionQueue = z.object({
  packages: z.array(queuePackage),
  /** Laser jobs waiting, engraving or failed, oldest first. */
  jobs: z.array(laserJobRow),
});
export type ProductionQueue = z.infer<typeof productionQueue>;
