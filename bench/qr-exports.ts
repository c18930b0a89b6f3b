/**
 * Issue 23's budget for a package's exports, on the production server and PostgreSQL (not a test;
 * it prints figures and exits 1 when a budget is missed): a 10,000-code package exported as the
 * laser ZIP and as the SVG ZIP in under 20 s each, with the server's peak memory under 300 MB.
 *
 *   npm run bench:exports     (or: CODES=10000 OTHER_CODES=50000 npx tsx bench/qr-exports.ts)
 *
 * The data: OTHER_CODES + CODES codes made by the CLI, CODES of them put in one package in SQL (so
 * the package's are found among others), and a production staff member whose session row is
 * written directly, second factor passed. Then each
 * export, one after another on the same server, downloaded as the browser's plain link does: the
 * time to the last byte, the bytes, and the server's resident set before and at its peak (VmHWM,
 * lib/memory.ts) during that download. Each ZIP is opened afterwards (tests/support/zip.ts): the
 * number of files, and a sample of its symbols read back with zbarimg (every 500th tag, two plates
 * cut into their cells), so a fast export that is wrong does not pass.
 *
 * Judged: the laser ZIP per code and per plate, and the SVG ZIP, each against 20 s and 300 MB.
 * The CSV is printed for comparison.
 */
import { createHash, randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import sharp from 'sharp';
import { decodePngs } from '../tests/support/qr-decode';
import { readZip } from '../tests/support/zip';
import { plateCells } from '../src/server/production/code-files';
import { SESSION_COOKIE } from '../src/shared/constants';
import { LASER_PLATE, LASER_TAG, PRINT_SYMBOL, TAGS_PER_PLATE } from '../src/shared/qr-exports';
import { number } from './lib/back-office-data';
import { watchMemory } from './lib/memory';
import { verdict, withPostgresServer } from './lib/server';

const CODES = Number(process.env.CODES ?? 10_000);
const OTHER_CODES = Number(process.env.OTHER_CODES ?? 50_000);
const BUDGET = { seconds: 20, peakMb: 300 };

interface Download {
  seconds: number;
  bytes: number;
  body: Buffer;
  status: number;
  startMb: number;
  peakMb: number;
}

/** One export as the browser's link downloads it, with the server's memory watched meanwhile. */
async function download(url: string, cookie: string, pid: number, keep: boolean): Promise<Download> {
  const memory = await watchMemory(pid);
  const started = performance.now();
  const { bytes, body, status } = await new Promise<{ bytes: number; body: Buffer; status: number }>((resolve, reject) => {
    const request = http.get(url, { headers: { cookie, accept: '*/*' } }, (response) => {
      const chunks: Buffer[] = [];
      let bytes = 0;
      response.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        if (keep) chunks.push(chunk);
      });
      response.on('end', () => resolve({ bytes, body: Buffer.concat(chunks), status: response.statusCode ?? 0 }));
      response.on('error', reject);
    });
    request.on('error', reject);
  });
  const seconds = (performance.now() - started) / 1000;
  const { startMb, peakMb } = await memory.stop();
  return { seconds, bytes, body, status, startMb, peakMb };
}

/** An SVG in mm as a PNG at `pxPerMm` (the density librsvg needs for it, as in the tests). */
function raster(svg: Buffer, widthMm: number, pxPerMm: number): Promise<Buffer> {
  const widthPx = Math.round(widthMm * pxPerMm);
  return sharp(svg, { density: Math.sqrt((widthPx * 72 * 25.4) / widthMm) }).resize(widthPx).flatten({ background: '#ffffff' }).png().toBuffer();
}

async function readRss(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/^VmRSS:\s+(\d+) kB/m.exec(status)![1]) / 1024;
}

async function main() {
  await withPostgresServer('bench_exports', { codes: OTHER_CODES + CODES }, async ({ server, client, codes }) => {
    const { rows } = await client.query<{ id: string }>(
      `insert into users (full_name, username, email, password_hash, role, created_at) values ('Pia Produktion', 'pia', 'pia@mindested.dk', 'ingen-adgangskode', 'production', now()) returning id`,
    );
    const token = randomBytes(32).toString('base64url');
    await client.query(`insert into sessions (token_hash, user_id, expires_at, two_factor_verified_at) values ($1, $2, now() + interval '1 day', now())`, [
      createHash('sha256').update(token).digest('hex'),
      rows[0]!.id,
    ]);
    const cookie = `${SESSION_COOKIE}=${token}`;

    // The package's codes are the CLI's (real codes, check characters and all), made before the
    // server started; here the first CODES of them become one package, as POST /api/admin/qr-packages
    // leaves it. Made in SQL and not through the server, so the server's memory is the export's:
    // making 10,000 codes in one transaction grows its heap by itself.
    process.stdout.write(`\nA package of ${number(CODES)} codes among ${number(codes.length - CODES)} others ...\n`);
    const { rows: made } = await client.query<{ id: string }>(`insert into qr_packages (name, size, created_by, created_at) values ('Benchmark, 10.000 koder', $1, $2, now()) returning id`, [CODES, rows[0]!.id]);
    const id = made[0]!.id;
    await client.query('update qr_codes set package_id = $1 where code = any($2::text[])', [id, codes.slice(0, CODES)]);
    await client.query('vacuum analyze qr_codes');
    process.stdout.write(`The server's resident set before the exports: ${(await readRss(server.pid)).toFixed(0)} MB\n`);

    const all = [
      { name: 'laser-code', label: 'laser ZIP, one file per code', path: `laser.zip?layout=code`, judged: true, files: CODES + 2 },
      { name: 'laser-plate', label: 'laser ZIP, plates', path: `laser.zip?layout=plate`, judged: true, files: Math.ceil(CODES / TAGS_PER_PLATE) + 2 },
      { name: 'svg', label: 'SVG ZIP (print)', path: `svg.zip`, judged: true, files: CODES },
      { name: 'csv', label: 'CSV', path: `codes.csv`, judged: false, files: 0 },
    ];
    // ONLY=laser-code,svg (names: laser-code, laser-plate, svg, csv) measures only those.
    const only = process.env.ONLY?.split(',');
    const exports = all.filter((item) => !only || only.includes(item.name));
    const lines: [string, boolean][] = [];
    process.stdout.write('\nEach export downloaded once, in turn (time to the last byte; the server\'s resident set before and at its peak):\n');
    for (const item of exports) {
      const result = await download(`${server.baseUrl}/api/admin/qr-packages/${id}/${item.path}`, cookie, server.pid, item.files > 0);
      if (result.status !== 200) throw new Error(`${item.path}: ${result.status} ${result.body.toString().slice(0, 200)}`);
      let check = '';
      if (item.files > 0) {
        const entries = readZip(result.body);
        // A sample of the symbols read back: every 500th file, or two plates cut into their cells.
        const symbols = entries.filter((entry) => entry.name.endsWith('.svg'));
        let pngs: Buffer[];
        let expected: number;
        if (item.path.includes('plate')) {
          const cells = plateCells();
          pngs = [];
          for (const plate of [symbols[0]!, symbols.at(-1)!]) {
            const picture = await raster(plate.data, LASER_PLATE.widthMm, 10);
            for (const cell of cells) pngs.push(await sharp(picture).extract({ left: Math.round(cell.x * 10), top: Math.round(cell.y * 10), width: LASER_TAG.widthMm * 10, height: LASER_TAG.heightMm * 10 }).png().toBuffer());
          }
          expected = TAGS_PER_PLATE + (CODES % TAGS_PER_PLATE || TAGS_PER_PLATE);
        } else {
          const sample = symbols.filter((_, i) => i % 500 === 0);
          const width = item.path.startsWith('svg') ? PRINT_SYMBOL.symbolMm : LASER_TAG.widthMm;
          pngs = await Promise.all(sample.map((entry) => raster(entry.data, width, 10)));
          expected = sample.length;
        }
        const decoded = (await decodePngs(pngs)).filter((found) => found.length === 1 && found[0]!.startsWith(`${server.baseUrl}/qr/`)).length;
        check = `, ${number(entries.length)} files (expected ${number(item.files)}), ${decoded} of ${expected} sampled symbols decoded`;
        if (item.judged) lines.push([`${item.label}: the files are all there and the sample decodes`, entries.length === item.files && decoded === expected]);
      }
      process.stdout.write(
        `  ${item.label.padEnd(30)} ${result.seconds.toFixed(2).padStart(6)} s  ${(result.bytes / 1024 / 1024).toFixed(1).padStart(6)} MB  memory ${result.startMb.toFixed(0)} → peak ${result.peakMb.toFixed(0)} MB${check}\n`,
      );
      if (item.judged) {
        lines.push([`${item.label}: ${result.seconds.toFixed(2)} s to the last byte (budget ${BUDGET.seconds} s)`, result.seconds < BUDGET.seconds]);
        lines.push([`${item.label}: server's peak memory ${result.peakMb.toFixed(0)} MB (budget ${BUDGET.peakMb} MB)`, result.peakMb < BUDGET.peakMb]);
      }
    }
    verdict(lines);
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
