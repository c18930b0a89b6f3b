/**
 * Faults in a running cluster (issue 27, item 3): an instance killed with SIGKILL in the middle of
 * candles and uploads, and the bucket gone. What must hold: HAProxy routes around the dead
 * instance, every write that was acknowledged is there afterwards, nothing half-stored stays in the
 * bucket, and without the bucket the pages go on while uploads are refused in Danish.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { beforeAll, describe, expect, test } from 'vitest';
import { premiumForGoodSql } from '../support/e2e-data';
import { setupCluster } from '../support/cluster-world';
import { ROOT } from '../support/server-process';
import { type Family, PHONE, bucketClient, clusterCalls, generateCodes, query, registerFamily, sleep } from './cluster-calls';

const world = setupCluster({ env: { RATE_LIMIT_POSTS_PER_IP: '1000000', RATE_LIMIT_POSTS_PER_MEMORIAL: '1000000' } });
const api = clusterCalls(world);

let family: Family;
let memorial: { id: string; slug: string };
let photos: Buffer[];

beforeAll(async () => {
  const [code] = await generateCodes(world.databaseUrl, 1);
  family = await registerFamily(api, world.cluster.url, code!);
  const created = await api.call<{ id: string; slug: string }>(world.cluster.url, 'POST', '/api/memorials', { session: family.session, body: { name: 'Karen Jensen' } });
  expect(created.status).toBe(201);
  memorial = created.body;
  // Premium, so the gallery has room for every upload of the test (decision 0026).
  await query(world.databaseUrl, premiumForGoodSql(memorial.id));
  // Real JPEGs, each a little different, about 40 KB: the server decodes, turns and re-encodes each.
  photos = await Promise.all(
    Array.from({ length: 4 }, (_, i) =>
      sharp({ create: { width: 900, height: 600, channels: 3, background: { r: 40 + i * 50, g: 90, b: 120 } } })
        .composite([{ input: Buffer.from(`<svg width="900" height="600"><circle cx="${200 + i * 120}" cy="300" r="150" fill="#e0c080"/></svg>`) }])
        .jpeg({ quality: 85 })
        .toBuffer(),
    ),
  );
});

function uploadBody(photo: Buffer, caption: string) {
  const boundary = '----mindested-cluster-boundary';
  return {
    body: Buffer.concat([
      Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="caption"\r\n\r\n${caption}\r\n`),
      Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="foto.jpg"\r\ncontent-type: image/jpeg\r\n\r\n`),
      photo,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

interface Outcome {
  kind: 'candle' | 'upload';
  status: number;
  id?: string;
  at: number;
  error?: string;
}

/** Every key in the bucket under `prefix`. */
async function bucketKeys(prefix: string): Promise<string[]> {
  const bucket = bucketClient(world);
  try {
    return await bucket.keys(prefix);
  } finally {
    bucket.close();
  }
}

/** The gallery folders (memorials/<memorial>/<media>/) that hold files in the bucket. */
async function galleryFolders(): Promise<Set<string>> {
  const prefix = `memorials/${memorial.id}/`;
  return new Set((await bucketKeys(prefix)).map((key) => `${prefix}${key.slice(prefix.length).split('/')[0]}/`));
}

describe('an instance killed under load', () => {
  test('HAProxy routes around it, every acknowledged candle and upload is stored, and nothing half-stored stays in the bucket', async () => {
    const { cluster } = world;
    const victim = cluster.instances[1]!;
    const outcomes: Outcome[] = [];
    const started = performance.now();
    const at = () => performance.now() - started;
    let running = true;

    const lighters = Array.from({ length: 6 }, async (_, i) => {
      while (running) {
        try {
          const response = await api.call<{ id?: string }>(cluster.url, 'POST', `/api/memorials/${memorial.id}/candles`, {
            body: { name: `Gæst ${i}`, message: 'Tænker på dig', website: '' },
            headers: { 'user-agent': PHONE },
          });
          outcomes.push({ kind: 'candle', status: response.status, id: response.body?.id, at: at() });
        } catch (error) {
          outcomes.push({ kind: 'candle', status: 0, at: at(), error: String((error as Error).cause ?? error) });
        }
      }
    });
    const uploaders = Array.from({ length: 2 }, async (_, i) => {
      let n = 0;
      while (running) {
        const { body, contentType } = uploadBody(photos[(i + n) % photos.length]!, `Foto ${i}-${n++}`);
        try {
          const response = await api.raw(cluster.url, 'POST', `/api/memorials/${memorial.id}/media`, { session: family.session, headers: { 'content-type': contentType }, body });
          const answer = (await response.json().catch(() => null)) as { id?: string } | null;
          outcomes.push({ kind: 'upload', status: response.status, id: answer?.id, at: at() });
        } catch (error) {
          outcomes.push({ kind: 'upload', status: 0, at: at(), error: String((error as Error).cause ?? error) });
        }
      }
    });

    await sleep(2500);
    const killedAt = at();
    await victim.kill();
    await cluster.waitForStates({ [victim.name]: 'DOWN' }, 5000);
    const downAt = at();
    await sleep(3000);
    running = false;
    await Promise.all([...lighters, ...uploaders]);

    const acknowledged = (kind: Outcome['kind']) => outcomes.filter((o) => o.kind === kind && o.status === 201);
    const failed = outcomes.filter((o) => o.status !== 201);
    console.log(
      `kill -9 of ${victim.name} at ${(killedAt / 1000).toFixed(1)} s, out of HAProxy ${((downAt - killedAt) / 1000).toFixed(2)} s later; ` +
        `${acknowledged('candle').length} candles and ${acknowledged('upload').length} uploads acknowledged, ${failed.length} not ` +
        `(${[...new Set(failed.map((o) => `${o.kind} ${o.status}${o.error ? ` ${o.error.slice(0, 60)}` : ''}`))].join('; ') || 'none'})`,
    );
    expect(acknowledged('candle').length).toBeGreaterThan(50);
    expect(acknowledged('upload').length).toBeGreaterThan(4);
    // What failed was in flight at the dying instance (HAProxy answers 502 for it), all within a
    // moment of the kill; nothing else failed, before or after.
    for (const outcome of failed) {
      expect([0, 502, 503]).toContain(outcome.status);
      expect(outcome.at).toBeGreaterThanOrEqual(killedAt);
      expect(outcome.at).toBeLessThan(downAt + 1000);
    }

    // Every acknowledged write is there.
    const candles = await query<{ id: string }>(world.databaseUrl, `select id from memorial_posts where memorial_id = $1 and kind = 'candle'`, [memorial.id]);
    const candleIds = new Set(candles.map((row) => row.id));
    expect(acknowledged('candle').filter((o) => !candleIds.has(o.id!))).toEqual([]);
    const media = await query<{ id: string; original_key: string }>(world.databaseUrl, 'select id, original_key from memorial_media where memorial_id = $1', [memorial.id]);
    const mediaIds = new Set(media.map((row) => row.id));
    expect(acknowledged('upload').filter((o) => !mediaIds.has(o.id!))).toEqual([]);
    const keys = new Set(await bucketKeys(`memorials/${memorial.id}/`));
    expect(media.filter((row) => !keys.has(row.original_key))).toEqual([]);

    // Files in the bucket without a row are only those of an upload the kill cut off, and each is
    // written down as in progress; the sweep (here the operator's purge, an hour later) removes them.
    const ownFolders = new Set(media.map((row) => `memorials/${memorial.id}/${row.id}/`));
    const inProgress = new Set((await query<{ folder: string }>(world.databaseUrl, 'select folder from uploads_in_progress')).map((row) => row.folder));
    const strays = [...(await galleryFolders())].filter((folder) => !ownFolders.has(folder));
    expect(strays.filter((folder) => !inProgress.has(folder))).toEqual([]);
    const { stdout } = await promisify(execFile)(process.execPath, [path.join(ROOT, 'dist/server/cli.mjs'), 'purge', '--now', new Date(Date.now() + 2 * 60 * 60_000).toISOString()], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH,
        DATABASE_URL: world.databaseUrl,
        S3_BUCKET: world.bucket.bucket,
        S3_ENDPOINT: world.bucket.endpoint,
        S3_ACCESS_KEY_ID: world.bucket.accessKeyId,
        S3_SECRET_ACCESS_KEY: world.bucket.secretAccessKey,
        S3_FORCE_PATH_STYLE: '1',
      },
    });
    expect([...(await galleryFolders())].filter((folder) => !ownFolders.has(folder))).toEqual([]);
    expect(await query(world.databaseUrl, 'select folder from uploads_in_progress')).toEqual([]);
    console.log(`${strays.length} half-stored upload folder(s) left by the kill, written down as in progress and removed by the purge (${stdout.trim().replace(/\s+/g, ' ')})`);

    // Back in: started again, HAProxy takes it in once two checks pass.
    await victim.start();
    await cluster.waitForStates({ [victim.name]: 'UP' }, 10_000);
  });
});

describe('the bucket unreachable', () => {
  test('the pages go on, an upload is refused in Danish, and no instance is taken out', async () => {
    const { cluster } = world;
    await world.bucket.close();
    world.expectError(/ECONNREFUSED|storage|bucket|upload|fetch failed/i);

    const page = await api.raw(cluster.url, 'GET', `/memorial/${memorial.slug}`, { headers: { 'user-agent': PHONE } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Karen Jensen');
    const asData = await api.call(cluster.url, 'GET', `/api/memorials/${memorial.slug}`);
    expect(asData.status).toBe(200);

    const { body, contentType } = uploadBody(photos[0]!, 'Uden lager');
    const upload = await api.raw(cluster.url, 'POST', `/api/memorials/${memorial.id}/media`, { session: family.session, headers: { 'content-type': contentType }, body });
    const answer = (await upload.json()) as { message?: string };
    console.log(`bucket gone: the page 200, an upload ${upload.status} "${answer.message}"`);
    expect(upload.status).toBe(503);
    expect(answer.message).toMatch(/[æøå]|Prøv igen/);

    // Readiness says degraded but stays 200: HAProxy keeps every instance.
    const ready = await fetch(`${cluster.instances[0]!.url}/api/health/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: 'degraded', storage: 'unreachable' });
    await sleep(1500);
    expect(Object.values(await cluster.states())).toEqual(cluster.instances.map(() => 'UP'));
  });
});
