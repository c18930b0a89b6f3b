/**
 * A package's exports (issue 23, item 3; PRODUCT.md "QR codes": CSV, PDF print sheet, SVG per
 * code, a ZIP for laser engraving): the CSV of every code with its address and state, a ZIP of the
 * print shop's SVGs, and the laser's ZIP of tags or plates with its job sheet and manifest. The A4
 * print sheet is qr/package-sheet.ts's.
 *
 * Everything is streamed: the codes are read in keyset batches on the code (BATCH at a time) as the
 * client takes the file, each batch's SVGs are drawn and packed on the exports' drawing thread
 * (export-drawing.ts) while the batch before it is sent, and the ZIP is written as it is read
 * (zip-stream.ts), so a 10,000-code package costs the server two batches of memory, not the export. The
 * laser ZIP's job sheet and manifest come last and list what was actually written (the files' names
 * and codes, a few hundred kB at 10,000 codes), so they agree with the files even if a code is
 * voided while the download runs.
 *
 * Voided codes are damaged or lost and must not be made again: the print and laser files leave them
 * out, as the print sheet does; the CSV lists them with their state, as the record of the package.
 */
import type { Readable } from 'node:stream';
import { and, count, eq, gt, ne, sql } from 'drizzle-orm';
import type { QrStatus } from '../../shared/qr-lifecycle';
import { STAFF_QR_STATUS_LABELS } from '../../shared/qr-lifecycle';
import { formatCode } from '../../shared/qr-code';
import { type LaserLayout, TAGS_PER_PLATE } from '../../shared/qr-exports';
import type { Db } from '../db/connection';
import { qrCodes, qrPackages, resellers } from '../db/schema';
import type { Deps } from '../deps';
import { csvStream } from '../lib/csv';
import { notFound } from '../lib/errors';
import { slugify } from '../memorials/slug';
import { qrUrl } from '../qr/images';
import { PACKAGE_NOT_FOUND } from '../qr/package-sheet';
import type { JobSheetFile } from './job-sheet';
import { type NamedDrawing, drawnFiles } from './export-drawing';
import { type ZipSource, zipStream } from './zip-stream';

/** Codes read at a time: small enough to hold, large enough that 10,000 codes are 20 queries. */
const BATCH = 500;

export interface ExportPackage {
  id: string;
  name: string;
  resellerName: string | null;
  /** Its codes, and how many of them are voided. */
  codes: number;
  voided: number;
}

export interface PackageCode {
  code: string;
  status: QrStatus;
  resellerName: string | null;
}

/** The package, its reseller's name and its counts; 404 in Danish when there is none. */
export async function exportPackage(db: Db, id: string): Promise<ExportPackage> {
  const [pkg] = await db
    .select({ id: qrPackages.id, name: qrPackages.name, resellerName: resellers.companyName })
    .from(qrPackages)
    .leftJoin(resellers, eq(resellers.id, qrPackages.resellerId))
    .where(eq(qrPackages.id, id));
  if (!pkg) throw notFound(PACKAGE_NOT_FOUND);
  const [counted] = await db
    .select({ codes: count(), voided: sql<number>`count(*) filter (where ${qrCodes.status} = 'void')`.mapWith(Number) })
    .from(qrCodes)
    .where(eq(qrCodes.packageId, id));
  return { ...pkg, codes: counted?.codes ?? 0, voided: counted?.voided ?? 0 };
}

/**
 * The package's codes in code order, BATCH at a time, each batch read when the one before it has
 * been used: after the previous batch's last code (keyset), never OFFSET, which reads every code
 * before the page again. `printable`: without the voided codes.
 */
export async function* packageCodes(db: Db, packageId: string, options: { printable: boolean }): AsyncGenerator<PackageCode[]> {
  let after: string | undefined;
  for (;;) {
    const rows = await db
      .select({ code: qrCodes.code, status: qrCodes.status, resellerName: resellers.companyName })
      .from(qrCodes)
      // The code's own reseller: a code is made for its package's reseller, but the code says where it went.
      .leftJoin(resellers, eq(resellers.id, qrCodes.resellerId))
      .where(and(eq(qrCodes.packageId, packageId), after ? gt(qrCodes.code, after) : undefined, options.printable ? ne(qrCodes.status, 'void') : undefined))
      .orderBy(qrCodes.code)
      .limit(BATCH);
    if (rows.length > 0) yield rows;
    if (rows.length < BATCH) return;
    after = rows.at(-1)!.code;
  }
}

/** "mindested-pakke-stenhuggeriet-aeroe-foraar-2027-laser-plader.zip": the package's name, then what the file is. */
export const exportFilename = (pkg: { name: string }, what: string, extension: string) =>
  `mindested-pakke-${slugify(pkg.name) || 'pakke'}${what ? `-${what}` : ''}.${extension}`;

const CSV_HEADER = ['Kode', 'Kode til at taste', 'Adresse', 'Status', 'Status (maskinværdi)', 'Forhandler'];

/** Every code of the package, voided ones too, with its address and state. */
export function codesCsv(deps: Pick<Deps, 'db' | 'config'>, pkg: ExportPackage): Readable {
  return csvStream(CSV_HEADER, packageCodes(deps.db, pkg.id, { printable: false }), (row) => [
    row.code,
    formatCode(row.code),
    qrUrl(deps.config.BASE_URL, row.code),
    STAFF_QR_STATUS_LABELS[row.status],
    row.status,
    row.resellerName ?? '',
  ]);
}

/** One print SVG per code that may be printed, named by the code to type. */
export function svgZip(deps: Pick<Deps, 'db' | 'config' | 'now'>, pkg: ExportPackage): Readable {
  async function* batches(): AsyncGenerator<NamedDrawing[]> {
    for await (const batch of packageCodes(deps.db, pkg.id, { printable: true })) {
      yield batch.map(({ code }) => ({ name: `${formatCode(code)}.svg`, drawing: { kind: 'print', url: qrUrl(deps.config.BASE_URL, code), code } }));
    }
  }
  return zipStream(drawnFiles(batches()), deps.now());
}

/** The plate's file name, numbered to sort: plade-001.svg … plade-358.svg. */
const plateName = (index: number) => `plade-${String(index + 1).padStart(3, '0')}.svg`;

/**
 * The laser's ZIP: one tag per code, or plates of TAGS_PER_PLATE tags in code order; then
 * manifest.csv (every file and its codes, one code a line) and jobseddel.pdf.
 */
export function laserZip(deps: Pick<Deps, 'db' | 'config' | 'now'>, pkg: ExportPackage, layout: LaserLayout, staffName: string): Readable {
  const exportedAt = deps.now();
  const written: JobSheetFile[] = [];
  const url = (code: string) => qrUrl(deps.config.BASE_URL, code);

  /** The designs, a batch of codes at a time; what each file holds is noted for the manifest and job sheet. */
  async function* batches(): AsyncGenerator<NamedDrawing[]> {
    let plate: string[] = [];
    const plateFile = (codes: string[]): NamedDrawing => {
      const name = plateName(written.length);
      written.push({ name, codes });
      return { name, drawing: { kind: 'plate', tags: codes.map((code) => ({ code, url: url(code) })), title: `Lasergravering: ${pkg.name}, ${name}` } };
    };
    for await (const batch of packageCodes(deps.db, pkg.id, { printable: true })) {
      const files: NamedDrawing[] = [];
      for (const { code } of batch) {
        if (layout === 'code') {
          const name = `${formatCode(code)}.svg`;
          written.push({ name, codes: [code] });
          files.push({ name, drawing: { kind: 'tag', url: url(code), code } });
          continue;
        }
        plate.push(code);
        if (plate.length === TAGS_PER_PLATE) {
          files.push(plateFile(plate));
          plate = [];
        }
      }
      yield files;
    }
    if (plate.length > 0) yield [plateFile(plate)];
  }

  async function* designs(): AsyncGenerator<ZipSource> {
    yield* drawnFiles(batches());
    yield {
      name: 'manifest.csv',
      content: () =>
        csvStream(
          ['Fil', 'Plads', 'Kode', 'Kode til at taste', 'Adresse'],
          (async function* () {
            for (const file of written) yield file.codes.map((code, index) => ({ file: file.name, place: index + 1, code }));
          })(),
          (row) => [row.file, String(row.place), row.code, formatCode(row.code), url(row.code)],
        ),
    };
    // Set on the drawing thread too: pdfkit and the font it embeds are tens of MB of passing garbage.
    const sheet = { packageId: pkg.id, packageName: pkg.name, resellerName: pkg.resellerName, layout, files: written, voided: pkg.voided, exportedAt, exportedBy: staffName };
    yield* drawnFiles([[{ name: 'jobseddel.pdf', drawing: { kind: 'job-sheet', sheet } }]]);
  }
  return zipStream(designs(), exportedAt);
}
