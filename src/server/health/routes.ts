import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps';

/** For load balancers and scripts: 200 while the database answers, 503 when it does not. */
export function healthRoutes(app: FastifyInstance, deps: Deps) {
  app.get('/api/health', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    try {
      await deps.db.execute(sql`select 1`);
      return { status: 'ok', database: 'ok' };
    } catch (error) {
      deps.log.error({ err: error }, 'health check: database unreachable');
      return reply.code(503).send({ message: 'Databasen svarer ikke.', status: 'error', database: 'unreachable' });
    }
  });
}
