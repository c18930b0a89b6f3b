/**
 * The QR calls (SPEC.md §7): validation, a family's lock, unlock, link and unlink, their lists,
 * and the back office's packages and steps. Who may do what is decided in holder.ts, packages.ts
 * and lifecycle.ts; these handlers read as rate limit → who → what → answer.
 */
import type { FastifyInstance, FastifyRequest, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { validateQrBody, validateQrResponse } from '../../shared/qr';
import { createQrPackageBody, linkQrBody, ownedQrCode, qrCodeListResponse, qrCodeParams, qrPackageResponse, qrTransitionBody, scanResult } from '../../shared/qr-lifecycle';
import { requireUser, sessionToken, userForSession } from '../auth/sessions';
import { staffActionRecorder } from '../staff/audit';
import { requireStaff } from '../staff/guard';
import type { Deps } from '../deps';
import { qrImageRoutes } from './image-routes';
import { heldCodes, linkCode, lockCode, unlinkCode, unlockCode } from './holder';
import { STAFF_ONLY } from './lifecycle';
import { createPackage, moveOneCode, movePackage, presentPackage } from './packages';
import { memorialsOfCode, resolveScan } from './scan';
import { countCodeLookup } from './lookup-limit';
import { isValidCode } from './service';

/** A holder's codes are theirs alone: never kept by a shared cache. */
const personal = (reply: FastifyReply) => reply.header('cache-control', 'private, no-store');

const packageParams = z.object({ id: z.uuid('QR-pakken findes ikke.') });
const codeStepResponse = z.object({ code: z.string(), status: z.string() });
/** Packages and codes on the production floor: production staff and admins. */
const PRODUCTION_FLOOR = ['admin', 'production'] as const;
const codeMemorialsResponse = z.object({ memorials: z.array(z.object({ id: z.string(), slug: z.string() })) });

export function qrRoutes(app: FastifyInstance, deps: Deps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const windowMs = deps.config.RATE_LIMIT_WINDOW_MINUTES * 60_000;
  // Every call that names a code costs the caller (lookup-limit.ts).
  const lookUp = (request: FastifyRequest) => countCodeLookup(deps, request);

  qrImageRoutes(app, deps, lookUp);

  // Answers only yes or no, and is rate-limited: it must not become a way to enumerate codes.
  api.post('/api/qr-codes/validate', { schema: { body: validateQrBody, response: { 200: validateQrResponse } } }, async (request) => {
    await deps.lookupLimiter.consume({ key: `qr-validate-ip:${request.ip}`, max: deps.config.RATE_LIMIT_QR_VALIDATE_PER_IP, windowMs });
    return { valid: await isValidCode(deps.db, request.body.code) };
  });

  // Anyone may scan a stone; what the answer says depends on who holds the phone.
  api.get('/api/qr-codes/:code/scan', { schema: { params: qrCodeParams, response: { 200: scanResult } } }, async (request, reply) => {
    await lookUp(request);
    const user = await userForSession(deps.db, deps.now(), sessionToken(request));
    personal(reply);
    return resolveScan(deps.db, request.params.code, user?.id ?? null, deps.stats.scanned);
  });

  api.get('/api/qr-codes/:code/memorials', { schema: { params: qrCodeParams, response: { 200: codeMemorialsResponse } } }, async (request, reply) => {
    await lookUp(request);
    const user = await userForSession(deps.db, deps.now(), sessionToken(request));
    personal(reply);
    return { memorials: await memorialsOfCode(deps, request.params.code, user?.id ?? null) };
  });

  api.post('/api/qr-codes/:code/lock', { schema: { params: qrCodeParams, response: { 200: ownedQrCode } } }, async (request, reply) => {
    await lookUp(request);
    const user = await requireUser(deps, request);
    personal(reply);
    return lockCode(deps, request.params.code, user.id);
  });

  api.post('/api/qr-codes/:code/unlock', { schema: { params: qrCodeParams } }, async (request, reply) => {
    await lookUp(request);
    const user = await requireUser(deps, request);
    await unlockCode(deps, request.params.code, user.id);
    return reply.code(204).send();
  });

  api.post('/api/qr-codes/:code/link', { schema: { params: qrCodeParams, body: linkQrBody, response: { 200: ownedQrCode } } }, async (request, reply) => {
    await lookUp(request);
    const user = await requireUser(deps, request);
    personal(reply);
    return linkCode(deps, request.params.code, user.id, request.body);
  });

  api.post('/api/qr-codes/:code/unlink', { schema: { params: qrCodeParams } }, async (request, reply) => {
    await lookUp(request);
    const user = await requireUser(deps, request);
    await unlinkCode(deps, request.params.code, user.id);
    return reply.code(204).send();
  });

  // Locked: the codes locked to the account. Owned: the codes whose rights the account holds; until
  // orders exist (the Money issue) that is the same list, since a code is only held by locking it.
  for (const path of ['/api/user/locked-qr-codes', '/api/user/owned-qr-codes']) {
    api.get(path, { schema: { response: { 200: qrCodeListResponse } } }, async (request, reply) => {
      const user = await requireUser(deps, request);
      personal(reply);
      return heldCodes(deps.db, user.id);
    });
  }

  api.post('/api/admin/qr-packages', { schema: { body: createQrPackageBody, response: { 201: qrPackageResponse } } }, async (request, reply) => {
    const { user } = await requireStaff(deps, request, PRODUCTION_FLOOR, { refusal: STAFF_ONLY });
    const pkg = await createPackage(deps, user, request.body, staffActionRecorder(deps, request, user));
    return reply.code(201).send(presentPackage(pkg));
  });

  api.post('/api/admin/qr-packages/:id/status', { schema: { params: packageParams, body: qrTransitionBody, response: { 200: qrPackageResponse } } }, async (request) => {
    const { user } = await requireStaff(deps, request, PRODUCTION_FLOOR, { refusal: STAFF_ONLY });
    return presentPackage(await movePackage(deps, user, request.params.id, request.body.to, staffActionRecorder(deps, request, user)));
  });

  api.post('/api/admin/qr-codes/:code/status', { schema: { params: qrCodeParams, body: qrTransitionBody, response: { 200: codeStepResponse } } }, async (request) => {
    const { user } = await requireStaff(deps, request, PRODUCTION_FLOOR, { refusal: STAFF_ONLY });
    return moveOneCode(deps, user, request.params.code, request.body.to, request.body.note, staffActionRecorder(deps, request, user));
  });
}
