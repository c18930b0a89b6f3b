/**
 * Generated input for the API fuzz test (src/server/api-fuzz.test.ts): a small seeded generator,
 * the same values for the same seed, so a failure printed with its seed can be run again.
 * Values follow a route's schema (as JSON Schema, from zod) closely enough to reach the handler,
 * with text from every corner of Unicode, and now and then one value made hostile: a NUL, a lone
 * surrogate, 100 kB of text, a wrong type, a number JSON can only spell as Infinity.
 */

/** mulberry32: a tiny, well-mixed 32-bit generator; `next()` is in [0, 1). */
export function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  return { next, int, pick, chance: (p: number) => next() < p };
}
export type Random = ReturnType<typeof createRandom>;

/** Whole characters a person might type or paste: Danish, astral, combining, right-to-left, odd spaces. */
const CHARACTERS = [
  ...'abcdefghijklmnopqrstuvwxyzæøåABCÆØÅ0123456789 .,-_@/%?&=#+\'"<>\\{}[]',
  ...['é', 'ü', 'ß', 'Ω', 'Ж', '中', '한', 'ई', '\u0301', '\u0308', '\u0336', '\u200b', '\u200d', '\u200e', '\u200f', '\u202e', '\u2028', '\ufeff', '\ufffd', '\t', '\n', '\r', '\u0001', '\u007f'],
  ...['😀', '👩‍👧‍👦', '🏳️‍🌈', '𝔎', '𐍈', '🕯️', 'ש', 'ל', 'ו', 'ם', 'م', 'ر', 'ح', 'ب', 'ا', '\u{10ffff}', '\u{e0001}'],
];
/** What a probe sends: refused (400) wherever it is, never a 500. */
const HOSTILE_TEXT = ['\u0000', 'a\u0000b', '\ud800', 'x\udfff', '\ud83d', '😀'.slice(0, 1) + 'x'];

export function randomText(r: Random, min = 0, max = 40): string {
  const length = r.int(min, Math.max(min, Math.min(max, min + 40)));
  let text = '';
  while ([...text].length < length) text += r.pick(CHARACTERS);
  return text;
}

/** A string that breaks a rule: a NUL, a lone surrogate, or far too long. */
export function hostileText(r: Random): string {
  if (r.chance(0.25)) return r.pick(['x', 'æ', '😀', '\u0301']).repeat(r.int(100_000, 120_000));
  return randomText(r, 0, 6) + r.pick(HOSTILE_TEXT) + randomText(r, 0, 6);
}

/** A value of the wrong kind for any field. */
export function wrongType(r: Random): unknown {
  return r.pick<() => unknown>([
    () => null,
    () => r.int(-1e9, 1e9),
    () => r.next() * 1e300,
    () => true,
    () => [],
    () => ({}),
    () => [randomText(r)],
    () => ({ [randomText(r, 1, 5)]: randomText(r) }),
    () => nested(r.int(50, 200)),
  ])();
}
const nested = (depth: number): unknown => (depth === 0 ? 'x' : [nested(depth - 1)]);

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
}

/**
 * A value shaped by `schema`; `known(key)` offers real values for fields of that name (a memorial's
 * id, a post's id) so that handlers are reached rather than stopped by a 404.
 */
export function fromSchema(r: Random, schema: JsonSchema, known: (key: string) => readonly string[], key = ''): unknown {
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) return fromSchema(r, r.pick(choices), known, key);
  if ('const' in schema) return schema.const;
  if (schema.enum) return r.pick(schema.enum);
  const type = Array.isArray(schema.type) ? r.pick(schema.type) : schema.type;
  switch (type) {
    case 'object': {
      const value: Record<string, unknown> = {};
      for (const [name, inner] of Object.entries(schema.properties ?? {})) {
        if (schema.required?.includes(name) || r.chance(0.7)) value[name] = fromSchema(r, inner, known, name);
      }
      return value;
    }
    case 'array': {
      const length = r.int(schema.minItems ?? 0, Math.min(schema.maxItems ?? 4, (schema.minItems ?? 0) + 3));
      return Array.from({ length }, () => fromSchema(r, schema.items ?? {}, known, key));
    }
    case 'integer':
    case 'number': {
      const min = schema.minimum ?? -1000;
      const max = schema.maximum ?? 1000;
      const value = min + r.next() * (max - min);
      return type === 'integer' ? Math.round(value) : value;
    }
    case 'boolean':
      return r.chance(0.5);
    case 'null':
      return null;
    case 'string': {
      const real = known(key);
      if (real.length > 0 && r.chance(0.8)) return r.pick(real);
      if (schema.format === 'uuid') return randomUuid(r);
      if (schema.format === 'email') return `${randomText(r, 1, 10).replace(/[\s@]/g, '')}@eksempel.dk`;
      return randomText(r, schema.minLength ?? 0, schema.maxLength ?? 200);
    }
    default:
      return r.chance(0.5) ? randomText(r) : wrongType(r);
  }
}

export function randomUuid(r: Random): string {
  const hex = () => r.int(0, 15).toString(16);
  const part = (n: number) => Array.from({ length: n }, hex).join('');
  return `${part(8)}-${part(4)}-4${part(3)}-a${part(3)}-${part(12)}`;
}

/** `value` with one leaf (or the whole) replaced by something hostile or of the wrong type. */
export function spoil(r: Random, value: unknown): unknown {
  const bad = () => (r.chance(0.5) ? hostileText(r) : wrongType(r));
  if (value === null || typeof value !== 'object' || r.chance(0.1)) return bad();
  if (Array.isArray(value)) {
    if (value.length === 0) return [bad()];
    const copy = [...value];
    const at = r.int(0, copy.length - 1);
    copy[at] = spoil(r, copy[at]);
    return copy;
  }
  const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  const keys = Object.keys(copy);
  // Sometimes a key of its own: unknown, or hostile itself.
  if (keys.length === 0 || r.chance(0.15)) copy[r.chance(0.5) ? hostileText(r).slice(0, 50) : randomText(r, 1, 8)] = bad();
  else {
    const key = r.pick(keys);
    copy[key] = spoil(r, copy[key]);
  }
  return copy;
}

/**
 * One path segment or query value, already %-escaped: usually a real or a random value, sometimes an
 * escape that decodes to a NUL or a lone surrogate, one that is broken, or a segment over Fastify's
 * length limit.
 */
export function urlPart(r: Random, real: readonly string[]): string {
  const roll = r.next();
  if (roll < 0.55 && real.length > 0) return encodeURIComponent(r.pick(real));
  if (roll < 0.75) return encodeURIComponent(randomText(r, 1, 30)) || 'x';
  if (roll < 0.8) return 'x'.repeat(r.int(101, 5000));
  const escape = r.pick(['%00', '%ED%A0%80', '%ED%BF%BF', '%C0%80', '%E0%A4%A', '%', '%zz', '%FF', '%F0%9F%98%80', '%2F', '%2e%2e']);
  return encodeURIComponent(randomText(r, 0, 4)) + escape + encodeURIComponent(randomText(r, 0, 4));
}

/** A JSON text for `value`, now and then with a number JSON.parse reads as Infinity or -0. */
export function jsonText(r: Random, value: unknown): string {
  const text = JSON.stringify(value) ?? 'null';
  if (!r.chance(0.05)) return text;
  return text.replace(/(?<=[:[,])-?\d+(\.\d+)?(?=[,\]}])/, r.pick(['1e309', '-1e309', '-0', '1e-400', '123456789012345678901234567890']));
}
