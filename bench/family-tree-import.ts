/**
 * Issue 24's import budget: a GEDCOM file of 5,000 people imported in under 10 s, measured on the
 * production server and PostgreSQL (not a test; it prints figures):
 *
 *   npm run bench:tree-import          (or: PEOPLE=5000 RUNS=3 npx tsx bench/family-tree-import.ts)
 *
 * Builds the client and server, starts the production server on a fresh PostgreSQL database,
 * registers a family with a QR code, and for each run creates a memorial with Premium and sends the
 * file (tests/support/gedcom-sample.ts: a made-up Danish family with remarriages and half-siblings)
 * through the preview and then the import, as the family tree page does. Exits 1 when a run is over
 * the budget, or when the tree read back does not hold every person of the file.
 */
import { sampleFamilyGedcom } from '../tests/support/gedcom-sample';
import { SESSION_COOKIE } from '../src/shared/constants';
import type { FamilyTree } from '../src/shared/family-tree-api';
import { createFullMemorial, registerFamily } from './lib/memorial';
import { median, verdict, withPostgresServer } from './lib/server';

const PEOPLE = Number(process.env.PEOPLE ?? 5000);
const RUNS = Number(process.env.RUNS ?? 3);
const BUDGET_SECONDS = 10;

async function send(baseUrl: string, session: string, memorialId: string, step: 'preview' | 'import', file: Buffer): Promise<{ ms: number; body: unknown }> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file)], { type: 'application/octet-stream' }), 'familie.ged');
  const started = performance.now();
  const response = await fetch(`${baseUrl}/api/memorials/${memorialId}/family-tree/gedcom?step=${step}&root=${encodeURIComponent('@I1@')}`, {
    method: 'POST',
    headers: { origin: baseUrl, cookie: `${SESSION_COOKIE}=${session}` },
    body: form,
  });
  const body = await response.json();
  const ms = performance.now() - started;
  if (!response.ok) throw new Error(`${step}: ${response.status} ${JSON.stringify(body)}`);
  return { ms, body };
}

await withPostgresServer('bench_tree_import', { codes: 1 }, async ({ server, client, codes }) => {
  const file = Buffer.from(sampleFamilyGedcom(PEOPLE));
  const people = (file.toString('utf8').match(/ INDI\n/g) ?? []).length;
  process.stdout.write(`GEDCOM-fil: ${people.toLocaleString('da-DK')} personer, ${(file.length / 1024 / 1024).toFixed(1)} MB\n`);
  const session = await registerFamily(server.baseUrl, codes[0]!, 'tree');
  const imports: number[] = [];
  let complete = true;
  for (let run = 1; run <= RUNS; run++) {
    const memorial = await createFullMemorial(server.baseUrl, session, 'Ukendt Stamfar');
    await client.query(`insert into premium_periods (memorial_id, starts_at, ends_at, source) values ($1, now() - interval '1 day', null, $2)`, [memorial.id, `bench:${run}`]);
    const preview = await send(server.baseUrl, session, memorial.id, 'preview', file);
    const done = await send(server.baseUrl, session, memorial.id, 'import', file);
    imports.push(done.ms);
    const tree = (await (await fetch(`${server.baseUrl}/api/memorials/${memorial.id}/family-tree`, { headers: { cookie: `${SESSION_COOKIE}=${session}` } })).json()) as FamilyTree;
    complete &&= tree.size === people;
    process.stdout.write(`  run ${run}: preview ${(preview.ms / 1000).toFixed(2)} s, import ${(done.ms / 1000).toFixed(2)} s (${JSON.stringify(done.body)}); the tree holds ${tree.size.toLocaleString('da-DK')} people\n`);
  }
  const worst = Math.max(...imports);
  process.stdout.write(`import of ${people.toLocaleString('da-DK')} people: median ${(median(imports) / 1000).toFixed(2)} s, slowest ${(worst / 1000).toFixed(2)} s (budget ${BUDGET_SECONDS} s)\n`);
  verdict([
    [`every import of ${people.toLocaleString('da-DK')} people under ${BUDGET_SECONDS} s (slowest ${(worst / 1000).toFixed(2)} s)`, worst < BUDGET_SECONDS * 1000],
    ['every imported tree holds every person of the file', complete],
  ]);
});
