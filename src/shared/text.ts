/**
 * Text that can be stored. PostgreSQL refuses a NUL (U+0000) in any text value (the statement fails:
 * a 500 for the caller), and a lone UTF-16 surrogate (half of an emoji, e.g. "\ud800" in JSON) has no
 * UTF-8 form: the database driver would quietly store U+FFFD in its place. Neither is ever typed by
 * a person, so both are refused at the door as the caller's mistake (server/lib/clean-input.ts).
 */
export const UNCLEAN_TEXT_MESSAGE = 'Teksten indeholder et ugyldigt tegn.';

// A high surrogate not followed by a low one, or a low one not after a high one. (String's own
// isWellFormed() is ES2024: newer than the ES2023 this project compiles against, and than some
// browsers still in use; this module is shared with the client.)
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function isCleanText(value: string): boolean {
  return !value.includes('\u0000') && !LONE_SURROGATE.test(value);
}

/**
 * Whether any string in `value` (keys too, at any depth) is not clean. Walked with a list rather
 * than by recursion: a JSON body nested 10,000 deep (which JSON.parse reads without trouble) would
 * overflow the call stack, a 500 instead of the caller's 400 (api-malformed.test.ts).
 */
export function hasUncleanText(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === 'string') {
      if (!isCleanText(next)) return true;
    } else if (Array.isArray(next)) {
      for (const inner of next) pending.push(inner);
    } else if (next && typeof next === 'object' && !ArrayBuffer.isView(next)) {
      // Bytes (a raw body) are not text. (Not a plain-object test: Fastify's params and query are
      // objects of a class whose prototype is null.)
      for (const [key, inner] of Object.entries(next)) {
        if (!isCleanText(key)) return true;
        pending.push(inner);
      }
    }
  }
  return false;
}
