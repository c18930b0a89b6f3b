import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isWellFormedCode } from '../shared/qr-code';
import { openDatabase } from './db/connection';
import { consentRecords, contactMessages, memorialPosts, memorials, qrCodes, rateLimits, sessions, staffActions, staffRecoveryCodes, staffTwoFactor, users } from './db/schema';

/**
 * The CLI as an operator runs it: a separate process on the same database the server uses. On the
 * embedded database it gets its own data directory; on PostgreSQL its own database.
 *
 * It runs as `npm start` runs the server: bundled by esbuild (as scripts/build-server.mjs does) and
 * started by node. Under tsx every start compiled some 400 files again: this file took 172 s of CI's
 * time (29 November), most of it compiling. The bundle is made from the sources at the start of the
 * file, inside the project's folder, where the bundle finds migrations/ and node_modules/.
 */
const run = promisify(execFile);
let bundle: string;
let env: NodeJS.ProcessEnv;
let dataDir: string;
let cleanup: () => Promise<void>;

beforeAll(async () => {
  const outdir = path.resolve(`node_modules/.cache/mindested-cli-test-${process.pid}`);
  await build({
    entryPoints: ['src/server/cli.ts'],
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
  });
  bundle = path.join(outdir, 'cli.mjs');
  dataDir = await mkdtemp(path.join(tmpdir(), 'mindested-cli-'));
  // Only what an operator's shell would have: Vitest's own variables (BASE_URL=/ …) stay out.
  const base = { PATH: process.env.PATH, HOME: process.env.HOME, USER: process.env.USER, DATA_DIR: dataDir };
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const { createTestDatabase } = await import('../../tests/support/test-database');
    const database = await createTestDatabase();
    const url = (database.db as unknown as { $client: { options: { connectionString: string } } }).$client.options.connectionString;
    env = { ...base, DATABASE_URL: url };
    cleanup = () => database.close();
  } else {
    env = base;
    cleanup = async () => {};
  }
});
afterAll(async () => {
  await cleanup();
  await rm(dataDir, { recursive: true, force: true });
  await rm(path.dirname(bundle), { recursive: true, force: true });
});

const cli = (...args: string[]) => run(process.execPath, [bundle, ...args], { env });
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('the command should have failed');
    },
    (error: { code: number; stdout: string; stderr: string }) => error,
  );

async function withDatabase<T>(fn: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<T>): Promise<T> {
  const database = env.DATABASE_URL ? await openDatabase({ url: env.DATABASE_URL }) : await openDatabase({ dataDir });
  try {
    return await fn(database.db);
  } finally {
    await database.close();
  }
}

// Every step starts the real CLI (PGlite opens its data directory): a second or two on a quiet
// machine, several times that when both databases' suites share its two cores.
describe('npm run cli', { timeout: 240_000 }, () => {
  it('qr:generate prints the new codes, one per line, and nothing else on stdout', async () => {
    const { stdout, stderr } = await cli('qr:generate', '--count', '7');
    const lines = stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(7);
    expect(new Set(lines).size).toBe(7);
    for (const line of lines) expect(isWellFormedCode(line)).toBe(true);
    expect(stderr).toContain('7 nye QR-koder er oprettet.');
    const stored = await withDatabase((db) => db.select().from(qrCodes));
    expect(stored.map((r) => r.code)).toEqual(expect.arrayContaining(lines));
  });

  it('create-admin makes an administrator with an argon2id password, and refuses a taken name', async () => {
    await cli('create-admin', '--username', 'anne', '--email', 'Anne@Mindested.dk', '--password', 'meget-hemmelig', '--full-name', 'Anne Admin');
    const [admin] = await withDatabase((db) => db.select().from(users).where(eq(users.username, 'anne')));
    expect(admin).toMatchObject({ role: 'admin', email: 'anne@mindested.dk', fullName: 'Anne Admin' });
    expect(admin!.passwordHash).toMatch(/^\$argon2id\$/);

    const again = await failure(cli('create-admin', '--username', 'ANNE', '--email', 'x@y.dk', '--password', 'meget-hemmelig', '--full-name', 'X'));
    expect(again.code).toBe(2);
    expect(again.stderr).toContain('Brugernavnet eller e-mailadressen er allerede i brug.');
  });

  it('two-factor:reset removes a staff member\'s factor and recovery codes, unverifies their sessions, and logs it', async () => {
    await cli('create-admin', '--username', 'mistet', '--email', 'mistet@mindested.dk', '--password', 'meget-hemmelig', '--full-name', 'Mistet Telefon');
    const at = new Date();
    const userId = await withDatabase(async (db) => {
      const [admin] = await db.select().from(users).where(eq(users.username, 'mistet'));
      await db.insert(staffTwoFactor).values({ userId: admin!.id, secretSealed: 'v1.x', confirmedAt: at, createdAt: at });
      await db.insert(staffRecoveryCodes).values({ userId: admin!.id, codeHash: 'h', createdAt: at });
      await db.insert(sessions).values({ tokenHash: 'cli-reset', userId: admin!.id, expiresAt: new Date(at.getTime() + 3_600_000), twoFactorVerifiedAt: at });
      return admin!.id;
    });

    const { stderr } = await cli('two-factor:reset', '--username', 'MISTET');
    expect(stderr).toContain('Totrinsbekræftelsen for MISTET er nulstillet.');
    await withDatabase(async (db) => {
      expect(await db.select().from(staffTwoFactor).where(eq(staffTwoFactor.userId, userId))).toEqual([]);
      expect(await db.select().from(staffRecoveryCodes).where(eq(staffRecoveryCodes.userId, userId))).toEqual([]);
      const [session] = await db.select().from(sessions).where(eq(sessions.tokenHash, 'cli-reset'));
      expect(session!.twoFactorVerifiedAt).toBeNull();
      const [logged] = await db.select().from(staffActions).where(eq(staffActions.targetUserId, userId));
      expect(logged).toMatchObject({ actorName: 'Kommandolinjen', action: 'two-factor.reset', actorId: null });
    });

    const unknown = await failure(cli('two-factor:reset', '--username', 'ingen-saadan'));
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('Der er ingen konto med brugernavnet ingen-saadan.');
  });

  it('db:sql runs statements in one transaction and prints rows as JSON lines', async () => {
    const { stdout } = await cli('db:sql', "insert into plans (slug, name, description, price_ore, interval, features) values ('cli-test', 'CLI', '', 100, 'once', '[]')", "select slug, price_ore from plans where slug = 'cli-test'");
    expect(stdout.trim().split('\n').map((line) => JSON.parse(line))).toEqual([{ slug: 'cli-test', price_ore: 100 }]);
    // A failing statement undoes the ones before it.
    const failed = await failure(cli('db:sql', "delete from plans where slug = 'cli-test'", 'select * from findes_ikke'));
    expect(failed.code).toBe(1);
    expect(failed.stderr).toMatch(/^Fejl: /);
    const { stdout: after } = await cli('db:sql', "select count(*)::int as n from plans where slug = 'cli-test'");
    expect(JSON.parse(after)).toEqual({ n: 1 });
    const empty = await failure(cli('db:sql'));
    expect(empty.stderr).toContain('Angiv mindst én SQL-sætning.');
  });

  it('purge --now runs every purge as of that moment and prints what it removed', async () => {
    // First as of now: it migrates a fresh database, and on one with nothing due removes nothing.
    const first = await cli('purge');
    expect(first.stdout).toContain('Mindesider slettet for altid: 0');

    const at = new Date('2026-03-01T04:00:00Z');
    const ago = (days: number) => new Date(at.getTime() - days * 24 * 60 * 60_000);
    const { gone, kept } = await withDatabase(async (db) => {
      const [gone, kept] = await db
        .insert(memorials)
        .values([
          { slug: 'cli-purge-slettet', name: 'Slettet for længe siden', deletedAt: ago(31) },
          { slug: 'cli-purge-nylig', name: 'Slettet for nylig', deletedAt: ago(29) },
        ])
        .returning({ id: memorials.id });
      await db.insert(memorialPosts).values({ memorialId: kept!.id, kind: 'guestbook', name: 'Spam', status: 'rejected', decidedAt: ago(1) });
      await db.insert(rateLimits).values({ key: 'cli-purge-ip:203.0.113.9', windowStart: ago(1), count: 1 });
      await db.insert(contactMessages).values({ name: 'A', email: 'cli-purge@example.dk', message: 'Hej', createdAt: ago(800), lastActivityAt: ago(800) });
      await db
        .insert(consentRecords)
        .values({ purpose: 'analytics', consentGiven: true, consentMethod: 'banner', legalBasis: 'consent', dataRetentionPeriod: '13 months', visitorHash: 'cli-purge', recordedAt: ago(400) });
      return { gone: gone!.id, kept: kept!.id };
    });
    // Files as the server keeps them (DATA_DIR/media, each with the disk store's content-type
    // sidecar): a gallery item's and a memory photo's.
    const files = (id: string) => [`media/memorials/${id}/0b8a2c1e-0000-4000-8000-000000000001/640.webp`, `media/memorials/${id}/posts/0b8a2c1e-0000-4000-8000-000000000002/original.jpg`];
    for (const file of [...files(gone), ...files(kept)]) {
      const full = path.join(dataDir, file);
      await mkdir(path.dirname(full), { recursive: true });
      await writeFile(full, 'x');
      await writeFile(path.join(path.dirname(full), `.${path.basename(full)}.meta.json`), JSON.stringify({ contentType: 'image/webp' }));
    }

    const { stdout } = await cli('purge', '--now', at.toISOString());
    expect(stdout.trim().split('\n')).toEqual([
      'Mindesider slettet for altid: 1',
      'Filer slettet: 2',
      'QR-koder taget af en slettet mindeside: 0',
      'Afviste indlæg: 1',
      'Personer fjernet fra stamtræer: 0',
      'Begrænsninger (IP-adresser): 1',
      'Beskeder til os: 1',
      'Samtykker: 1',
      'Udløbne logins: 0',
      'Arkiver af mindesider: 0',
      'Halvt gemte uploads: 0',
    ]);
    expect(await readdir(path.join(dataDir, 'media/memorials'))).toEqual([kept]);
    const left = await withDatabase(async (db) => ({
      memorials: (await db.select({ id: memorials.id }).from(memorials)).map((row) => row.id),
      posts: await db.select().from(memorialPosts),
      limits: await db.select().from(rateLimits),
      messages: await db.select().from(contactMessages),
      consents: await db.select().from(consentRecords),
    }));
    expect(left).toEqual({ memorials: [kept], posts: [], limits: [], messages: [], consents: [] });

    const bad = await failure(cli('purge', '--now', 'i går'));
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--now skal være et tidspunkt');
    // Three runs of the CLI and three openings of the database: each a process start and more.
  }, 180_000);

  it('explains wrong arguments in Danish without touching the database', async () => {
    const missing = await failure(cli('qr:generate'));
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('--count mangler');
    expect(missing.stdout).toBe('');
    const bad = await failure(cli('create-admin', '--username', 'b', '--email', 'ikke-email', '--password', 'hemmelig', '--full-name', 'B'));
    expect(bad.stderr).toContain('--username: Brugernavnet skal være mindst 2 tegn.');
    const stray = await failure(cli('qr:generate', '--count', '1', 'ekstra'));
    expect(stray.code).toBe(2);
    const unknown = await failure(cli('slet-alt'));
    expect(unknown.stderr).toContain('Ukendt kommando: slet-alt');
  });

  it('backup writes the installation to one file; restore checks it, refuses a used installation, and fills a new one', async () => {
    // The MAC's key comes from TWO_FACTOR_KEY, which a new installation must be given anyway.
    const key = { TWO_FACTOR_KEY: 'ab'.repeat(32) };
    // Someone in the installation, whichever tests ran before.
    await withDatabase((db) => db.insert(users).values({ fullName: 'Kopi Kirsten', username: `kopi${Date.now()}`, email: `kopi${Date.now()}@eksempel.dk`, passwordHash: 'x' }));
    const file = path.join(dataDir, 'kopi.backup');
    const made = await run(process.execPath, [bundle, 'backup', '--out', file], { env: { ...env, ...key } });
    expect(made.stdout).toMatch(/^Tabeller: \d+\nRækker: \d+\nFiler: \d+\nBytes: \d+\n$/);
    expect(made.stderr).toContain(`Sikkerhedskopien er skrevet til ${file}`);
    const checked = await run(process.execPath, [bundle, 'restore', '--check', file], { env: { ...env, ...key } });
    expect(checked.stdout).toBe(made.stdout);
    expect(checked.stderr).toMatch(/er hel og uændret/);

    const used = await failure(run(process.execPath, [bundle, 'restore', file], { env: { ...env, ...key } }));
    expect(used.code).toBe(1);
    expect(used.stderr.trim()).toBe('Databasen er ikke tom: den har konti eller mindesider. Gendan kun til en ny, tom installation. Intet er ændret.');
    const wrongKey = await failure(run(process.execPath, [bundle, 'restore', '--check', file], { env: { ...env, TWO_FACTOR_KEY: 'cd'.repeat(32) } }));
    expect(wrongKey.stderr).toContain('anden TWO_FACTOR_KEY');

    // A new installation: its own data directory (and, on PostgreSQL, its own database).
    const fresh = await mkdtemp(path.join(tmpdir(), 'mindested-cli-restore-'));
    let freshEnv: NodeJS.ProcessEnv = { ...env, ...key, DATA_DIR: fresh };
    let close = async () => {};
    if (env.DATABASE_URL) {
      const { createTestDatabase } = await import('../../tests/support/test-database');
      const database = await createTestDatabase();
      freshEnv = { ...freshEnv, DATABASE_URL: (database.db as unknown as { $client: { options: { connectionString: string } } }).$client.options.connectionString };
      close = () => database.close();
    }
    try {
      const restored = await run(process.execPath, [bundle, 'restore', file], { env: freshEnv });
      expect(restored.stdout).toBe(made.stdout);
      const codes = await run(process.execPath, [bundle, 'db:sql', 'select count(*)::int as n from qr_codes'], { env: freshEnv });
      const here = await cli('db:sql', 'select count(*)::int as n from qr_codes');
      expect(codes.stdout).toBe(here.stdout);
    } finally {
      await close();
      await rm(fresh, { recursive: true, force: true });
    }
  });

  it.skipIf(Boolean(process.env.DATABASE_URL))('refuses in one line while the server holds the embedded database', async () => {
    // A live process (this test runner) holds the lock, as the server would.
    await writeFile(path.join(dataDir, 'embedded-db.lock'), JSON.stringify({ pid: process.pid, holder: 'serveren' }));
    try {
      const refused = await failure(cli('qr:generate', '--count', '1'));
      expect(refused.code).toBe(1);
      expect(refused.stdout).toBe('');
      expect(refused.stderr.trim().split('\n')).toEqual([
        `Den indbyggede database i ${dataDir} er i brug af serveren (pid ${process.pid}). Stop den først, eller brug DATABASE_URL.`,
      ]);
    } finally {
      await rm(path.join(dataDir, 'embedded-db.lock'));
    }
  });

  it.skipIf(Boolean(process.env.DATABASE_URL))('takes over a stale lock left by a crashed server', async () => {
    await writeFile(path.join(dataDir, 'embedded-db.lock'), JSON.stringify({ pid: 2 ** 22 + 12345, holder: 'serveren' }));
    const { stdout } = await cli('qr:generate', '--count', '1');
    expect(isWellFormedCode(stdout.trim())).toBe(true);
  });
});
