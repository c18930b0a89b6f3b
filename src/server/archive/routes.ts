/**
 * The successor's map (successor-map.ts), for admins: the whole product's codes and where they
 * lead, so each download is written to the audit log before a byte of it is sent.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Readable } from 'node:stream';
import { SUCCESSOR_MAP_URLS } from '../../shared/archive';
import type { Deps } from '../deps';
import { staffActionRecorder } from '../staff/audit';
import { requireStaff } from '../staff/guard';
import { successorMapCsv, successorMapJson } from './successor-map';

export const SUCCESSOR_MAP_REFUSAL = 'Kun administratorer kan hente kortet over alle koder.';

const download = (reply: FastifyReply, type: string, filename: string, body: Readable) =>
  reply.header('content-type', type).header('content-disposition', `attachment; filename="${filename}"`).header('cache-control', 'private, no-store').send(body);

/** "mindested-kodekort-2026-11-29.csv": what it is and the day it was taken. */
const filename = (deps: Pick<Deps, 'now'>, extension: string) => `mindested-kodekort-${deps.now().toISOString().slice(0, 10)}.${extension}`;

export function archiveRoutes(app: FastifyInstance, deps: Deps) {
  async function begin(request: Parameters<typeof staffActionRecorder>[1], format: 'csv' | 'json') {
    const { user } = await requireStaff(deps, request, ['admin'], { refusal: SUCCESSOR_MAP_REFUSAL });
    await staffActionRecorder(deps, request, user)(deps.db, { action: 'successor-map.export', details: { format } });
  }

  app.get(SUCCESSOR_MAP_URLS.csv, async (request, reply) => {
    await begin(request, 'csv');
    return download(reply, 'text/csv; charset=utf-8', filename(deps, 'csv'), successorMapCsv(deps));
  });

  app.get(SUCCESSOR_MAP_URLS.json, async (request, reply) => {
    await begin(request, 'json');
    return download(reply, 'application/json; charset=utf-8', filename(deps, 'json'), successorMapJson(deps));
  });
}
