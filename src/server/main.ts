/** Starts the product: config → database → app → listen. */
import { randomBytes } from 'node:crypto';
import { buildApp } from './app';
import { ConfigError, loadConfig, loadDotEnv } from './config';
import { DataDirBusyError } from './db/data-dir-lock';
import type { ConnectionLog } from './db/connection';
import { openConfiguredDatabase } from './db/open';
import { type JobsProcess, isJobsChild, superviseJobsProcess } from './jobs-process';
import { createStorage, storageOptionsFrom } from './lib/storage';
import { sweepUploadFolders } from './lib/upload-folders';
import { DEMO_LOGIN, demoSummary, seedDemoIfEmpty } from './seed';

const JOB_POLL_MS = 1000;

async function main() {
  loadDotEnv();
  const config = loadConfig();
  // A connection PostgreSQL cuts is logged by the app's logger, which exists only once the app does.
  const appLog: { to?: ConnectionLog } = {};
  const database = await openConfiguredDatabase(config, 'serveren', {
    warn(details, message) {
      if (appLog.to) appLog.to.warn(details, message);
      else process.stderr.write(`${message}\n`);
    },
  });
  const now = () => new Date();
  if (isJobsChild()) return runJobs(config, database);
  // One storage for the seed (the demo photos) and the app that serves them.
  const storage = createStorage(storageOptionsFrom(config));
  if (database.engine === 'pglite' || config.SEED_DEMO) await seedDemoIfEmpty(database.db, { randomBytes, now, storage });

  const app = await buildApp({
    config,
    db: database.db,
    clientDir: config.CLIENT_DIR,
    storage,
  });
  appLog.to = app.log;
  // Uploads a crashed or killed server was receiving left their temporary folders behind.
  const swept = await sweepUploadFolders().catch((error: unknown) => app.log.error({ err: error }, 'could not sweep old upload folders'));
  if (swept) app.log.info({ swept }, 'removed upload folders left behind by servers that stopped');

  let jobsProcess: JobsProcess | null = null;
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'lukker ned');
    // Closing waits for requests in flight and the job runner's current job; a request that never
    // ends or an SMTP server that never answers (nodemailer waits minutes) would keep the process,
    // and its old version, alive. Past the deadline it gives up, loudly, and the supervisor sees a
    // non-zero exit.
    const seconds = config.SHUTDOWN_DRAIN_SECONDS + config.SHUTDOWN_TIMEOUT_SECONDS;
    setTimeout(() => {
      app.log.error({ signal, seconds }, 'lukningen tog for lang tid; processen afsluttes');
      process.exit(1);
    }, seconds * 1000); // Not unref'd: should nothing else keep the process alive, it still ends it with 1.
    try {
      // Not ready from now on (GET /api/health/ready answers 503), still serving: a load balancer
      // that asks every half second has stopped sending here before the port closes.
      app.deps.lifecycle.shuttingDown = true;
      if (config.SHUTDOWN_DRAIN_SECONDS > 0) {
        app.log.info({ seconds: config.SHUTDOWN_DRAIN_SECONDS }, 'svarer "ikke klar" og betjener stadig, før porten lukkes');
        await new Promise((resolve) => setTimeout(resolve, config.SHUTDOWN_DRAIN_SECONDS * 1000));
      }
      await Promise.all([app.close(), jobsProcess?.stop()]);
      await database.close();
    } catch (error) {
      app.log.error({ err: error }, 'lukningen fejlede');
      process.exit(1);
    }
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  if (config.JOBS_PROCESS) jobsProcess = superviseJobsProcess(app.log, config.JOBS_CPUS);
  else app.deps.jobs.start(JOB_POLL_MS);

  const demo = await demoSummary(database.db);
  const lines = [
    '',
    `  Mindested kører på ${config.BASE_URL}`,
    `  Database: ${database.engine === 'pglite' ? `indbygget (PGlite) i ${config.DATA_DIR}` : 'PostgreSQL (DATABASE_URL)'}`,
  ];
  if (demo) {
    lines.push(
      `  Demo-login: brugernavn "${DEMO_LOGIN.username}", adgangskode "${DEMO_LOGIN.password}"`,
      `  Demo-kontoens QR-kode (endnu uden mindeside): ${demo.claimed[0] ?? '–'}`,
      ...demo.free.map((code) => `  Ledig QR-kode: ${code}  →  ${config.BASE_URL}/register?qrCode=${code}`),
      ...demo.memorials.map((memorial) => `  Eksempel-mindeside (${memorial.layout === 'enhanced' ? 'udvidet' : 'klassisk'}): ${config.BASE_URL}${memorial.path}`),
    );
  }
  process.stdout.write(`${lines.join('\n')}\n\n`);
}

/**
 * The job process (JOBS_PROCESS=1): the same app, never listening, running the queue until its
 * parent sends SIGTERM. It may be killed outright: a job it held is offered again when its lease
 * runs out, and an AI try's turn keeps the job from running twice (decision 0033).
 */
async function runJobs(config: ReturnType<typeof loadConfig>, database: Awaited<ReturnType<typeof openConfiguredDatabase>>) {
  const app = await buildApp({ config, db: database.db, clientDir: config.CLIENT_DIR, storage: createStorage(storageOptionsFrom(config)) });
  const stop = async () => {
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  // The parent gone (killed, crashed): its channel closes, and no orphan goes on working alone.
  process.on('disconnect', () => void stop());
  // Ctrl-C in a terminal reaches the whole group; the parent decides when the child stops.
  process.on('SIGINT', () => undefined);
  app.deps.jobs.start(JOB_POLL_MS);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirBusyError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(`Serveren kunne ikke starte: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  }
  process.exit(1);
});
