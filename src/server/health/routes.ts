import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Deps } from '../deps';

/** A check that hangs is a failed check: a load balancer waits a few seconds, not for ever. */
const CHECK_TIMEOUT_MS = 3000;

/** Looked up, never written: a missing key answers quickly on disk and in a bucket alike. */
const STORAGE_PROBE_KEY = 'health/probe';

type Outcome = 'ok' | 'unreachable';

async function check(deps: Deps, what: string, probe: () => Promise<unknown>): Promise<Outcome> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      probe(),
      new Promise((_resolve, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
      }),
    ]);
    return 'ok';
  } catch (error) {
    deps.log.error({ err: error }, `health check: ${what} unreachable`);
    return 'unreachable';
  } finally {
    clearTimeout(timer);
  }
}

/**
 * For load balancers and scripts. Liveness: the process answers (restart it when it does not).
 * Readiness: it can serve, i.e. the database answers and it is not shutting down (send it no
 * traffic while it is not). /api/health is readiness, as it always was.
 *
 * The media storage is asked and reported, but an unreachable bucket does not make an instance
 * unready: every instance shares the one bucket, so a load balancer would take them all out at
 * once and the pages, which need only the database, would stop too. The uploads fail meanwhile
 * with their own Danish message; the pages keep serving (tests/cluster/faults.test.ts).
 */
export function healthRoutes(app: FastifyInstance, deps: Deps) {
  app.get('/api/health/live', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });

  const ready = async (_request: unknown, reply: FastifyReply) => {
    reply.header('cache-control', 'no-store');
    if (deps.lifecycle.shuttingDown) {
      return reply.code(503).send({ message: 'Serveren lukker ned.', status: 'shutting-down' });
    }
    const [database, storage] = await Promise.all([
      check(deps, 'database', () => deps.db.execute(sql`select 1`)),
      check(deps, 'storage', () => deps.storage.head(STORAGE_PROBE_KEY)),
    ]);
    if (database !== 'ok') return reply.code(503).send({ message: 'Databasen svarer ikke.', status: 'error', database, storage });
    if (storage !== 'ok') return { message: 'Lageret til billeder og filer svarer ikke.', status: 'degraded', database, storage };
    return { status: 'ok', database, storage };
  };
  app.get('/api/health/ready', ready);
  app.get('/api/health', ready);
}
