/**
 * /api/admin/warehouse/… and a package's label (shared/production.ts lists the calls): the packing
 * table's scans, their undo, the day's list, the resellers codes may go out to. Production staff and
 * admins, after the second factor (staff/guard.ts); the rules are warehouse.ts's.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  warehouseResellersResponse,
  warehouseScanBody,
  warehouseScanParams,
  warehouseScanResponse,
  warehouseScansQuery,
  warehouseScansResponse,
  warehouseUndoResponse,
} from '../../shared/production';
import type { StaffRole } from '../../shared/staff';
import type { Deps } from '../deps';
import { STAFF_ONLY } from '../qr/lifecycle';
import { staffActionRecorder } from '../staff/audit';
import { requireStaff } from '../staff/guard';
import { packageLabel } from './package-label';
import { approvedResellers, recordScan, scansToday, undoScan } from './warehouse';

/** The production floor: production staff and admins (the permission matrix lists the same). */
export const WAREHOUSE_ROLES: readonly StaffRole[] = ['admin', 'production'];

const packageParams = z.object({ id: z.uuid('QR-pakken findes ikke.') });

export function warehouseRoutes(app: FastifyInstance, deps: Deps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const staff = (request: FastifyRequest) => requireStaff(deps, request, WAREHOUSE_ROLES, { refusal: STAFF_ONLY });
  const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

  // A refused scan is an answer too (outcome "refused", recorded): 200 whatever the scan says.
  api.post('/api/admin/warehouse/scans', { schema: { body: warehouseScanBody, response: { 200: warehouseScanResponse } } }, async (request, reply) => {
    const { user } = await staff(request);
    noStore(reply);
    return recordScan(deps, user, request.body, staffActionRecorder(deps, request, user));
  });

  api.post('/api/admin/warehouse/scans/:id/undo', { schema: { params: warehouseScanParams, response: { 200: warehouseUndoResponse } } }, async (request, reply) => {
    const { user } = await staff(request);
    noStore(reply);
    return undoScan(deps, user, request.params.id, staffActionRecorder(deps, request, user));
  });

  api.get('/api/admin/warehouse/scans', { schema: { querystring: warehouseScansQuery, response: { 200: warehouseScansResponse } } }, async (request, reply) => {
    const { user } = await staff(request);
    noStore(reply);
    return scansToday(deps, user, request.query.direction);
  });

  api.get('/api/admin/warehouse/resellers', { schema: { response: { 200: warehouseResellersResponse } } }, async (request, reply) => {
    await staff(request);
    noStore(reply);
    return approvedResellers(deps.db);
  });

  api.get('/api/admin/qr-packages/:id/label.pdf', { schema: { params: packageParams } }, async (request, reply) => {
    await staff(request);
    const { filename, pdf } = await packageLabel(deps, request.params.id);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `inline; filename="${filename}"`)
      .header('cache-control', 'private, no-store')
      .send(Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength));
  });
}
