import type { DuplicateField } from '../../shared/auth';

/**
 * An error meant for the person using the product: its message is Danish and is sent as it is.
 * Anything else thrown in a handler becomes a 500 with a general Danish sentence, never a stack.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly extra: { field?: string; duplicates?: DuplicateField[]; retryAfterSeconds?: number } = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string, field?: string) => new HttpError(400, message, field ? { field } : {});
export const unauthorized = (message = 'Du skal være logget ind.') => new HttpError(401, message);
export const forbidden = (message = 'Du har ikke adgang til dette.') => new HttpError(403, message);
export const notFound = (message = 'Ikke fundet.') => new HttpError(404, message);
export const conflict = (message: string, duplicates?: DuplicateField[]) =>
  new HttpError(409, message, duplicates ? { duplicates } : {});

export function tooManyRequests(retryAfterSeconds: number): HttpError {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  const when = minutes === 1 ? 'om et minut' : `om ${minutes} minutter`;
  return new HttpError(429, `For mange forsøg. Prøv igen ${when}.`, { retryAfterSeconds });
}

/**
 * Whether a database error (or one it wraps: Drizzle puts the driver's error in `cause`) is a
 * unique-constraint violation, optionally of one named index.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    const { code, constraint: name } = e as { code?: string; constraint?: string };
    if (code === '23505') return !constraint || name === constraint || String((e as Error).message ?? '').includes(constraint);
  }
  return false;
}

/** PostgreSQL's "cannot serve now" (shutting down, starting up, the connection lost) and the driver's own. */
const DATABASE_GONE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', '57P01', '57P02', '57P03', '08000', '08001', '08003', '08006']);
const DATABASE_GONE_MESSAGES = /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection is closed/;

/**
 * Whether an error (or one it wraps) says the database could not be reached, as during a restart
 * of PostgreSQL: answered 503 with a Danish "try again", and the pool reconnects by itself.
 */
export function isDatabaseUnreachable(error: unknown): boolean {
  for (let at: unknown = error, depth = 0; at && depth < 5; at = (at as { cause?: unknown }).cause, depth++) {
    const { code, message } = at as { code?: string; message?: string };
    if ((code && DATABASE_GONE_CODES.has(code)) || (message && DATABASE_GONE_MESSAGES.test(message))) return true;
  }
  return false;
}
