/**
 * The code as SVG, PNG and a one-page PDF to print, for its holder and for the back office. To
 * anyone else a code has no picture: the same "Ugyldig QR-kode" as a code that does not exist.
 * And a whole package's print sheet, for the back office only (package-sheet.ts).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { qrCodeParams } from '../../shared/qr-lifecycle';
import { sessionFor, sessionToken } from '../auth/sessions';
import { qrCodes } from '../db/schema';
import type { Deps } from '../deps';
import { mustVerify, requireStaff } from '../staff/guard';
import { notFound, unauthorized } from '../lib/errors';
import { INVALID_CODE } from './holder';
import { type QrErrorCorrection, qrPng, qrPrintPdf, qrSvg, qrUrl } from './images';
import { STAFF_ROLES } from './lifecycle';
import { PACKAGE_NOT_FOUND, PRINT_REFUSAL, packageSheet } from './package-sheet';
import { codeFromInput, formatCode } from '../../shared/qr-code';

const imageQuery = z.object({
  ecc: z.enum(['H', 'Q'], { error: 'Fejlkorrektion skal være H (sten) eller Q (tryk).' }).optional(),
  size: z.coerce.number().int('Størrelsen skal være et helt antal pixels.').min(64, 'Mindst 64 pixels.').max(4096, 'Højst 4096 pixels.').default(1024),
});
const packageParams = z.object({ id: z.uuid(PACKAGE_NOT_FOUND) });

export function qrImageRoutes(app: FastifyInstance, deps: Deps, lookUp: (request: FastifyRequest) => Promise<void>) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  /**
   * The code, for its holder or staff; its voided or unknown form, and anyone else's, is not found.
   * The look-up limit is against guessing codes; production staff paging through a package's
   * pictures (50 a page, /admin/qr-packages/{id}/qr-codes) are not guessing, and are not counted
   * (docs/decisions/0030-staff-look-ups-uncounted.md).
   */
  async function pictureOf(request: FastifyRequest, input: string): Promise<string> {
    const found = await sessionFor(deps.db, deps.now(), sessionToken(request));
    // Staff see every code only once their second factor is passed (PRODUCT.md); before that they
    // are an account like any other, with their own codes and the look-up limit.
    const asStaff = found !== null && STAFF_ROLES.includes(found.user.role) && !mustVerify(deps, found.session);
    if (!asStaff) await lookUp(request);
    if (!found) throw unauthorized('Du er ikke logget ind.');
    const code = codeFromInput(input);
    const [row] = code ? await deps.db.select().from(qrCodes).where(eq(qrCodes.code, code)) : [];
    if (!row || row.status === 'void' || (row.claimedBy !== found.user.id && !asStaff)) throw notFound(INVALID_CODE);
    return row.code;
  }

  const send = (reply: FastifyReply, code: string, type: string, extension: string, body: string | Uint8Array) =>
    reply
      .header('content-type', type)
      .header('content-disposition', `inline; filename="mindested-qr-${formatCode(code)}.${extension}"`)
      // The same code always gives the same picture, but it is the holder's: no shared cache keeps it.
      .header('cache-control', 'private, max-age=3600')
      .send(typeof body === 'string' ? body : Buffer.from(body));

  api.get('/api/qr-codes/:code/qr.svg', { schema: { params: qrCodeParams, querystring: imageQuery } }, async (request, reply) => {
    const code = await pictureOf(request, request.params.code);
    return send(reply, code, 'image/svg+xml; charset=utf-8', 'svg', await qrSvg(qrUrl(deps.config.BASE_URL, code), request.query.ecc ?? 'H'));
  });

  api.get('/api/qr-codes/:code/qr.png', { schema: { params: qrCodeParams, querystring: imageQuery } }, async (request, reply) => {
    const code = await pictureOf(request, request.params.code);
    return send(reply, code, 'image/png', 'png', await qrPng(qrUrl(deps.config.BASE_URL, code), request.query.ecc ?? 'H', request.query.size));
  });

  // Paper: Q unless asked otherwise, the level PRODUCT.md gives print.
  api.get('/api/qr-codes/:code/print.pdf', { schema: { params: qrCodeParams, querystring: imageQuery.pick({ ecc: true }) } }, async (request, reply) => {
    const code = await pictureOf(request, request.params.code);
    const ecc: QrErrorCorrection = request.query.ecc ?? 'Q';
    return send(reply, code, 'application/pdf', 'pdf', await qrPrintPdf(deps.config.BASE_URL, code, ecc));
  });

  // A package's sheet is the print shop's, not a family's: Q, the print level, unless asked otherwise.
  api.get('/api/admin/qr-packages/:id/print.pdf', { schema: { params: packageParams, querystring: imageQuery.pick({ ecc: true }) } }, async (request, reply) => {
    const { user } = await requireStaff(deps, request, ['admin', 'production'], { refusal: PRINT_REFUSAL });
    const { filename, pdf } = await packageSheet(deps, user, request.params.id, request.query.ecc ?? 'Q');
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `inline; filename="${filename}"`)
      .header('cache-control', 'private, no-store')
      .send(Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength));
  });
}
