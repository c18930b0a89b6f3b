/**
 * The reseller's own calls (src/shared/resellers-api.ts lists them): the application, the header's
 * presence check, and the dashboard's reads and actions. Each /api/resellers/me/… call starts from
 * the caller's own record (self.ts), so another reseller's codes answer 404 like unknown ones.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { codeFromInput, formatCode } from '../../shared/qr-code';
import {
  APPLICATION_RECEIVED,
  applicationResponse,
  handoverBody,
  handoverResponse,
  partnerLinkResponse,
  partnersResponse,
  resellerCode,
  resellerCodesQuery,
  resellerCodesResponse,
  resellerApplicationBody,
  resellerMeResponse,
  resellerMessages,
  resellerOverview,
  resellerStatsResponse,
} from '../../shared/resellers-api';
import { qrCodeParams } from '../../shared/qr-lifecycle';
import { sessionToken, userForSession } from '../auth/sessions';
import type { Deps } from '../deps';
import { conflict, notFound } from '../lib/errors';
import { apply, partnerByCode } from './application';
import { codesCsv, codesPage, resellerCode as findCode } from './codes';
import { giveCode, resendFamilyLink, withdrawCode } from './handovers';
import { handoverLetterPdf } from './letter';
import { partnerNetwork } from './partners';
import { mustBeApproved, myReseller, overview } from './self';
import { resellerStats } from './stats';

const noStore = (reply: FastifyReply) => reply.header('cache-control', 'private, no-store');

export function resellerRoutes(app: FastifyInstance, deps: Deps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const windowMs = deps.config.RATE_LIMIT_WINDOW_MINUTES * 60_000;

  api.post('/api/resellers/applications', { schema: { body: resellerApplicationBody, response: { 201: applicationResponse } } }, async (request, reply) => {
    await deps.rateLimiter.consume({ key: `reseller-apply-ip:${request.ip}`, max: deps.config.RATE_LIMIT_REGISTER_PER_IP, windowMs });
    reply.code(201);
    // A robot filled in the field people never see: answered as always, nothing kept.
    if (request.body.website) return { message: APPLICATION_RECEIVED, reseller: null };
    const applicant = await userForSession(deps.db, deps.now(), sessionToken(request));
    return { message: APPLICATION_RECEIVED, reseller: await apply(deps, applicant, request.body) };
  });

  api.get('/api/resellers/partner/:code', { schema: { params: z.object({ code: z.string().min(1).max(40) }), response: { 200: partnerLinkResponse } } }, async (request) => {
    const partner = await partnerByCode(deps, request.params.code);
    if (!partner) throw notFound(resellerMessages.unknownPartner);
    return { companyName: partner.companyName };
  });

  // The header only needs to know whether a record exists and its status (SPEC.md §6); 404 says "none".
  api.get('/api/resellers/me', { schema: { response: { 200: resellerMeResponse } } }, async (request, reply) => {
    const reseller = await myReseller(deps, request);
    noStore(reply);
    return { id: reseller.id, companyName: reseller.companyName, status: reseller.status };
  });

  api.get('/api/resellers/me/overview', { schema: { response: { 200: resellerOverview } } }, async (request, reply) => {
    const reseller = await myReseller(deps, request);
    noStore(reply);
    return overview(deps.db, deps.config.BASE_URL, reseller);
  });

  api.get('/api/resellers/me/qr-codes', { schema: { querystring: resellerCodesQuery, response: { 200: resellerCodesResponse } } }, async (request, reply) => {
    const reseller = await myReseller(deps, request);
    noStore(reply);
    return codesPage(deps.db, reseller.id, request.query);
  });

  api.get('/api/resellers/me/qr-codes.csv', { schema: { querystring: resellerCodesQuery.omit({ after: true, limit: true }) } }, async (request, reply) => {
    const reseller = await myReseller(deps, request);
    noStore(reply);
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Copenhagen' }).format(deps.now());
    reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="mindested-koder-${day}.csv"`);
    return reply.send(codesCsv(deps.db, reseller.id, request.query));
  });

  const codeRoute = { schema: { params: qrCodeParams } };

  api.post('/api/resellers/me/qr-codes/:code/handover', { schema: { ...codeRoute.schema, body: handoverBody, response: { 201: handoverResponse } } }, async (request, reply) => {
    const reseller = await myReseller(deps, request);
    const given = await giveCode(deps, reseller, { id: reseller.userId! }, request.params.code, request.body);
    reply.code(201);
    return given;
  });

  api.delete('/api/resellers/me/qr-codes/:code/handover', { schema: { ...codeRoute.schema, response: { 200: z.object({ code: resellerCode }) } } }, async (request) => {
    const reseller = await myReseller(deps, request);
    return { code: await withdrawCode(deps, reseller, request.params.code) };
  });

  api.post('/api/resellers/me/qr-codes/:code/handover/resend', { schema: { ...codeRoute.schema, response: { 200: handoverResponse } } }, async (request) => {
    const reseller = await myReseller(deps, request);
    return resendFamilyLink(deps, reseller, request.params.code);
  });

  api.get('/api/resellers/me/qr-codes/:code/letter.pdf', codeRoute, async (request, reply) => {
    const reseller = await myReseller(deps, request);
    // The letter is how a code is given to a family without e-mail: giving is for an approved reseller.
    mustBeApproved(reseller);
    const code = codeFromInput(request.params.code);
    const found = code ? await findCode(deps.db, reseller.id, code) : undefined;
    if (!found) throw notFound(resellerMessages.codeNotYours);
    if (!found.handover) throw conflict(resellerMessages.notGiven);
    const pdf = await handoverLetterPdf({ baseUrl: deps.config.BASE_URL, code: found.code, familyName: found.handover.familyName, givenAt: new Date(found.handover.givenAt), reseller });
    noStore(reply);
    reply.header('content-type', 'application/pdf').header('content-disposition', `inline; filename="brev-${formatCode(found.code)}.pdf"`);
    return reply.send(Buffer.from(pdf));
  });

  api.get('/api/resellers/me/stats', { schema: { response: { 200: resellerStatsResponse } } }, async (request, reply) => {
    const reseller = await myReseller(deps, request);
    noStore(reply);
    return resellerStats(deps.db, reseller.id, deps.now());
  });

  api.get('/api/resellers/me/partners', { schema: { response: { 200: partnersResponse } } }, async (request, reply) => {
    const reseller = await myReseller(deps, request);
    noStore(reply);
    return partnerNetwork(deps.db, deps.config.BASE_URL, reseller);
  });
}
