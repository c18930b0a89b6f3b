/**
 * A package's exports (issue 23, item 3; PRODUCT.md "QR codes": "a package … with an export"):
 * their addresses, what the laser call accepts, and the sizes of the laser's tags and plates, which
 * the back office's export page states and the server draws (server/production/code-files.ts).
 */
import { z } from 'zod';
import './zod-locale';

/** One file per code (a tag to engrave by itself), or plates of many tags (to engrave a sheet at once). */
export const LASER_LAYOUTS = ['code', 'plate'] as const;
export type LaserLayout = (typeof LASER_LAYOUTS)[number];

export const laserExportQuery = z.object({
  layout: z.enum(LASER_LAYOUTS, { error: 'Vælg layout: code (én fil pr. kode) eller plate (plader med mange koder).' }),
});

/**
 * The engraved tag of one code, in mm. The symbol's square (quiet zone included) is 36 mm: with
 * our addresses (version 4, 41 modules with the quiet zone) a module is 0.88 mm, which a fibre
 * laser marks cleanly on steel and a phone reads from half a metre; the code to type stands below
 * in 4.5 mm letters (above the 4 mm the plaques allow, shared/plaque.ts). 2 mm stays bare inside
 * the cut all round so the cut never touches the quiet zone.
 */
export const LASER_TAG = { widthMm: 40, heightMm: 45, cornerRadiusMm: 3, symbolMm: 36, marginMm: 2, letterMm: 4.5 } as const;

/**
 * The plate, in mm: 300 × 200 is a standard blank of anodised aluminium and stainless sheet and fits
 * the bed of the common desktop CO2 and fibre lasers (300 × 200 to 600 × 400); a 4 mm border keeps
 * the cuts off the sheet's edge and where the clamps hold it, and 2 mm between tags keeps two cuts
 * from burning one line twice. That gives 7 × 4 = 28 tags a plate.
 */
export const LASER_PLATE = { widthMm: 300, heightMm: 200, borderMm: 4, gapMm: 2 } as const;

export const laserPlateColumns = Math.floor((LASER_PLATE.widthMm - 2 * LASER_PLATE.borderMm + LASER_PLATE.gapMm) / (LASER_TAG.widthMm + LASER_PLATE.gapMm));
export const laserPlateRows = Math.floor((LASER_PLATE.heightMm - 2 * LASER_PLATE.borderMm + LASER_PLATE.gapMm) / (LASER_TAG.heightMm + LASER_PLATE.gapMm));
export const TAGS_PER_PLATE = laserPlateColumns * laserPlateRows;

/** The print shop's symbol (error correction Q), in mm: the square with its quiet zone, and the band below it for the code. */
export const PRINT_SYMBOL = { symbolMm: 40, labelMm: 8, letterMm: 4.5 } as const;

/** The export calls of a package, for the page's links. */
export const packageExportUrls = (id: string) => ({
  csv: `/api/admin/qr-packages/${id}/codes.csv`,
  printSheet: `/api/admin/qr-packages/${id}/print.pdf`,
  svgZip: `/api/admin/qr-packages/${id}/svg.zip`,
  laserPerCode: `/api/admin/qr-packages/${id}/laser.zip?layout=code`,
  laserPlates: `/api/admin/qr-packages/${id}/laser.zip?layout=plate`,
});

/** What the audit log's 'qr-package.export' says was taken, by its `format` (server/production/export-routes.ts). */
export const EXPORT_FORMAT_WORDS: Record<string, string> = {
  csv: 'regneark',
  svg: 'SVG-filer',
  'laser-code': 'laserfiler, én pr. kode',
  'laser-plate': 'laserplader',
};
