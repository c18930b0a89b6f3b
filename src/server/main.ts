/** Starts the product: config → database → app → listen. */
import { randomBytes } from 'node:crypto';
import { buildApp } from './app';
import { ConfigError, loadConfig, loadDotEnv } from './config';
import { DataDirBusyError } from './db/data-dir-lock';
import { openConfiguredDatabase } from './db/open';
import { createStorage, storageOptionsFrom } from './lib/storage';
import { sweepUploadFolders } from './lib/upload-folders';
import { DEMO_LOGIN, demoSummary, seedDemoIfEmpty } from './seed';

const JOB_POLL_MS = 1000;

async function main() {
  loadDotEnv();
  const config = loadConfig();
  const database = await openConfiguredDatabase(config, 'serveren');
  const now = () => new Date();
  // One storage for the seed (the demo photos) and the app that serves them.
  const storage = createStorage(storageOptionsFrom(config));
  if (database.engine === 'pglite' || config.SEED_DEMO) await seedDemoIfEmpty(database.db, { randomBytes, now, storage });

  const app = await buildApp({
    config,
    db: database.db,
    clientDir: config.CLIENT_DIR,
    storage,
  });
  // Uploads a crashed or killed server was receiving left their temporary folders behind.
  const swept = await sweepUploadFolders().catch((error: unknown) => app.log.error({ err: error }, 'could not sweep old upload folders'));
  if (swept) app.log.info({ swept }, 'removed upload folders left behind by servers that stopped');

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'lukker ned');
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  app.deps.jobs.start(JOB_POLL_MS);

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

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirBusyError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(`Serveren kunne ikke starte: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  }
  process.exit(1);
});
