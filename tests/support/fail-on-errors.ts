import { afterEach, vi } from 'vitest';
import { takeUnexpectedServerErrors } from './server-errors';

/**
 * console.error, and a line the test app logged at level error, fail a test unless the test
 * expects it (ARCHITECTURE.md): an error nobody looked at is a bug nobody will find. A test that
 * expects a console error spies on console.error itself; one that expects a server error calls
 * expectServerError (server-errors.ts).
 */
let unexpected: unknown[][] = [];
const original = console.error;
console.error = (...args: unknown[]) => {
  if (vi.isMockFunction(console.error)) return;
  unexpected.push(args);
  original(...args);
};

afterEach(() => {
  const errors = unexpected;
  unexpected = [];
  const serverErrors = takeUnexpectedServerErrors();
  const lines = [
    ...(errors.length ? ['console.error was called during the test:', ...errors.map((a) => a.map(String).join(' '))] : []),
    ...(serverErrors.length ? ['The server logged errors during the test:', ...serverErrors] : []),
  ];
  if (lines.length) throw new Error(lines.join('\n'));
});
