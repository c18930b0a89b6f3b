/**
 * Every call the app registers, sent generated input (tests/support/fuzz.ts) as a memorial's owner
 * and as an anonymous visitor, with real ids where a path names something so that the handlers are
 * reached (tests/support/every-call.ts): no answer is a 5xx, and every 4xx is `{ message }` in the
 * shape ARCHITECTURE.md gives. Real database (embedded, or PostgreSQL with DATABASE_URL), where a
 * NUL, a year 0 and the like used to fail. FUZZ_SEED=n runs another seed; a failure prints its seed.
 * Malformed, huge and deeply nested bodies and wrong content types: api-malformed.test.ts.
 */
import type { InjectOptions, RouteOptions } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Cast } from '../../tests/support/memorial-cast';
import { answerProblem, appWithEveryCall, bodySchemaOf, brief, jsonSchemaOf, keepSignedIn, lateness } from '../../tests/support/every-call';
import { createRandom, fromSchema, hostileText, jsonText, type Random, spoil, urlPart, wrongType } from '../../tests/support/fuzz';
import type { TestApp } from '../../tests/support/test-app';

const SEED = Number(process.env.FUZZ_SEED ?? 20261101);
const CASES_PER_ROUTE = 30;

let routes: RouteOptions[] = [];
let t: TestApp;
let cast: Cast;
let known: Record<string, string[]> = {};

beforeAll(async () => {
  ({ t, routes, cast, known } = await appWithEveryCall());
}, 120_000);
afterAll(() => t.close());

const knownFor = (key: string) => known[key] ?? [];

/** A multipart body of text fields, as a browser's FormData sends it. */
function multipart(fields: Record<string, unknown>): Pick<InjectOptions, 'payload' | 'headers'> {
  const boundary = '----mindested-fuzz';
  const parts = Object.entries(fields).map(([name, value]) => `--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${String(value)}\r\n`);
  return { payload: Buffer.from(`${parts.join('')}--${boundary}--\r\n`), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

function requestFor(r: Random, route: RouteOptions, method: string, caller: 'owner' | 'visitor'): InjectOptions {
  const schema = (route.schema ?? {}) as Record<string, unknown>;
  const path = route.url.replace(/:(\w+)|\*/g, (_all, name: string | undefined) => urlPart(r, name ? knownFor(name) : ['uploads/x.jpg']));

  const query = jsonSchemaOf(schema.querystring);
  const pairs: string[] = [];
  if (query) {
    const value = fromSchema(r, query, knownFor) as Record<string, unknown>;
    for (const [key, inner] of Object.entries(value)) pairs.push(`${key}=${urlPart(r, [String(inner)])}`);
  }
  if (r.chance(0.15)) pairs.push(`${urlPart(r, [])}=${urlPart(r, [])}`);
  const url = pairs.length > 0 ? `${path}?${pairs.join('&')}` : path;

  const headers: Record<string, string> = caller === 'owner' ? { cookie: cast.owner.cookie } : {};
  const bodySchema = bodySchemaOf(route, method);
  if (method === 'GET') return { method, url, headers };
  let body: unknown;
  if (bodySchema) {
    const shaped = fromSchema(r, bodySchema, knownFor);
    const roll = r.next();
    body = roll < 0.5 ? shaped : roll < 0.9 ? spoil(r, shaped) : r.chance(0.5) ? hostileText(r) : wrongType(r);
    if (!schema.body && body && typeof body === 'object' && !Array.isArray(body) && r.chance(0.3)) {
      const form = multipart(body as Record<string, unknown>);
      return { method, url, payload: form.payload, headers: { ...headers, ...form.headers } };
    }
  } else if (r.chance(0.3)) body = spoil(r, {});
  if (body === undefined) return { method, url, headers };
  return { method, url, payload: jsonText(r, body), headers: { ...headers, 'content-type': 'application/json' } };
}

const seedOf = (route: string) => [...route].reduce((hash, c) => Math.imul(hash ^ c.charCodeAt(0), 16777619) >>> 0, SEED);

it(
  'answers generated input to every call without a 5xx, and every 4xx as { message }',
  async () => {
    const calls = routes.filter((route) => route.method !== 'HEAD').sort((a, b) => lateness(a) - lateness(b));
    expect(calls.length).toBeGreaterThan(50);
    const failures: string[] = [];
    let reached = 0;
    for (const route of calls) {
      const methods = [route.method].flat();
      for (const method of methods) {
        const name = `${method} ${route.url}`;
        const r = createRandom(seedOf(name));
        for (let n = 0; n < CASES_PER_ROUTE; n += 1) {
          const request = requestFor(r, route, method, n % 2 === 0 ? 'owner' : 'visitor');
          const response = await t.request(request);
          if (response.statusCode < 400) reached += 1;
          const problem = answerProblem(response);
          if (problem) failures.push(`${problem} for ${name} case ${n} (FUZZ_SEED=${SEED}): ${request.method} ${brief(request.url)} ${brief(request.payload) ?? ''} → ${brief(response.body)}`);
        }
        await keepSignedIn(t, cast.owner);
      }
    }
    expect(failures).toEqual([]);
    // Generated input that only ever bounced off the schemas would prove little.
    expect(reached).toBeGreaterThan(calls.length);
  },
  240_000,
);
