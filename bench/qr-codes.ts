/**
 * Issue 5's budgets for QR codes, on the production server and PostgreSQL (not a test; it prints
 * figures and exits 1 when a budget is missed):
 *
 *   - POST /api/qr-codes/validate and the scan resolution of a linked code (GET
 *     /api/qr-codes/{code}/scan, what /qr-scan/{code} asks): p99 under 20 ms at 50 concurrent
 *     connections with CODES (default 1,000,000) codes in the table;
 *   - a package of 10,000 codes made through the API (POST /api/admin/qr-packages, one
 *     transaction) and its print PDF fetched (GET /api/admin/qr-packages/{id}/print.pdf, 417 A4
 *     pages): both together under 30 s, and the server's peak resident set meanwhile under 300 MB
 *     (read from /proc, lib/memory.ts), measured before the load tests, whose garbage would stay in
 *     the resident set for a while and be counted as the package's. Printed: each time, the PDF's
 *     size and pages, the total, and the server's memory before and at its peak.
 *
 *   npm run bench:qr            (or: CODES=1000000 SECONDS=20 npx tsx bench/qr-codes.ts)
 *
 * The requests come from 250 addresses (X-Forwarded-For, TRUST_PROXY=1), as phones at many graves
 * would, and the per-address limits are raised out of reach: the limiter's own write on every
 * request (counted in memory, written in batches) is measured, its refusals are not. The codes asked for are real ones, drawn from the
 * table, and differ from request to request.
 */
import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { PDFDocument } from 'pdf-lib';
import { sheetPageCount } from '../src/server/qr/package-sheet';
import { generateCode } from '../src/shared/qr-code';
import { formatLoad, measureRequests } from './lib/load';
import { watchMemory } from './lib/memory';
import { createFullMemorial, registerFamily } from './lib/memorial';
import { verdict, withPostgresServer } from './lib/server';

const CODES = Number(process.env.CODES ?? 1_000_000);
const SECONDS = Number(process.env.SECONDS ?? 20);
const BATCH = 50_000;
const BUDGET = { p99Ms: 20, packageSeconds: 30, packageMb: 300 };
const ADDRESSES = Array.from({ length: 250 }, (_, i) => `10.${Math.floor(i / 200)}.${i % 200}.${(i * 7) % 250}`);

async function seedCodes(client: pg.Client, count: number) {
  const started = Date.now();
  for (let made = 0; made < count; made += BATCH) {
    const codes = Array.from({ length: Math.min(BATCH, count - made) }, () => generateCode(randomBytes));
    // A clash with an existing code is skipped; the few missing rows do not matter at this size.
    await client.query(`insert into qr_codes (code, status) select unnest($1::text[]), 'shipped' on conflict do nothing`, [codes]);
  }
  await client.query('analyze qr_codes');
  process.stdout.write(`  ${count.toLocaleString('da-DK')} codes written in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
}

async function main() {
  await withPostgresServer('bench_qr', { codes: 2, env: { TRUST_PROXY: '1', RATE_LIMIT_QR_VALIDATE_PER_IP: '100000000', RATE_LIMIT_QR_LOOKUP_PER_IP: '100000000' } }, async ({ server, client, codes }) => {
    const [familyCode, stoneCode] = codes;

    // A family with a stone: one code locked at registration, a second locked and linked.
    const session = await registerFamily(server.baseUrl, familyCode!, 'qr');
    const memorial = await createFullMemorial(server.baseUrl, session);
    const asFamily = { cookie: `mindested_session=${session}`, origin: server.baseUrl };
    for (const [step, body] of [['lock', undefined], ['link', { memorial: memorial.id }]] as const) {
      const response = await fetch(`${server.baseUrl}/api/qr-codes/${stoneCode}/${step}`, {
        method: 'POST',
        headers: body ? { ...asFamily, 'content-type': 'application/json' } : asFamily,
        body: body ? JSON.stringify(body) : undefined,
      });
      if (!response.ok) throw new Error(`${step} failed: ${response.status} ${await response.text()}`);
    }

    process.stdout.write(`\nSeeding ${CODES.toLocaleString('da-DK')} codes, ${BATCH.toLocaleString('da-DK')} a statement ...\n`);
    await seedCodes(client, CODES);
    const { rows } = await client.query<{ code: string }>('select code from qr_codes order by random() limit 500');
    const { rows: total } = await client.query<{ n: string }>('select count(*) as n from qr_codes');
    process.stdout.write(`  ${Number(total[0]!.n).toLocaleString('da-DK')} codes in the table; asking for ${rows.length} of them in turn\n`);

    // Before the load tests: their garbage stays in the server's resident set for a while and would
    // be counted as the package's.
    process.stdout.write('\nA package of 10,000 codes through the API, one transaction, and its print PDF ...\n');
    const { rows: staff } = await client.query<{ id: string }>(`update users set role = 'production' where username = 'hanneqr' returning id`);
    if (!staff.length) throw new Error('the family account was not found to act as production staff');
    const memory = await watchMemory(server.pid);
    const started = Date.now();
    const made = await fetch(`${server.baseUrl}/api/admin/qr-packages`, {
      method: 'POST',
      headers: { ...asFamily, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Bench-pakke', size: 10_000 }),
    });
    const packageSeconds = (Date.now() - started) / 1000;
    if (made.status !== 201) throw new Error(`the package was not made: ${made.status} ${await made.text()}`);
    const { id } = (await made.json()) as { id: string };
    const printed = await fetch(`${server.baseUrl}/api/admin/qr-packages/${id}/print.pdf`, { headers: asFamily });
    if (printed.status !== 200) throw new Error(`the print PDF was not made: ${printed.status} ${await printed.text()}`);
    const pdf = new Uint8Array(await printed.arrayBuffer());
    const totalSeconds = (Date.now() - started) / 1000;
    const pdfSeconds = totalSeconds - packageSeconds;
    const { startMb, peakMb, source } = await memory.stop();
    const pages = (await PDFDocument.load(pdf, { updateMetadata: false })).getPageCount();
    const { rows: inPackage } = await client.query<{ n: string; d: string }>('select count(*) as n, count(distinct code) as d from qr_codes where package_id = $1', [id]);
    process.stdout.write(`  ${Number(inPackage[0]!.n).toLocaleString('da-DK')} codes (${Number(inPackage[0]!.d).toLocaleString('da-DK')} distinct) in ${packageSeconds.toFixed(1)} s\n`);
    process.stdout.write(`  print PDF: ${pdfSeconds.toFixed(1)} s, ${(pdf.length / 1024 / 1024).toFixed(1)} MB, ${pages} pages\n`);
    process.stdout.write(`  together ${totalSeconds.toFixed(1)} s; the server's resident set ${startMb.toFixed(0)} MB before, ${peakMb.toFixed(0)} MB at its peak (${source}; ${(peakMb - startMb).toFixed(0)} MB for the package and its PDF)\n`);

    process.stdout.write(`\nautocannon, 50 connections: 5 s warm-up, then ${SECONDS} s measured ...\n`);
    const from = (i: number) => ({ 'x-forwarded-for': ADDRESSES[i % ADDRESSES.length]! });
    const validate = await measureRequests(
      server.baseUrl,
      rows.map((row, i) => ({ method: 'POST' as const, path: '/api/qr-codes/validate', body: JSON.stringify({ code: row.code }), headers: { ...from(i), 'content-type': 'application/json', origin: server.baseUrl } })),
      { seconds: SECONDS },
    );
    process.stdout.write(formatLoad('POST /api/qr-codes/validate', validate));
    const scan = await measureRequests(
      server.baseUrl,
      ADDRESSES.map((_, i) => ({ method: 'GET' as const, path: `/api/qr-codes/${stoneCode}/scan`, headers: from(i) })),
      { seconds: SECONDS },
    );
    process.stdout.write(formatLoad(`GET /api/qr-codes/{linked code}/scan`, scan));

    verdict([
      [`validate: p99 ${validate.p99} ms < ${BUDGET.p99Ms} ms (${validate.requestsPerSecond.toFixed(0)} requests/s, every answer 200)`, validate.p99 < BUDGET.p99Ms && validate.non2xx === 0 && validate.errors === 0],
      [`scan of a linked code: p99 ${scan.p99} ms < ${BUDGET.p99Ms} ms (${scan.requestsPerSecond.toFixed(0)} requests/s, every answer 200)`, scan.p99 < BUDGET.p99Ms && scan.non2xx === 0 && scan.errors === 0],
      [
        `a 10,000-code package with its print PDF: ${totalSeconds.toFixed(1)} s < ${BUDGET.packageSeconds} s, server peak ${peakMb.toFixed(0)} MB < ${BUDGET.packageMb} MB, no duplicate, ${pages} pages`,
        totalSeconds < BUDGET.packageSeconds && peakMb < BUDGET.packageMb && inPackage[0]!.n === '10000' && inPackage[0]!.d === '10000' && pages === sheetPageCount(10_000),
      ],
    ]);
  });
}

await main();
