/**
 * /api/admin/qr-codes/… and /api/admin/qr-packages/…: the back office's codes and packages
 * (shared/production.ts lists the calls). Production staff and admins, after the second factor
 * (staff/guard.ts); each handler reads who → what → answer, and the void writes the audit log in
 * its transaction. Making and moving packages, and a code's warehouse step, are qr/routes.ts's.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  codeLookupParams,
  floorResellers as floorResellersResponse,
  packageCodesPage,
  packageCodesQuery,
  qrCodeView,
  qrPackageDetail,
  qrPackagesList,
  qrPackagesQuery,
  voidCodeBody,
} from '../../shared/production';
import type { StaffRole } from '../../shared/staff';
import type { Deps } from '../deps';
import { STAFF_ONLY } from '../qr/lifecycle';
import { PACKAGE_NOT_FOUND } from '../qr/package-sheet';
import { staffActionRecorder } from '../staff/audit';
import { requireStaff } from '../staff/guard';
import { codeView, voidCode } from './codes';
import { floorResellers, listPackages, packageCodes, packageDetail } from './package-pages';

/** Who may use these calls (the permission matrix lists the same). */
export const PRODUCTION_FLOOR: readonly StaffRole[] = ['admin', 'production'];

const packageParams = z.object({ id: z.uuid(PACKAGE_NOT_FOUND) });

export function productionCodeRoutes(app: FastifyInstance, deps: Deps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const floor = (request: FastifyRequest) => requireStaff(deps, request, PRODUCTION_FLOOR, { refusal: STAFF_ONLY });
  // Who holds a code is staff's to see only: no cache keeps it.
  const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

  api.get('/api/admin/qr-codes/:code', { schema: { params: codeLookupParams, response: { 200: qrCodeView } } }, async (request, reply) => {
    const { user } = await floor(request);
    noStore(reply);
    return codeView(deps.db, request.params.code, user.role);
  });

  api.post('/api/admin/qr-codes/:code/void', { schema: { params: codeLookupParams, body: voidCodeBody, response: { 200: qrCodeView } } }, async (request, reply) => {
    const { user } = await floor(request);
    const view = await voidCode(deps, user, request.params.code, request.body.reason, staffActionRecorder(deps, request, user));
    noStore(reply);
    return view;
  });

  api.get('/api/admin/qr-packages', { schema: { querystring: qrPackagesQuery, response: { 200: qrPackagesList } } }, async (request, reply) => {
    await floor(request);
    noStore(reply);
    return listPackages(deps.db, request.query);
  });

  api.get('/api/admin/qr-packages/:id', { schema: { params: packageParams, response: { 200: qrPackageDetail } } }, async (request, reply) => {
    await floor(request);
    noStore(reply);
    return packageDetail(deps.db, request.params.id);
  });

  api.get('/api/admin/qr-packages/:id/qr-codes', { schema: { params: packageParams, querystring: packageCodesQuery, response: { 200: packageCodesPage } } }, async (request, reply) => {
    await floor(request);
    noStore(reply);
    return packageCodes(deps.db, request.params.id, request.query);
  });

  api.get('/api/admin/production/resellers', { schema: { response: { 200: floorResellersResponse } } }, async (request, reply) => {
    await floor(request);
    noStore(reply);
    return floorResellers(deps.db);
  });
}
