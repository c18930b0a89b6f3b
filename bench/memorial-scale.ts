/**
 * Issue 4's budget for growth: with 100,000 memorials and 2,000,000 media rows in PostgreSQL, a
 * memorial page's p99 stays within 1.5× of the figure with 100 memorials. A benchmark, not a test:
 * it prints both figures, the seeding's duration and the ratio.
 *
 *   npm run bench:memorial-scale     (or: SECONDS=30 npx tsx bench/memorial-scale.ts)
 *
 * On BENCH_POSTGRES_URL's server (default the local one) it makes a database
 * bench_memorial_scale_<pid>_…, starts `src/server/main.ts` (NODE_ENV=production, the client built
 * into a temporary directory) on it, registers a family with a QR code and creates the measured
 * memorial with 20 photos uploaded through the API. Then:
 *   1. 99 more memorials with 20 media rows each, in SQL: 100 memorials; the page is measured
 *      (autocannon, 50 connections, after a warm-up) twice: as a visitor, whose page is made once
 *      per version of the memorial (decision 0009), and as the signed-in family, whose page is
 *      made on every request, so the database's growth shows in it;
 *   2. bulk seeding in SQL (INSERT … SELECT from generate_series, BATCH memorials and their media
 *      per statement) up to 100,000 memorials and 2,000,000 media rows, then ANALYZE; measured again.
 * The bulk rows are valid rows of the real schema (migrations/) with an owner each; their photos
 * share one set of variant keys, since no file is ever fetched. The database is dropped at the end.
 * Exits 1 when the budget is missed.
 */
import type pg from 'pg';
import { PHOTO_WIDTHS } from '../src/server/media/photo';
import { SESSION_COOKIE } from '../src/shared/constants';
import { type LoadFigures, formatLoad, measureLoad } from './lib/load';
import { createFullMemorial, registerFamily, uploadPhotos } from './lib/memorial';
import { verdict, withPostgresServer } from './lib/server';

const SECONDS = Number(process.env.SECONDS ?? 20);
const MEDIA_PER_MEMORIAL = 20;
const SMALL = 100;
const LARGE = { memorials: 100_000, media: 2_000_000 };
/** Memorials per INSERT statement (with their 20 media rows each: 100,000 rows a statement). */
const BATCH = 5_000;
const BUDGET = { ratio: 1.5 };

/** One photo's variants as the server stores them (3 formats × 5 widths), shared by every bulk row. */
const DUMMY_VARIANTS = JSON.stringify(
  PHOTO_WIDTHS.flatMap((width) =>
    (['avif', 'webp', 'jpeg'] as const).map((format) => ({ width, height: Math.round((width * 3) / 4), format, bytes: width * 60, key: `memorials/bulk/photo/${width}.${format === 'jpeg' ? 'jpg' : format}` })),
  ),
);

/**
 * Memorials number `from`..`to` (slug bulk-<n>) with MEDIA_PER_MEMORIAL photos each and `owner`
 * as their owner, in one statement: the rows of one memorial land together, as they would when a
 * family fills a page in an evening.
 */
async function insertMemorials(client: pg.Client, from: number, to: number, owner: string) {
  await client.query(
    `with created as (
       insert into memorials (slug, name, birth_date, death_date, birth_place, death_place, cemetery, epitaph, life_story, timeline, created_by)
       select 'bulk-' || n, 'Mindeside ' || n, date '1930-01-01' + (n % 15000), date '1990-01-01' + (n % 12000), 'Aarhus', 'Odense',
              'Assistens Kirkegård', 'Elsket og savnet.', '<p>Et langt og godt liv, fortalt af familien.</p>',
              '[{"date":"1950","title":"Født","text":""}]'::jsonb, $3::uuid
       from generate_series($1::int, $2::int) as n
       returning id
     ),
     owners as (
       insert into memorial_members (memorial_id, user_id, role) select id, $3::uuid, 'owner' from created
     )
     insert into memorial_media (memorial_id, kind, caption, position, width, height, mime, bytes, original_key, variants, placeholder, created_by)
     select created.id, 'photo', 'Billede ' || (p + 1), p, 4032, 3024, 'image/jpeg', 2000000, 'memorials/bulk/photo/original.jpg', $4::jsonb,
            'data:image/webp;base64,UklGRh4AAABXRUJQVlA4TBEAAAAvAAAAAAfQ//73v/+BiOh/AAA=', $3::uuid
     from created cross join generate_series(0, ${MEDIA_PER_MEMORIAL - 1}) as p`,
    [from, to, owner, DUMMY_VARIANTS],
  );
}

async function counts(client: pg.Client) {
  const { rows } = await client.query<{ memorials: string; media: string }>('select (select count(*) from memorials) as memorials, (select count(*) from memorial_media) as media');
  return { memorials: Number(rows[0]!.memorials), media: Number(rows[0]!.media) };
}

/** How PostgreSQL reads the page's two queries (by slug, then the gallery), and how long they take. */
async function explainPage(client: pg.Client, slug: string) {
  const lines: string[] = [];
  for (const query of [
    ['memorial by slug', `select * from memorials left join memorial_members on memorial_members.memorial_id = memorials.id and memorial_members.user_id = null where memorials.slug = '${slug}' limit 1`],
    ['its gallery', `select * from memorial_media where memorial_id = (select id from memorials where slug = '${slug}') order by position, created_at`],
  ] as const) {
    const { rows } = await client.query<{ 'QUERY PLAN': string }>(`explain (analyze, costs off) ${query[1]}`);
    const plan = rows.map((r) => r['QUERY PLAN']);
    const scans = plan.filter((line) => /Scan/.test(line)).map((line) => line.trim().replace(/\s*\(actual.*$/, ''));
    lines.push(`    ${query[0]}: ${plan.find((line) => line.startsWith('Execution Time'))}; ${scans.join(' / ')}`);
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}

interface PageFigures {
  /** A visitor's page: made once per version of the memorial (decision 0009). */
  visitor: LoadFigures;
  /** The family's own page, signed in: made on every request, both queries every time. */
  family: LoadFigures;
}

async function measure(label: string, url: string, client: pg.Client, slug: string, session: string): Promise<PageFigures> {
  const { memorials, media } = await counts(client);
  process.stdout.write(`\n${label}: ${memorials.toLocaleString('da-DK')} memorials, ${media.toLocaleString('da-DK')} media rows\n`);
  await explainPage(client, slug);
  process.stdout.write(`  autocannon, 50 connections: 5 s warm-up, then ${SECONDS} s measured, as a visitor and as the family ...\n`);
  const visitor = await measureLoad(url, { connections: 50, seconds: SECONDS });
  process.stdout.write(formatLoad('visitor', visitor));
  const family = await measureLoad(url, { connections: 50, seconds: SECONDS, headers: { cookie: `${SESSION_COOKIE}=${session}` } });
  process.stdout.write(formatLoad('family (signed in)', family));
  return { visitor, family };
}

async function main() {
  await withPostgresServer('bench_memorial_scale', { codes: 1 }, async ({ server, client, codes }) => {
    const [qrCode] = codes;

    process.stdout.write(`Opretter den målte mindeside med ${MEDIA_PER_MEMORIAL} billeder gennem API'et ...\n`);
    const session = await registerFamily(server.baseUrl, qrCode!, 'scale');
    const memorial = await uploadPhotos(server.baseUrl, session, await createFullMemorial(server.baseUrl, session), MEDIA_PER_MEMORIAL);
    const { rows } = await client.query<{ user_id: string }>('select user_id from memorial_members where memorial_id = $1', [memorial.id]);
    const owner = rows[0]!.user_id;
    const url = `${server.baseUrl}/memorial/${memorial.slug}`;

    await insertMemorials(client, 1, SMALL - 1, owner);
    await client.query('analyze');
    const small = await measure(`${SMALL} memorials`, url, client, memorial.slug, session);

    const already = await counts(client);
    const toAdd = LARGE.memorials - already.memorials;
    if (already.media + toAdd * MEDIA_PER_MEMORIAL !== LARGE.media) throw new Error('the bulk rows would not add up to the budget’s numbers');
    process.stdout.write(`\nBulk seeding ${toAdd.toLocaleString('da-DK')} memorials with ${(toAdd * MEDIA_PER_MEMORIAL).toLocaleString('da-DK')} media rows, ${BATCH} memorials a statement ...\n`);
    const started = Date.now();
    for (let from = SMALL; from < SMALL + toAdd; from += BATCH) {
      const to = Math.min(from + BATCH, SMALL + toAdd) - 1;
      await insertMemorials(client, from, to, owner);
      process.stdout.write(`\r  ${(to - SMALL + 1).toLocaleString('da-DK')}/${toAdd.toLocaleString('da-DK')} memorials (${((Date.now() - started) / 1000).toFixed(0)} s)`);
    }
    await client.query('analyze');
    const seconds = (Date.now() - started) / 1000;
    process.stdout.write(`\n  bulk seeding and ANALYZE took ${seconds.toFixed(1)} s\n`);
    const large = await measure(`${LARGE.memorials.toLocaleString('da-DK')} memorials`, url, client, memorial.slug, session);

    const checks = (['visitor', 'family'] as const).flatMap((who) => {
      const ratio = large[who].p99 / small[who].p99;
      process.stdout.write(`\n${who}: p99 ${large[who].p99} ms with ${LARGE.memorials.toLocaleString('da-DK')} memorials / ${small[who].p99} ms with ${SMALL}: ${ratio.toFixed(2)}×`);
      const failed = small[who].non2xx + large[who].non2xx + small[who].errors + large[who].errors;
      return [
        [`${who}: p99 ratio ${ratio.toFixed(2)} ≤ ${BUDGET.ratio}`, ratio <= BUDGET.ratio],
        [`${who}: every answer 200 (${failed} not)`, failed === 0],
      ] as const;
    });
    process.stdout.write('\n');
    verdict(checks);
  });
}

await main();
