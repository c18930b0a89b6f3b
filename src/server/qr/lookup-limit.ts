/**
 * What naming a QR code costs a caller: every call that looks a code up counts against one limit
 * per address (RATE_LIMIT_QR_LOOKUP_PER_IP), so guessing codes costs the guesser, not the database.
 * The QR calls count here, and so does a memorial asked for by its code (/api/memorials/{code}…
 * and the page /memorial/{code}), which is a look-up of the code like any other. Counted in memory
 * and written in batches (lib/batched-rate-limit.ts), so the count itself is no round trip.
 */
import type { FastifyRequest } from 'fastify';
import { parseCode } from '../../shared/qr-code';
import type { Deps } from '../deps';

export function countCodeLookup(deps: Deps, request: FastifyRequest): Promise<void> {
  const { config } = deps;
  return deps.lookupLimiter.consume({ key: `qr-lookup-ip:${request.ip}`, max: config.RATE_LIMIT_QR_LOOKUP_PER_IP, windowMs: config.RATE_LIMIT_WINDOW_MINUTES * 60_000 });
}

/** Counts the look-up when `key` (a memorial's id, address or code, as a caller wrote it) is a code. */
export async function countIfCode(deps: Deps, request: FastifyRequest, key: unknown): Promise<void> {
  if (typeof key === 'string' && parseCode(key)) await countCodeLookup(deps, request);
}
