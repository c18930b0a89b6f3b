/**
 * The export calls of a package (exports.ts), for production staff and admins: each reads as who →
 * which package → the audit log → the file, streamed. A download is the browser's own (a plain
 * link on /admin/qr-export), so the answers are attachments with the package's name in the file's.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Readable } from 'node:stream';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { laserExportQuery } from '../../shared/qr-exports';
import type { Deps } from '../deps';
import { PACKAGE_NOT_FOUND } from '../qr/package-sheet';
import { staffActionRecorder } from '../staff/audit';
import { requireStaff } from '../staff/guard';
import { codesCsv, exportFilename, exportPackage, laserZip, svgZip } from './exports';

export const EXPORT_REFUSAL = 'Kun produktion og administratorer kan eksportere QR-pakker.';
const PRODUCTION_FLOOR = ['admin', 'production'] as const;
const packageParams = z.object({ id: z.uuid(PACKAGE_NOT_FOUND) });

/** An attachment that no cache keeps: the codes of a package are the back office's alone. */
const download = (reply: FastifyReply, type: string, filename: string, body: Readable) =>
  reply.header('content-type', type).header('content-disposition', `attachment; filename="${filename}"`).header('cache-control', 'private, no-store').send(body);

export function exportRoutes(app: FastifyInstance, deps: Deps) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  /** The caller (production or admin), the package, and the export written to the audit log. */
  async function begin(request: Parameters<typeof staffActionRecorder>[1], id: string, format: string) {
    const { user } = await requireStaff(deps, request, PRODUCTION_FLOOR, { refusal: EXPORT_REFUSAL });
    const pkg = await exportPackage(deps.db, id);
    await staffActionRecorder(deps, request, user)(deps.db, {
      action: 'qr-package.export',
      subject: `qr-package:${pkg.id}`,
      details: { format, codes: pkg.codes, voided: pkg.voided },
    });
    return { user, pkg };
  }

  api.get('/api/admin/qr-packages/:id/codes.csv', { schema: { params: packageParams } }, async (request, reply) => {
    const { pkg } = await begin(request, request.params.id, 'csv');
    return download(reply, 'text/csv; charset=utf-8', exportFilename(pkg, '', 'csv'), codesCsv(deps, pkg));
  });

  api.get('/api/admin/qr-packages/:id/svg.zip', { schema: { params: packageParams } }, async (request, reply) => {
    const { pkg } = await begin(request, request.params.id, 'svg');
    return download(reply, 'application/zip', exportFilename(pkg, 'svg', 'zip'), svgZip(deps, pkg));
  });

  api.get('/api/admin/qr-packages/:id/laser.zip', { schema: { params: packageParams, querystring: laserExportQuery } }, async (request, reply) => {
    const { layout } = request.query;
    const { user, pkg } = await begin(request, request.params.id, `laser-${layout}`);
    return download(reply, 'application/zip', exportFilename(pkg, layout === 'code' ? 'laser-koder' : 'laser-plader', 'zip'), laserZip(deps, pkg, layout, user.fullName));
  });
}
