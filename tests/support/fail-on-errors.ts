import { afterEach, vi } from 'vitest';
import { takeUnexpectedServerErrors } from './server-errors';

/**
 * console.error, and a line the test app logged at level error, fail a test unless the test
 * expects it (ARCHITECTURE.md): an error nobody looked at is a bug nobody will find. A test that
 * expects a console error spies on console.error itself; one that expects a server error calls
 * expectServerError (server-errors.ts).
 */
const GUARD = Symbol.for('mindested.fail-on-errors');
interface Guarded {
  [GUARD]?: { unexpected: unknown[][] };
}

/**
 * Once per worker: the unit tests share a worker's modules between files (vitest.config.ts,
 * isolate false), and this file runs again for each of them; a second wrapper would count every
 * error twice. The errors go in one list on the global object, which each file's hook empties.
 */
function errorsSeen(): { unexpected: unknown[][] } {
  const global = globalThis as Guarded;
  if (global[GUARD]) return global[GUARD];
  const seen = { unexpected: [] as unknown[][] };
  global[GUARD] = seen;
  const original = console.error;
  console.error = (...args: unknown[]) => {
    if (vi.isMockFunction(console.error)) return;
    seen.unexpected.push(args);
    original(...args);
  };
  return seen;
}

const seen = errorsSeen();

afterEach(() => {
  const errors = seen.unexpected;
  seen.unexpected = [];
  const serverErrors = takeUnexpectedServerErrors();
  const lines = [
    ...(errors.length ? ['console.error was called during the test:', ...errors.map((a) => a.map(String).join(' '))] : []),
    ...(serverErrors.length ? ['The server logged errors during the test:', ...serverErrors] : []),
  ];
  if (lines.length) throw new Error(lines.join('\n'));
});
