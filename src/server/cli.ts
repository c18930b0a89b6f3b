/**
 * The operator CLI. Works on the embedded database (refusing in one line while the server holds
 * it) and on DATABASE_URL. Results go to stdout, everything else to stderr, so
 * `npm run cli -- qr:generate --count 50 > codes.txt` gives a clean file.
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import '../shared/zod-locale';
import { newUsername, registerBody } from '../shared/auth';
import { hashPassword } from './auth/passwords';
import { writeBackup } from './backup/backup';
import { BackupRefused } from './backup/format';
import { restoreBackup, verifyBackup } from './backup/restore';
import { ConfigError, loadConfig, loadDotEnv } from './config';
import { DataDirBusyError } from './db/data-dir-lock';
import { openConfiguredDatabase } from './db/open';
import { sessions, staffActions, staffRecoveryCodes, staffTwoFactor, users } from './db/schema';
import { createStorage, storageOptionsFrom } from './lib/storage';
import { type PurgeReport, runAllPurges } from './privacy/purges';
import { createCodes } from './qr/service';
import { twoFactorKey } from './staff/secret-box';

const USAGE = `Brug:
  npm run cli -- create-admin --username U --email E --password P --full-name N
  npm run cli -- two-factor:reset --username U   (når en medarbejder har mistet både telefon og gendannelseskoder)
  npm run cli -- qr:generate --count N
  npm run cli -- db:sql "SQL" ["SQL" …]   (i én transaktion; rækker skrives som JSON-linjer)
  npm run cli -- purge [--now 2026-12-01T04:00:00Z]   (al oprydning efter privatlivspolitikken, som på tidspunktet; uden --now: nu)
  npm run cli -- backup --out FIL   (hele databasen og alle mediefiler i én fil)
  npm run cli -- restore [--check] FIL   (en tom installation tilbage til sikkerhedskopien; --check læser den kun igennem)`;

class UsageError extends Error {}

const createAdminArgs = z.object({
  username: newUsername,
  email: registerBody.shape.email,
  password: registerBody.shape.password,
  'full-name': registerBody.shape.fullName,
});

const resetTwoFactorArgs = z.object({ username: z.string().trim().min(1) });

const COMMANDS = new Set(['create-admin', 'two-factor:reset', 'qr:generate', 'db:sql', 'purge', 'backup', 'restore']);

const backupArgs = z.object({ out: z.string().trim().min(1) });

const generateArgs = z.object({
  count: z.coerce.number({ error: '--count skal være et tal' }).int('--count skal være et helt tal').min(1, '--count skal være mindst 1').max(100_000, '--count må højst være 100000'),
});

const purgeArgs = z.object({
  now: z.iso.datetime({ offset: true, error: '--now skal være et tidspunkt som 2026-12-01T04:00:00Z' }).optional(),
});

/** What `purge` prints, one line per kind, in the order /privacy lists them. */
const PURGE_LINES: [keyof PurgeReport, string][] = [
  ['memorials', 'Mindesider slettet for altid'],
  ['files', 'Filer slettet'],
  ['codesReleased', 'QR-koder taget af en slettet mindeside'],
  ['rejectedPosts', 'Afviste indlæg'],
  ['removedTreePeople', 'Personer fjernet fra stamtræer'],
  ['limitRows', 'Begrænsninger (IP-adresser)'],
  ['contactMessages', 'Beskeder til os'],
  ['consentRecords', 'Samtykker'],
  ['expiredSessions', 'Udløbne logins'],
  ['memorialArchives', 'Arkiver af mindesider'],
  ['abandonedUploads', 'Halvt gemte uploads'],
];

function parse<T extends z.ZodType>(schema: T, values: unknown): z.infer<T> {
  const result = schema.safeParse(values);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    throw new UsageError((values as Record<string, unknown>)[String(issue.path[0])] === undefined ? `--${issue.path.join('.')} mangler` : `--${issue.path.join('.')}: ${issue.message}`);
  }
  return result.data;
}

async function main(argv: string[]) {
  const [command, ...rest] = argv;
  const { values, positionals } = parseArgs({
    args: rest,
    // Only db:sql takes statements, and restore its file; any other command with a stray word is a typo.
    allowPositionals: command === 'db:sql' || command === 'restore',
    options: {
      username: { type: 'string' },
      email: { type: 'string' },
      password: { type: 'string' },
      'full-name': { type: 'string' },
      count: { type: 'string' },
      now: { type: 'string' },
      out: { type: 'string' },
      check: { type: 'boolean' },
    },
    strict: true,
  });
  if (!command || !COMMANDS.has(command)) throw new UsageError(command ? `Ukendt kommando: ${command}` : 'Angiv en kommando.');

  // Parse arguments before opening anything, so a typo never touches the database.
  const admin = command === 'create-admin' ? parse(createAdminArgs, values) : null;
  const resetTwoFactor = command === 'two-factor:reset' ? parse(resetTwoFactorArgs, values) : null;
  const generate = command === 'qr:generate' ? parse(generateArgs, values) : null;
  const purge = command === 'purge' ? parse(purgeArgs, values) : null;
  const statements = command === 'db:sql' ? positionals.filter((statement) => statement.trim() !== '') : [];
  if (command === 'db:sql' && statements.length === 0) throw new UsageError('Angiv mindst én SQL-sætning.');
  const backup = command === 'backup' ? parse(backupArgs, values) : null;
  const restoreFile = command === 'restore' ? positionals[0] : undefined;
  if (command === 'restore' && (positionals.length !== 1 || !restoreFile)) throw new UsageError('Angiv én fil at gendanne fra.');

  loadDotEnv();
  const config = loadConfig();
  // The key the backup's MAC is made with (backup/format.ts): read before the database is opened.
  const backupKey = () => twoFactorKey(config, randomBytes)();
  if (restoreFile && values.check) {
    const { header, report } = await verifyBackup(restoreFile, backupKey());
    process.stdout.write(`Tabeller: ${report.tables}\nRækker: ${report.rows}\nFiler: ${report.files}\nBytes: ${report.bytes}\n`);
    process.stderr.write(`Sikkerhedskopien fra ${header.createdAt} er hel og uændret.\n`);
    return;
  }
  const database = await openConfiguredDatabase(config, 'CLI');
  try {
    if (admin) {
      const [user] = await database.db
        .insert(users)
        .values({
          username: admin.username,
          email: admin.email,
          fullName: admin['full-name'],
          passwordHash: await hashPassword(admin.password),
          role: 'admin',
        })
        .onConflictDoNothing()
        .returning({ id: users.id });
      if (!user) throw new UsageError('Brugernavnet eller e-mailadressen er allerede i brug.');
      process.stderr.write(`Administrator ${admin.username} er oprettet.\n`);
    }
    if (resetTwoFactor) await resetStaffTwoFactor(database.db, resetTwoFactor.username);
    if (generate) {
      const codes = await createCodes(database.db, generate.count, { randomBytes, now: () => new Date() });
      process.stdout.write(`${codes.join('\n')}\n`);
      process.stderr.write(`${codes.length} nye QR-koder er oprettet.\n`);
    }
    if (purge) {
      // Every purge the server runs once a day (privacy/purges.ts), at once, as of --now (default:
      // this moment): for an operator, and for tests from outside the server.
      const at = purge.now ? new Date(purge.now) : new Date();
      const report = await runAllPurges({ db: database.db, storage: createStorage(storageOptionsFrom(config)), config }, at);
      for (const [key, label] of PURGE_LINES) process.stdout.write(`${label}: ${report[key]}\n`);
      process.stderr.write(`Oprydningen er kørt som pr. ${at.toISOString()}.\n`);
    }
    if (backup) {
      const started = Date.now();
      const report = await writeBackup({ db: database.db, storage: createStorage(storageOptionsFrom(config)), twoFactorKey: backupKey(), now: () => new Date() }, backup.out);
      process.stdout.write(`Tabeller: ${report.tables}\nRækker: ${report.rows}\nFiler: ${report.files}\nBytes: ${report.bytes}\n`);
      process.stderr.write(`Sikkerhedskopien er skrevet til ${backup.out} på ${((Date.now() - started) / 1000).toFixed(1)} s.\n`);
    }
    if (restoreFile) {
      const started = Date.now();
      const report = await restoreBackup({ db: database.db, storage: createStorage(storageOptionsFrom(config)), twoFactorKey: backupKey() }, restoreFile);
      process.stdout.write(`Tabeller: ${report.tables}\nRækker: ${report.rows}\nFiler: ${report.files}\nBytes: ${report.bytes}\n`);
      process.stderr.write(`Installationen er gendannet fra ${restoreFile} på ${((Date.now() - started) / 1000).toFixed(1)} s.\n`);
    }
    if (statements.length > 0) {
      // The embedded database has no psql; this is its console. All statements or none.
      await database.db.transaction(async (tx) => {
        for (const statement of statements) {
          const result = (await tx.execute(sql.raw(statement))) as unknown as { rows?: unknown[] };
          for (const row of result.rows ?? []) process.stdout.write(`${JSON.stringify(row)}\n`);
        }
      });
    }
  } finally {
    await database.close();
  }
}

/**
 * The way back for the last admin who lost both phone and recovery codes (an admin resets anyone
 * else's on /admin/users/{id}): whoever may run the CLI on the database already holds everything.
 * Written to the audit log like a reset from the back office.
 */
async function resetStaffTwoFactor(db: Awaited<ReturnType<typeof openConfiguredDatabase>>['db'], username: string) {
  await db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(sql`lower(${users.username}) = lower(${username})`);
    if (!user) throw new UsageError(`Der er ingen konto med brugernavnet ${username}.`);
    await tx.delete(staffTwoFactor).where(eq(staffTwoFactor.userId, user.id));
    await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.userId, user.id));
    await tx.update(sessions).set({ twoFactorVerifiedAt: null }).where(eq(sessions.userId, user.id));
    await tx.insert(staffActions).values({ actorName: 'Kommandolinjen', action: 'two-factor.reset', targetUserId: user.id, at: new Date() });
  });
  process.stderr.write(`Totrinsbekræftelsen for ${username} er nulstillet. Ved næste login opsættes den forfra.\n`);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
    process.stderr.write(`${(error as Error).message}\n\n${USAGE}\n`);
    process.exit(2);
  }
  if (error instanceof ConfigError || error instanceof DataDirBusyError || error instanceof BackupRefused) {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  process.stderr.write(`Fejl: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
