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

/** Whether any string in `value` (keys too, at any depth) is not clean. */
export function hasUncleanText(value: unknown): boolean {
  if (typeof value === 'string') return !isCleanText(value);
  if (Array.isArray(value)) return value.some(hasUncleanText);
  if (value && typeof value === 'object') {
    // Bytes (a raw body) are not text. (Not a plain-object test: Fastify's params and query are
    // objects of a class whose prototype is null.)
    if (ArrayBuffer.isView(value)) return false;
    return Object.entries(value).some(([key, inner]) => !isCleanText(key) || hasUncleanText(inner));
  }
  return false;
}
