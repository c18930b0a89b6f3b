/**
 * `npm run cluster -- --instances 3 [--port 3000]`: the production layout on one machine. Builds
 * like `npm start`, then starts the instances on the ports after PORT and HAProxy on PORT, all on
 * loopback, with the settings of this shell and .env (DATABASE_URL must be PostgreSQL; the media in
 * a bucket, S3_*, or in one DATA_DIR with MEDIA_ON_LOCAL_DISK=1, which only instances on the same
 * machine can share). Ctrl-C stops them all, each draining first.
 */
import { parseArgs } from 'node:util';
import { loadDotEnv } from '../server/config';
import { startCluster } from './cluster';

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(2);
}

async function main() {
  const { values } = parseArgs({ options: { instances: { type: 'string', default: '3' }, port: { type: 'string' } } });
  loadDotEnv();
  const instances = Number(values.instances);
  const port = Number(values.port ?? process.env.PORT ?? 3000);
  if (!Number.isInteger(instances) || instances < 1 || instances > 32) fail('--instances skal være et helt tal fra 1 til 32.');
  if (!Number.isInteger(port) || port < 1 || port + instances > 65535) fail('--port skal være en ledig port (1–65535).');

  const cluster = await startCluster({
    instances,
    port,
    env: process.env,
    onLine: (who, line) => process.stdout.write(`[${who}] ${line}\n`),
  }).catch((error: unknown) => fail(error instanceof Error ? error.message : String(error)));

  process.stdout.write(
    [
      '',
      `  Mindested kører på ${cluster.url} (HAProxy) med ${instances} instanser:`,
      ...cluster.instances.map((instance) => `    ${instance.name}: ${instance.url}`),
      '  Ctrl-C stopper dem alle.',
      '',
    ].join('\n'),
  );

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    process.stdout.write('  Stopper instanserne (de melder sig ikke klar og afslutter det, de er i gang med) …\n');
    await cluster.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
  // An instance that dies is not restarted here: that is a supervisor's work (systemd), and HAProxy
  // sends its visitors to the others meanwhile.
}

void main();
