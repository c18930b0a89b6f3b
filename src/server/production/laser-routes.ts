/**
 * /api/admin/laser-jobs… (shared/laser-jobs.ts lists the calls): the production floor's and the
 * admins' (PRODUCT.md "People and roles"). Every step answers with the job as it is now.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  laserFaceFileName,
  laserJobDetail,
  laserJobDoneBody,
  laserJobFailBody,
  laserJobsQuery,
  laserJobsResponse,
  laserMessages,
  newLaserJobBody,
} from '../../shared/laser-jobs';
import type { StaffRole } from '../../shared/staff';
import type { Deps } from '../deps';
import { staffActionRecorder } from '../staff/audit';
import { requireStaff } from '../staff/guard';
import {
  type LaserActor,
  createLaserJob,
  failLaserJob,
  finishLaserJob,
  laserFace,
  laserFacePng,
  laserJobDetail as jobDetail,
  listLaserJobs,
  rerunLaserJob,
  startLaserJob,
} from './laser-jobs';

/** Who works the floor: production staff and admins (the permission matrix lists the same). */
export const PRODUCTION_FLOOR: readonly StaffRole[] = ['admin', 'production'];

const jobParams = z.object({ id: z.uuid(laserMessages.notFound) });

export function laserJobRoutes(app: FastifyInstance, deps: Deps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');
  const actor = async (request: FastifyRequest): Promise<LaserActor> => {
    const { user } = await requireStaff(deps, request, PRODUCTION_FLOOR);
    return { deps, staffId: user.id, record: staffActionRecorder(deps, request, user) };
  };

  api.get('/api/admin/laser-jobs', { schema: { querystring: laserJobsQuery, response: { 200: laserJobsResponse } } }, async (request, reply) => {
    await requireStaff(deps, request, PRODUCTION_FLOOR);
    noStore(reply);
    return listLaserJobs(deps.db, request.query.status);
  });

  api.post('/api/admin/laser-jobs', { schema: { body: newLaserJobBody, response: { 201: laserJobDetail } } }, async (request, reply) => {
    const id = await createLaserJob(await actor(request), request.body);
    noStore(reply).code(201);
    return jobDetail(deps.db, id);
  });

  const one = { schema: { params: jobParams, response: { 200: laserJobDetail } } };

  api.get('/api/admin/laser-jobs/:id', one, async (request, reply) => {
    await requireStaff(deps, request, PRODUCTION_FLOOR);
    noStore(reply);
    return jobDetail(deps.db, request.params.id);
  });

  api.post('/api/admin/laser-jobs/:id/start', one, async (request, reply) => {
    await startLaserJob(await actor(request), request.params.id);
    noStore(reply);
    return jobDetail(deps.db, request.params.id);
  });

  api.post('/api/admin/laser-jobs/:id/done', { schema: { ...one.schema, body: laserJobDoneBody } }, async (request, reply) => {
    await finishLaserJob(await actor(request), request.params.id, request.body.trackingNumber);
    noStore(reply);
    return jobDetail(deps.db, request.params.id);
  });

  api.post('/api/admin/laser-jobs/:id/fail', { schema: { ...one.schema, body: laserJobFailBody } }, async (request, reply) => {
    await failLaserJob(await actor(request), request.params.id, request.body.reason);
    noStore(reply);
    return jobDetail(deps.db, request.params.id);
  });

  api.post('/api/admin/laser-jobs/:id/rerun', one, async (request, reply) => {
    await rerunLaserJob(await actor(request), request.params.id);
    noStore(reply);
    return jobDetail(deps.db, request.params.id);
  });

  // A job's face never changes (a job is not edited; a new face is a new job), so the browser may keep it.
  const faceHeaders = (reply: FastifyReply) => reply.header('cache-control', 'private, max-age=3600');

  api.get('/api/admin/laser-jobs/:id/face.svg', { schema: { params: jobParams } }, async (request, reply) => {
    await requireStaff(deps, request, PRODUCTION_FLOOR);
    const { job, svg } = await laserFace(deps, request.params.id);
    return faceHeaders(reply)
      .header('content-type', 'image/svg+xml; charset=utf-8')
      .header('content-disposition', `attachment; filename="${laserFaceFileName(job)}"`)
      .send(svg);
  });

  api.get('/api/admin/laser-jobs/:id/face.png', { schema: { params: jobParams } }, async (request, reply) => {
    await requireStaff(deps, request, PRODUCTION_FLOOR);
    const { face, svg } = await laserFace(deps, request.params.id);
    return faceHeaders(reply).header('content-type', 'image/png').send(await laserFacePng(svg, face));
  });
}
