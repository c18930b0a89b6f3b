/**
 * Backups (issue 26) on a real database and real files: an installation with families, memorials,
 * photos, candles, codes, orders, append-only logs and queued jobs is written to one file and
 * restored into a new, empty installation, compared row by row and file by file; the sequences
 * go on after the restored numbers. A file cut short, changed, made with another key or by another
 * version, and an installation that is not empty, are refused before anything changes.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCode, createUser } from '../../../tests/support/factories';
import { castMemorial } from '../../../tests/support/memorial-cast';
import { createTestDatabase } from '../../../tests/support/test-database';
import { TEST_TWO_FACTOR_KEY, type TestApp, createTestApp } from '../../../tests/support/test-app';
import type { Database } from '../db/connection';
import type { BatchedRateLimiter } from '../lib/batched-rate-limit';
import { orders, staffActions } from '../db/schema';
import { enqueue } from '../lib/jobs';
import { createStorage } from '../lib/storage';
import type { Storage } from '../lib/storage-types';
import { publicTables, quoted, writeBackup } from './backup';
import { BackupRefused, backupMac } from './format';
import { restoreBackup, verifyBackup } from './restore';

const KEY = Buffer.from(TEST_TWO_FACTOR_KEY, 'hex');
let t: TestApp;
let dir: string;
let file: string;

/** Every table's rows as JSON text, sorted: two databases with the same rows give the same lists. */
async function everyRow(db: Database['db']): Promise<Record<string, string[]>> {
  const all: Record<string, string[]> = {};
  for (const table of await publicTables(db)) {
    const result = (await db.execute(sql.raw(`select row_to_json(t)::text as row from ${quoted(table)} t`))) as unknown as { rows: { row: string }[] };
    all[table] = result.rows.map((each) => each.row).sort();
  }
  return all;
}

async function everyFile(storage: Storage): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for await (const key of storage.list('')) {
    const stored = await storage.get(key);
    const chunks: Buffer[] = [];
    for await (const chunk of stored!.body as AsyncIterable<Buffer>) chunks.push(chunk);
    files[key] = `${stored!.contentType} ${Buffer.concat(chunks).toString('base64')}`;
  }
  return files;
}

/** A new, empty installation: a migrated database and an empty media folder. */
async function emptyInstallation() {
  const database = await createTestDatabase();
  const media = await mkdtemp(path.join(dir, 'media-'));
  return { database, storage: createStorage({ kind: 'disk', root: media }) };
}

/** The backup's lines, changed by `edit`, and signed again with `key`: a file as another version (or a forger with the key) would write it. */
async function rewritten(edit: (lines: string[]) => string[], key = KEY): Promise<string> {
  const text = gunzipSync(await readFile(file)).toString('latin1');
  const lines = edit(text.split('\n').slice(0, -2));
  const body = `${lines.join('\n')}\n`;
  const mac = backupMac(key).update(Buffer.from(body, 'latin1')).digest('hex');
  const trailer = JSON.parse(text.split('\n').at(-2)!.slice(2)) as Record<string, unknown>;
  const out = path.join(dir, `rewritten-${randomBytes(4).toString('hex')}.backup`);
  await writeFile(out, gzipSync(Buffer.from(`${body}Z ${JSON.stringify({ ...trailer, mac })}\n`, 'latin1')));
  return out;
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'mindested-backup-'));
  file = path.join(dir, 'mindested.backup');
  t = await createTestApp();
  const db = t.database.db;
  const family = await castMemorial(t, { name: 'Karen Holm' });
  await castMemorial(t, { name: 'Svend Berg', privacy: 'private' });
  const candle = await t.request({ method: 'POST', url: `/api/memorials/${family.memorial.id}/candles`, headers: { cookie: family.coadmin.cookie }, payload: { name: 'Bent', message: 'Tak for alt' } });
  expect(candle.statusCode, candle.body).toBe(201);
  // Files: one larger than a read chunk, one empty, and one no row names.
  await t.app.deps.storage.put(`memorials/${family.memorial.id}/media/a/original.jpg`, randomBytes(300_000), { contentType: 'image/jpeg' });
  await t.app.deps.storage.put(`memorials/${family.memorial.id}/media/a/640.webp`, Buffer.alloc(0), { contentType: 'image/webp' });
  await t.app.deps.storage.put('memorials/forladt/fil.bin', Buffer.from('æøå\n\nlinjer'), { contentType: 'application/octet-stream' });
  const code = await createCode(db, { status: 'claimed', claimedBy: family.owner.id });
  expect(code.code).toBeTruthy();
  const buyer = await createUser(db, { fullName: 'Poul Køber' });
  await db.insert(orders).values({ kind: 'premium', status: 'paid', userId: buyer.id, paymentMethod: 'card', idempotencyKey: 'k1', totalOre: 49_900, buyerName: 'Poul', buyerEmail: buyer.email, details: {} as never });
  await db.insert(staffActions).values({ actorName: 'Kommandolinjen', action: 'two-factor.reset', targetUserId: buyer.id, at: t.clock.now() });
  await enqueue(db, 'mail.send', { to: 'a@eksempel.dk', subject: 'Hej', text: 'Hej med "citat" og \\ skråstreg\nog linjeskift' }, t.clock.now());

  // The limits' counts are written in batches: all of them in the database before it is copied.
  await (t.app.deps.lookupLimiter as BatchedRateLimiter).flush();
  const report = await writeBackup({ db, storage: t.app.deps.storage, twoFactorKey: KEY, now: t.clock.now }, file);
  expect(report.files).toBe(3);
  expect(report.rows).toBeGreaterThan(20);
});
afterAll(async () => {
  await t?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('backup and restore', () => {
  it('bring an empty installation back to the same rows and the same files, and the numbers go on', async () => {
    const target = await emptyInstallation();
    try {
      const report = await restoreBackup({ db: target.database.db, storage: target.storage, twoFactorKey: KEY }, file);
      expect(report.files).toBe(3);
      expect(await everyRow(target.database.db)).toEqual(await everyRow(t.database.db));
      expect(await everyFile(target.storage)).toEqual(await everyFile(t.app.deps.storage));
      // The next order takes the number after the restored one.
      const buyer = await createUser(target.database.db);
      const [next] = await target.database.db
        .insert(orders)
        .values({ kind: 'premium', status: 'paid', userId: buyer.id, paymentMethod: 'card', idempotencyKey: 'k2', totalOre: 1, buyerName: 'B', buyerEmail: buyer.email, details: {} as never })
        .returning();
      const [restored] = await t.database.db.select({ number: orders.number }).from(orders);
      expect(next!.number).toBeGreaterThan(restored!.number);
      // The append-only log is append-only again.
      await expect(target.database.db.execute(sql`delete from staff_actions`)).rejects.toThrow();
    } finally {
      await target.database.close();
    }
  });

  it('refuse a file cut short, changed, signed with another key, or from another version, and change nothing', async () => {
    const whole = await readFile(file);
    const cut = path.join(dir, 'cut.backup');
    await writeFile(cut, whole.subarray(0, Math.floor(whole.length * 0.6)));
    const bytes = gunzipSync(whole);
    // One character of a row, changed; the file is zipped again as a tamperer would.
    const at = bytes.indexOf('Karen Holm');
    const changed = path.join(dir, 'changed.backup');
    await writeFile(changed, gzipSync(Buffer.concat([bytes.subarray(0, at), Buffer.from('Karin'), bytes.subarray(at + 5)])));
    const notGzip = path.join(dir, 'not.backup');
    await writeFile(notGzip, 'hej');
    const otherVersion = await rewritten(([header, ...rest]) => [header!.replace(/"schema":"[^"]+"/, '"schema":"0000"'), ...rest]);
    const otherFormat = await rewritten(([header, ...rest]) => [header!.replace('"version":1', '"version":2'), ...rest]);
    const otherKey = await rewritten((lines) => lines, randomBytes(32));
    const lyingCount = await rewritten((lines) => lines.map((line) => (line.startsWith('E ') && !line.includes('"rows":0') ? 'E {"rows":1}' : line)));

    const target = await emptyInstallation();
    try {
      const before = await everyRow(target.database.db);
      const cases: [string, RegExp][] = [
        [cut, /ikke hel/],
        [changed, /ændret, efter den blev lavet/],
        [notGzip, /ikke en sikkerhedskopi/],
        [otherVersion, /anden version af databasen/],
        [otherFormat, /formatversion 2/],
        [otherKey, /anden TWO_FACTOR_KEY/],
        [lyingCount, /antal rækker/],
        [path.join(dir, 'findes-ikke.backup'), /findes ikke/],
      ];
      for (const [bad, message] of cases) {
        const refused = restoreBackup({ db: target.database.db, storage: target.storage, twoFactorKey: KEY }, bad);
        await expect(refused, bad).rejects.toThrow(BackupRefused);
        await expect(refused, bad).rejects.toThrow(message);
      }
      expect(await everyRow(target.database.db)).toEqual(before);
      expect(await everyFile(target.storage)).toEqual({});
      await expect(verifyBackup(file, KEY)).resolves.toMatchObject({ report: { files: 3 } });
    } finally {
      await target.database.close();
    }
  });

  it('refuse an installation that is not empty', async () => {
    const target = await emptyInstallation();
    try {
      await createUser(target.database.db, { fullName: 'Allerede Her' });
      await expect(restoreBackup({ db: target.database.db, storage: target.storage, twoFactorKey: KEY }, file)).rejects.toThrow(/Databasen er ikke tom/);
      const filled = await emptyInstallation();
      await filled.storage.put('memorials/x/y.bin', Buffer.from('x'), { contentType: 'application/octet-stream' });
      await expect(restoreBackup({ db: filled.database.db, storage: filled.storage, twoFactorKey: KEY }, file)).rejects.toThrow(/Lageret til mediefiler er ikke tomt/);
      await filled.database.close();
    } finally {
      await target.database.close();
    }
  });
});
