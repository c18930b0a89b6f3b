/**
 * Every call the app registers, sent what no browser of ours sends (issue 27): JSON that is broken
 * (cut off, trailing garbage, single quotes, NaN, comments, bytes that are not UTF-8), JSON that is
 * well-formed but hostile (a NUL or half a surrogate pair escaped, duplicate keys, `__proto__` and
 * `constructor` keys, 1e400 and numbers past 2^53 in the fields that take numbers), huge (just over
 * the server's body limit, a string of 1 MB in a field, an array of 100,000), nested 10,000 deep,
 * and sent with the wrong content type. As a memorial's owner, an anonymous visitor and a staff
 * admin past the second factor (so the back office's handlers are reached too), with real ids in
 * the paths (tests/support/every-call.ts). No answer is a 5xx, every 4xx is `{ message }` in
 * Danish, and Object.prototype is as it was. api-fuzz.test.ts sends generated well-formed input.
 */
import type { InjectOptions, RouteOptions } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { answerProblem, appWithEveryCall, bodySchemaOf, brief, keepSignedIn, lateness } from '../../tests/support/every-call';
import { createUser } from '../../tests/support/factories';
import { type JsonSchema, createRandom, fromSchema } from '../../tests/support/fuzz';
import type { Cast } from '../../tests/support/memorial-cast';
import { signIn } from '../../tests/support/sign-in';
import type { TestApp } from '../../tests/support/test-app';
import { NOT_UTF8_MESSAGE } from './lib/clean-input';

/** The server's body limit (app.ts); a route may set its own. */
const BODY_LIMIT = 1024 * 1024;
const TOO_LARGE = 'Forespørgslen er for stor.';
const DEPTH = 10_000;

let routes: RouteOptions[] = [];
let t: TestApp;
let cast: Cast;
let known: Record<string, string[]> = {};
const admin = { id: '', cookie: '' };

beforeAll(async () => {
  ({ t, routes, cast, known } = await appWithEveryCall());
  const account = await createUser(t.database.db, { role: 'admin' });
  Object.assign(admin, { id: account.id, cookie: await signIn(t, account) });
}, 120_000);
afterAll(() => t.close());

/** What one case sends: a body (text or bytes) and its content type, or nothing to this call. */
interface Sent {
  payload: string | Buffer;
  contentType?: string;
}

/** What a case may build its body from: the call's body schema and a body shaped by it. */
interface Shape {
  schema: JsonSchema | undefined;
  base: Record<string, unknown>;
}

interface Case {
  name: string;
  /** `body`: to every call that may take a body; `header`: to every call, GETs too. */
  to: 'body' | 'header';
  /** Megabytes to parse: sent by the caller who gets furthest only (see callersOf). */
  heavy?: true;
  /** Never taken: what a call that reads the body answers (one refused before that, at the door, answers its own 401, 403 or 404). */
  refused?: { status: number; message: string };
  build(shape: Shape): Sent[];
}

const json = (payload: string | Buffer): Sent => ({ payload, contentType: 'application/json' });
const RAW = '"@@raw@@"';
/** The shaped body with `field` set to JSON text that JSON.stringify could never write. */
const withRaw = (base: Record<string, unknown>, field: string, raw: string) => JSON.stringify({ ...base, [field]: '@@raw@@' }).replace(RAW, () => raw);

const typesOf = (schema: JsonSchema): string[] => [schema.type ?? [], ...(schema.anyOf ?? schema.oneOf ?? []).map((inner) => inner.type ?? [])].flat();
/** The body's top-level fields of a type, or one made-up field when it has none. */
function fieldsOf(shape: Shape, ...types: string[]): string[] {
  const fields = Object.entries(shape.schema?.properties ?? {}).filter(([, inner]) => typesOf(inner).some((type) => types.includes(type)));
  return fields.length > 0 ? fields.map(([name]) => name) : ['name'];
}
const eachField = (shape: Shape, types: string[], raw: string) => fieldsOf(shape, ...types).map((field) => json(withRaw(shape.base, field, raw)));

const ONE_MB = 'å'.repeat(500_000);
const LONG_ARRAY = `[${Array.from({ length: 100_000 }, (_unused, n) => n % 10).join(',')}]`;
const DEEP_ARRAY = `${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}`;
const DEEP_OBJECT = `${'{"a":'.repeat(DEPTH)}1${'}'.repeat(DEPTH)}`;
// Just over the limit, and well-formed: only its size is wrong.
const OVER_LIMIT = JSON.stringify({ name: 'x'.repeat(BODY_LIMIT) });

const CASES: Case[] = [
  // Broken JSON: the parser's 400.
  { name: 'truncated', to: 'body', build: () => [json('{"name": "Ka'), json('{"name": "Karen", "message": ')] },
  { name: 'trailing garbage', to: 'body', build: ({ base }) => [json(`${JSON.stringify(base)} x`), json(`${JSON.stringify(base)}}`)] },
  { name: 'single quotes', to: 'body', build: () => [json("{'name': 'Karen'}")] },
  { name: 'NaN and Infinity', to: 'body', build: (shape) => [...eachField(shape, ['number', 'integer'], 'NaN'), ...eachField(shape, ['number', 'integer'], '-Infinity')] },
  { name: 'byte order mark', to: 'body', build: ({ base }) => [json(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(JSON.stringify(base))]))] },
  { name: 'comments', to: 'body', build: ({ base }) => [json(`/* c */ ${JSON.stringify(base)}`), json(`${JSON.stringify(base)} // c`)] },
  {
    name: 'invalid UTF-8',
    to: 'body',
    refused: { status: 400, message: NOT_UTF8_MESSAGE },
    build: ({ base }) => [json(Buffer.concat([Buffer.from('{"name": "Ka'), Buffer.from([0xff, 0xfe, 0xc3, 0x28, 0xed, 0xa0, 0x80]), Buffer.from(`", "rest": ${JSON.stringify(base)}}`)]))],
  },
  // Well-formed, but text the database cannot take: refused at the door (lib/clean-input.ts).
  { name: 'lone surrogate escaped', to: 'body', build: (shape) => [...eachField(shape, ['string'], '"Ka\\ud800ren"'), json('{"\\udc00": 1}')] },
  { name: 'NUL escaped', to: 'body', build: (shape) => [...eachField(shape, ['string'], '"Ka\\u0000ren"'), json('{"na\\u0000me": "Karen"}')] },
  {
    name: 'duplicate keys',
    to: 'body',
    build: ({ base }) =>
      Object.keys({ name: 1, ...base }).slice(0, 2).map((key) => {
        const text = JSON.stringify(base);
        // The second of two values wins in JSON.parse: a good one after a bad one, and a bad one after a good one.
        return json(text.length > 2 ? `{${JSON.stringify(key)}: {"x": [1]}, ${text.slice(1, -1)}, ${JSON.stringify(key)}: 12345678901234567890123}` : `{"${key}": 1, "${key}": [2]}`);
      }),
  },
  {
    name: 'prototype keys',
    to: 'body',
    build: ({ base }) =>
      ['{"__proto__": {"polluted": "ja"}}', '{"constructor": {"prototype": {"polluted": "ja"}}}', '{"prototype": {"polluted": "ja"}}', '{"a": {"__proto__": {"polluted": "ja"}}}'].map((extra) =>
        json(`{${[JSON.stringify(base).slice(1, -1), extra.slice(1, -1)].filter(Boolean).join(', ')}}`),
      ),
  },
  {
    name: 'numbers past what a number holds',
    to: 'body',
    build: (shape) => ['1e400', '-0', '12345678901234567890123'].flatMap((raw) => eachField(shape, ['number', 'integer'], raw)),
  },
  // Huge.
  { name: 'just over the body limit', to: 'body', build: () => [json(OVER_LIMIT)] },
  { name: 'a string of 1 MB', to: 'body', heavy: true, build: (shape) => [json(withRaw(shape.base, fieldsOf(shape, 'string')[0]!, JSON.stringify(ONE_MB)))] },
  { name: 'an array of 100,000', to: 'body', heavy: true, build: (shape) => [json(withRaw(shape.base, fieldsOf(shape, 'array', 'string')[0]!, LONG_ARRAY))] },
  // Nested 10,000 deep, closed and not.
  { name: 'nested 10,000 deep', to: 'body', heavy: true, build: () => [json(DEEP_ARRAY), json(DEEP_OBJECT), json('['.repeat(DEPTH)), json('{"a":'.repeat(DEPTH))] },
  // The wrong kind of body for the call.
  { name: 'JSON null, number, string, array', to: 'body', build: ({ base }) => ['null', '42', '"Karen"', `[${JSON.stringify(base)}]`, 'true'].map(json) },
  // Content types.
  { name: 'JSON as text/plain', to: 'header', build: ({ base }) => [{ payload: JSON.stringify(base), contentType: 'text/plain' }] },
  { name: 'JSON as a form', to: 'header', build: ({ base }) => [{ payload: JSON.stringify(base), contentType: 'application/x-www-form-urlencoded' }, { payload: 'name=Karen&name[__proto__][x]=1', contentType: 'application/x-www-form-urlencoded' }] },
  { name: 'multipart without a boundary', to: 'header', build: ({ base }) => [{ payload: JSON.stringify(base), contentType: 'multipart/form-data' }] },
  { name: 'charset latin1', to: 'header', refused: { status: 415, message: NOT_UTF8_MESSAGE }, build: ({ base }) => [{ payload: Buffer.from(JSON.stringify({ ...base, name: 'Søren Ærø' }), 'latin1'), contentType: 'application/json; charset=latin1' }] },
  { name: 'empty JSON body', to: 'header', build: () => [{ payload: '', contentType: 'application/json' }] },
  { name: 'unknown content type', to: 'header', build: ({ base }) => [{ payload: JSON.stringify(base), contentType: 'application/x-mindested' }, { payload: JSON.stringify(base), contentType: 'ikke en type' }] },
];

const BODYLESS = new Set(['GET', 'HEAD']);
const ENGLISH = /\b(?:the|must|expected|unexpected|invalid|required|should|cannot|unsupported|error|body|request|token|position|payload)\b/i;

function shapeOf(route: RouteOptions, method: string): Shape {
  const schema = bodySchemaOf(route, method);
  const knownFor = (key: string) => known[key] ?? [];
  const base = schema ? fromSchema(createRandom(20261127), schema, knownFor) : {};
  return { schema, base: base && typeof base === 'object' && !Array.isArray(base) ? (base as Record<string, unknown>) : {} };
}

const NOTHING = '00000000-0000-4000-8000-000000000000';
/**
 * Real ids, so that a body that passes its schema reaches the handler. A GET's body is not read at
 * all, so its path names nothing: its handler's own work (a sheet of QR codes as a PDF takes a
 * second) would add nothing but time.
 */
const pathOf = (route: RouteOptions, method: string) =>
  route.url.replace(/:(\w+)|\*/g, (_all, name: string | undefined) => (BODYLESS.has(method) ? NOTHING : name ? (known[name]?.[0] ?? NOTHING) : 'uploads/x.jpg'));

/**
 * An anonymous visitor everywhere, and whoever gets furthest: the staff admin (past the second
 * factor) in the back office, elsewhere the memorial's owner. (The owner in the back office, or
 * the admin on a memorial they are no member of, is turned away as the visitor is.) The megabyte
 * cases go only to the latter: the parsing they test is the same for both.
 */
const callersOf = (route: RouteOptions) => [route.url.startsWith('/api/admin/') ? { name: 'admin', person: admin } : { name: 'owner', person: cast.owner }, { name: 'visitor', person: undefined }];

it(
  'answers malformed, huge and deeply nested bodies and wrong content types to every call with a Danish 4xx, never a 5xx',
  async () => {
    const prototypeBefore = Object.getOwnPropertyNames(Object.prototype).sort();
    const calls = routes.filter((route) => route.method !== 'HEAD').sort((a, b) => lateness(a) - lateness(b));
    expect(calls.length).toBeGreaterThan(50);
    const failures: string[] = [];
    const statuses = new Map<string, Map<number, number>>();
    const messages = new Set<string>();
    const took = new Map<string, number>();
    let requests = 0;
    let tooLarge = 0;
    let notUtf8 = 0;
    for (const route of calls) {
      for (const method of [route.method].flat()) {
        const shape = shapeOf(route, method);
        const url = pathOf(route, method);
        for (const { name: caller, person } of callersOf(route)) {
          for (const one of CASES) {
            if (one.to === 'body' && BODYLESS.has(method)) continue;
            if (one.heavy && !person) continue;
            // A GET's body is never read: what it does with one is the same for anyone.
            if (BODYLESS.has(method) && person) continue;
            for (const sent of one.build(shape)) {
              const request: InjectOptions = {
                method: method as InjectOptions['method'],
                url,
                payload: sent.payload,
                headers: { ...(person ? { cookie: person.cookie } : {}), ...(sent.contentType ? { 'content-type': sent.contentType } : {}) },
              };
              const started = performance.now();
              const response = await t.request(request);
              took.set(one.name, (took.get(one.name) ?? 0) + performance.now() - started);
              requests += 1;
              const seen = statuses.get(one.name) ?? new Map<number, number>();
              seen.set(response.statusCode, (seen.get(response.statusCode) ?? 0) + 1);
              statuses.set(one.name, seen);
              let problem = answerProblem(response);
              if (!problem && response.statusCode >= 400) {
                const { message } = response.json<{ message: string }>();
                messages.add(message);
                if (ENGLISH.test(message)) problem = `${response.statusCode} not in Danish`;
              }
              // Over the server's limit is refused as such, wherever no route has a larger one of its own.
              if (!problem && sent.payload === OVER_LIMIT && !BODYLESS.has(method) && (route.bodyLimit ?? BODY_LIMIT) <= BODY_LIMIT) {
                tooLarge += 1;
                if (response.statusCode !== 413 || response.json<{ message: string }>().message !== TOO_LARGE) problem = `${response.statusCode} instead of 413`;
              }
              // Letters in another charset, or broken bytes, are refused rather than kept as U+FFFD.
              if (!problem && one.refused && !BODYLESS.has(method)) {
                if (response.statusCode < 400) problem = `${response.statusCode}: taken`;
                else if (response.statusCode === one.refused.status) {
                  notUtf8 += 1;
                  if (response.json<{ message: string }>().message !== one.refused.message) problem = `${response.statusCode} without the UTF-8 message`;
                }
              }
              if (problem) failures.push(`${problem} for ${method} ${route.url} as ${caller}, ${one.name}: ${brief(sent.payload)} → ${brief(response.body)}`);
            }
          }
          if (person) await keepSignedIn(t, person);
        }
      }
    }

    const summary = [...statuses].map(([name, seen]) => `  ${name.padEnd(36)} ${String(Math.round(took.get(name) ?? 0)).padStart(6)} ms  ${[...seen].sort(([a], [b]) => a - b).map(([status, n]) => `${status}×${n}`).join(' ')}`);
    const fives = [...statuses.values()].reduce((sum, seen) => sum + [...seen].filter(([status]) => status >= 500).reduce((n, [, count]) => n + count, 0), 0);
    console.log(
      `${calls.length} calls, ${CASES.length} cases, a visitor and the owner or admin: ${requests} requests, ${fives} × 5xx\n${summary.join('\n')}\nmessages: ${[...messages].join(' | ')}`,
    );
    expect(failures).toEqual([]);
    expect(tooLarge).toBeGreaterThan(50);
    expect(notUtf8).toBeGreaterThan(50);
    // Neither `__proto__` nor `constructor.prototype` reached an object's prototype.
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeBefore);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  },
  240_000,
);
