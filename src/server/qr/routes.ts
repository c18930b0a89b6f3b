import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { validateQrBody, validateQrResponse } from '../../shared/qr';
import type { Deps } from '../deps';
import { isValidCode } from './service';

export function qrRoutes(app: FastifyInstance, deps: Deps) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  // Answers only yes or no, and is rate-limited: it must not become a way to enumerate codes.
  api.post('/api/qr-codes/validate', { schema: { body: validateQrBody, response: { 200: validateQrResponse } } }, async (request) => {
    await deps.rateLimiter.consume({
      key: `qr-validate-ip:${request.ip}`,
      max: deps.config.RATE_LIMIT_QR_VALIDATE_PER_IP,
      windowMs: deps.config.RATE_LIMIT_WINDOW_MINUTES * 60_000,
    });
    return { valid: await isValidCode(deps.db, request.body.code) };
  });
}
