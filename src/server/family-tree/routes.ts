/**
 * The family tree's calls (shared/family-tree-api.ts). Reading follows the memorial and Premium
 * (access.ts); every change is for the memorial's owner and co-admins, with Premium.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { GEDCOM_MAX_BYTES } from '../../shared/family-tree';
import {
  addPersonBody,
  changeResponse,
  closeFamilyResponse,
  closeQuery,
  familyChanges,
  familyParams,
  gedcomImportResponse,
  gedcomPreviewResponse,
  gedcomQuery,
  linkBody,
  linkResponse,
  personChanges,
  personParams,
  treeParams,
  treeResponse,
  unlinkBody,
} from '../../shared/family-tree-api';
import { requireUser, sessionToken, userForSession } from '../auth/sessions';
import type { Deps } from '../deps';
import { badRequest, forbidden } from '../lib/errors';
import { cutOffSignal, parserFileLimit } from '../lib/uploads';
import { treeReader } from './access';
import { gedcomFileName, writeGedcom } from './gedcom-export';
import { importGedcom, previewGedcom } from './gedcom-import';
import { addPerson, removePerson, removePhoto, restorePerson, setPhoto, updatePerson } from './people';
import { loadTree } from './people-rows';
import { readCloseFamily, readTree } from './read';
import { changeFamily, link, unlink } from './relations';

const BASE = '/api/memorials/:id/family-tree';
/** Who sees what depends on the session (living people, the family's buttons): no shared cache keeps it. */
const personal = (reply: FastifyReply) => reply.header('cache-control', 'private, no-store');

const TOO_LARGE = `GEDCOM-filen fylder for meget. Den må højst fylde ${Math.round(GEDCOM_MAX_BYTES / 1024 / 1024)} MB.`;

/** The uploaded GEDCOM file whole: a family's file is a few megabytes at most. */
async function gedcomUpload(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw badRequest('Vælg en GEDCOM-fil.', 'file');
  for await (const part of request.parts({ limits: { fileSize: GEDCOM_MAX_BYTES + 1, files: 1, fields: 2 } })) {
    if (part.type === 'field') continue;
    const chunks: Buffer[] = [];
    let bytes = 0;
    const signal = cutOffSignal(request);
    for await (const chunk of part.file) {
      if (signal.aborted) throw badRequest('Filen kom ikke helt frem. Prøv at sende den igen.', 'file');
      bytes += (chunk as Buffer).length;
      if (bytes > GEDCOM_MAX_BYTES) {
        part.file.resume();
        throw badRequest(TOO_LARGE, 'file');
      }
      chunks.push(chunk as Buffer);
    }
    if (part.file.truncated) throw badRequest(TOO_LARGE, 'file');
    if (bytes === 0) throw badRequest('Filen er tom. Vælg en anden fil.', 'file');
    return Buffer.concat(chunks);
  }
  throw badRequest('Vælg en GEDCOM-fil.', 'file');
}

export function familyTreeRoutes(app: FastifyInstance, deps: Deps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const reader = async (request: FastifyRequest) => (await userForSession(deps.db, deps.now(), sessionToken(request)))?.id ?? null;

  api.get(BASE, { schema: { params: treeParams, response: { 200: treeResponse } } }, async (request, reply) => {
    personal(reply);
    return readTree(deps, request.params.id, await reader(request));
  });

  api.get(`${BASE}/close`, { schema: { params: treeParams, querystring: closeQuery, response: { 200: closeFamilyResponse } } }, async (request, reply) => {
    personal(reply);
    return readCloseFamily(deps, request.params.id, await reader(request), request.query.person);
  });

  api.post(`${BASE}/people`, { schema: { params: treeParams, body: addPersonBody, response: { 201: changeResponse } } }, async (request, reply) => {
    const user = await requireUser(deps, request);
    const personId = await addPerson(deps, request.params.id, user.id, request.body.person, request.body.relation);
    return reply.code(201).send({ personId });
  });

  api.put(`${BASE}/people/:personId`, { schema: { params: personParams, body: personChanges, response: { 200: changeResponse } } }, async (request) => {
    const user = await requireUser(deps, request);
    await updatePerson(deps, request.params.id, user.id, request.params.personId, request.body);
    return { personId: request.params.personId };
  });

  api.delete(`${BASE}/people/:personId`, { schema: { params: personParams } }, async (request, reply) => {
    const user = await requireUser(deps, request);
    await removePerson(deps, request.params.id, user.id, request.params.personId);
    return reply.code(204).send();
  });

  api.post(`${BASE}/people/:personId/restore`, { schema: { params: personParams, response: { 200: changeResponse } } }, async (request) => {
    const user = await requireUser(deps, request);
    await restorePerson(deps, request.params.id, user.id, request.params.personId);
    return { personId: request.params.personId };
  });

  api.post(`${BASE}/people/:personId/photo`, { schema: { params: personParams, response: { 200: changeResponse } } }, async (request) => {
    const user = await requireUser(deps, request);
    if (!request.isMultipart()) throw badRequest('Vælg et billede.', 'file');
    for await (const part of request.parts({ limits: { fileSize: parserFileLimit(deps.uploadLimits, ['photo']), files: 1, fields: 2 } })) {
      if (part.type === 'field') continue;
      await setPhoto(deps, request.params.id, user.id, request.params.personId, { stream: part.file, filename: part.filename, mimetype: part.mimetype, signal: cutOffSignal(request) });
      return { personId: request.params.personId };
    }
    throw badRequest('Vælg et billede.', 'file');
  });

  api.delete(`${BASE}/people/:personId/photo`, { schema: { params: personParams } }, async (request, reply) => {
    const user = await requireUser(deps, request);
    await removePhoto(deps, request.params.id, user.id, request.params.personId);
    return reply.code(204).send();
  });

  api.post(`${BASE}/relations`, { schema: { params: treeParams, body: linkBody, response: { 200: linkResponse } } }, async (request) => {
    const user = await requireUser(deps, request);
    const familyId = await link(deps, request.params.id, user.id, request.body);
    return { personId: request.body.personId, familyId };
  });

  api.delete(`${BASE}/relations`, { schema: { params: treeParams, body: unlinkBody } }, async (request, reply) => {
    const user = await requireUser(deps, request);
    await unlink(deps, request.params.id, user.id, request.body);
    return reply.code(204).send();
  });

  api.put(`${BASE}/families/:familyId`, { schema: { params: familyParams, body: familyChanges } }, async (request, reply) => {
    const user = await requireUser(deps, request);
    await changeFamily(deps, request.params.id, user.id, request.params.familyId, request.body.partnership);
    return reply.code(204).send();
  });

  api.post(`${BASE}/gedcom`, { schema: { params: treeParams, querystring: gedcomQuery, response: { 200: gedcomPreviewResponse.or(gedcomImportResponse) } } }, async (request) => {
    const user = await requireUser(deps, request);
    const file = await gedcomUpload(request);
    const { step, root } = request.query;
    return step === 'preview' ? previewGedcom(deps, request.params.id, user.id, file, root) : importGedcom(deps, request.params.id, user.id, file, root);
  });

  // The whole tree, living people in full: for the family only, never for visitors.
  api.get(`${BASE}/gedcom`, { schema: { params: treeParams } }, async (request, reply) => {
    const user = await requireUser(deps, request);
    const tree = await treeReader(deps, request.params.id, user.id);
    if (!tree.editor) throw forbidden('Kun mindesidens administratorer kan hente stamtræet som fil.');
    const file = writeGedcom(await loadTree(deps.db, tree.memorial.id), tree.memorial.name, deps.now());
    return personal(reply)
      .type('text/vnd.familysearch.gedcom; charset=utf-8')
      .header('content-disposition', `attachment; filename="${gedcomFileName(tree.memorial.slug)}"`)
      .send(file);
  });
}
