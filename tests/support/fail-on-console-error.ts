import { afterEach, vi } from 'vitest';

/**
 * console.error fails a test unless the test expects it (ARCHITECTURE.md): an error nobody
 * looked at is a bug nobody will find. A test that expects one spies on console.error itself.
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
  if (errors.length > 0) throw new Error(`console.error was called during the test:\n${errors.map((a) => a.map(String).join(' ')).join('\n')}`);
});
