/**
 * Lines the test apps of this file logged at level error or above (test-app.ts writes them here).
 * An error the server logged is a bug nobody would look at in a passing run, so every test fails
 * on one (fail-on-errors.ts) unless it said beforehand that it expects it.
 */
let logged: string[] = [];
let expected: RegExp[] = [];

export function recordServerLogLine(line: string) {
  logged.push(line);
}

/** Every line logged since the last check, for a test that reads the log itself (one at a verbose level). */
export function loggedLines(): readonly string[] {
  return logged;
}

/** The current test provokes a server error on purpose; lines matching `pattern` do not fail it. */
export function expectServerError(pattern: RegExp) {
  expected.push(pattern);
}

/** The lines logged since the last call that no test expected; clears both lists. */
export function takeUnexpectedServerErrors(): string[] {
  const unexpected = logged.filter((line) => !expected.some((pattern) => pattern.test(line)));
  logged = [];
  expected = [];
  return unexpected;
}
