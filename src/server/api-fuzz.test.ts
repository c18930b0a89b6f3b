/**
 * Every call the app registers, sent generated input (tests/support/fuzz.ts) as a memorial's owner
 * and as an anonymous visitor, with real ids where a path names something so that the handlers are
 * reached: no answer is a 5xx, and every 4xx is `{ message }` in the shape ARCHITECTURE.md gives.
 * Real database (embedded, or PostgreSQL with DATABASE_URL), where a NUL, a year 0 and the like
 * used to fail. FUZZ_SEED=n runs another seed; a failure prints its seed.
 */
import type { InjectOptions, RouteOptions } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { createCode } from '../../tests/support/factories';
import { type JsonSchema, createRandom, fromSchema, hostileText, jsonText, type Random, spoil, urlPart, wrongType } from '../../tests/support/fuzz';
import { type Cast, castMemorial } from '../../tests/support/memorial-cast';
import { givePremium } from '../../tests/support/premium';
import { signIn } from '../../tests/support/sign-in';
import { type TestApp, createTestApp } from '../../tests/support/test-app';
import { youtubeMediaBody } from '../shared/media-api';
import { memoryBody } from '../shared/posts-api';

const SEED = Number(process.env.FUZZ_SEED ?? 20261101);
const CASES_PER_ROUTE = 30;
const MANY = '1000000';

const routes: RouteOptions[] = [];
let t: TestApp;
let cast: Cast;
const known: Record<string, string[]> = {};

/** Bodies read by the handler rather than the route's schema (they may come as multipart). */
const HANDLER_BODIES: Record<string, z.ZodType> = {
  'POST /api/memorials/:id/memories': memoryBody,
  'POST /api/memorials/:id/media': youtubeMediaBody,
};

beforeAll(async () => {
  // Limits out of the way: the point is to reach the handlers, not to be told to wait.
  const env = Object.fromEntries(
    ['LOGIN_PER_IP', 'LOGIN_FAILURES_PER_ACCOUNT', 'REGISTER_PER_IP', 'RESET_PER_IP', 'RESET_PER_ACCOUNT', 'QR_VALIDATE_PER_IP', 'QR_LOOKUP_PER_IP', 'CONTACT_PER_IP', 'CONSENT_PER_IP', 'POSTS_PER_IP', 'POSTS_PER_MEMORIAL'].map((name) => [`RATE_LIMIT_${name}`, MANY]),
  );
  t = await createTestApp(env, { onRoute: (route) => void routes.push(route) });
  cast = await castMemorial(t);
  // With Premium, so the film below is kept and its calls are reached.
  await givePremium(t.database.db, cast.memorial.id);
  const owner = { cookie: cast.owner.cookie };
  const second = await t.request({ method: 'POST', url: '/api/memorials', headers: owner, payload: { name: 'Ole Hansen', privacy: 'private', birthDate: '1931-02-28' } });
  const candle = await t.request({ method: 'POST', url: `/api/memorials/${cast.memorial.id}/candles`, payload: { name: 'Mette', message: 'Tak', website: '' } });
  const video = await t.request({ method: 'POST', url: `/api/memorials/${cast.memorial.id}/media`, headers: owner, payload: { youtubeUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', caption: 'Sang' } });
  const invitation = await t.request({ method: 'POST', url: `/api/memorials/${cast.memorial.id}/invitations`, headers: owner, payload: { email: 'datter@eksempel.dk' } });
  const notifications = await t.request({ method: 'GET', url: '/api/notifications', headers: owner });
  for (const response of [second, candle, video, invitation, notifications]) expect(response.statusCode, response.body).toBeLessThan(300);
  const held = await createCode(t.database.db, { status: 'claimed', claimedBy: cast.owner.id });
  const free = await createCode(t.database.db, { status: 'shipped' });

  const memorials = [cast.memorial.id, cast.memorial.slug, second.json<{ id: string }>().id];
  const people = [cast.owner, cast.coadmin, cast.viewer, cast.stranger];
  Object.assign(known, {
    id: [...memorials, ...notifications.json<{ notifications: { id: string }[] }>().notifications.map((n) => n.id)],
    memorial: memorials,
    secondMemorial: memorials,
    code: [held.code, free.code],
    userId: people.map((p) => p.id),
    usernameOrEmail: people.flatMap((p) => [p.username, p.email]),
    mediaId: [video.json<{ id: string }>().id],
    invitationId: [invitation.json<{ id: string }>().id],
    ids: [candle.json<{ id: string }>().id],
    youtubeUrl: ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'https://youtu.be/dQw4w9WgXcQ'],
    // Shaped as the schemas want, so that the call goes on to the database with them.
    birthDate: ['1941-03-02', '0001-01-01', '9999-12-31', '2000-02-29', '0000-05-01', '1999-02-31'],
    deathDate: ['2024-11-30', '0001-01-01', '9999-12-31', '1900-02-29'],
    date: ['1950', '1950-06', '1950-06-14', '0001', '9999-12-31', '0000', '2023-02-29'],
    email: ['ny.person@eksempel.dk', 'åse@eksempel.dk', cast.owner.email, 'x@y'],
    username: ['anna.hansen', 'Åse_12', cast.owner.username, 'ab'],
    token: ['A'.repeat(43), 'abcdefghijklmnopqrstuvwxyz-_0123456789', 'åøæåøæåøæåøæåøæåøæåøæåøæ'],
  });
}, 120_000);
afterAll(() => t.close());

const jsonSchemaOf = (schema: unknown): JsonSchema | undefined =>
  schema ? (z.toJSONSchema(schema as z.ZodType, { io: 'input', unrepresentable: 'any' }) as JsonSchema) : undefined;
const knownFor = (key: string) => known[key] ?? [];

/** What gives a memorial away or deletes it goes last, so that the calls before it reach their handlers. */
function lateness(route: RouteOptions): number {
  const url = route.url;
  if (url.endsWith('/restore')) return 3;
  if (route.method === 'DELETE') return 2;
  if (url.endsWith('/owner')) return 1;
  return 0;
}

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
  const bodySchema = jsonSchemaOf(schema.body ?? HANDLER_BODIES[`${method} ${route.url}`]);
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

/**
 * Logging out, logging in, registering and setting up an account each end the session the caller
 * came with (even when they then fail: auth/setup-routes.ts), so the owner signs in again after them.
 */
async function keepOwnerSignedIn() {
  const user = await t.request({ method: 'GET', url: '/api/user', headers: { cookie: cast.owner.cookie } });
  if (user.statusCode !== 200) cast.owner.cookie = await signIn(t, cast.owner);
}

/** A short, printable account of a request or an answer for the failure report. */
const brief = (value: unknown) => {
  const text = typeof value === 'string' ? value : Buffer.isBuffer(value) ? value.toString('utf8') : JSON.stringify(value);
  return text && text.length > 300 ? `${text.slice(0, 300)}… (${text.length} characters)` : text;
};
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
          let problem: string | undefined;
          if (response.statusCode >= 500) problem = `${response.statusCode}`;
          else if (response.statusCode >= 400) {
            let body: unknown;
            try {
              body = response.json();
            } catch {
              body = undefined;
            }
            const shape = z.strictObject({ message: z.string().min(1), field: z.string().optional(), duplicates: z.array(z.string()).optional() });
            if (!shape.safeParse(body).success) problem = `${response.statusCode} not { message }`;
          }
          if (problem) failures.push(`${problem} for ${name} case ${n} (FUZZ_SEED=${SEED}): ${request.method} ${brief(request.url)} ${brief(request.payload) ?? ''} → ${brief(response.body)}`);
        }
        await keepOwnerSignedIn();
      }
    }
    expect(failures).toEqual([]);
    // Generated input that only ever bounced off the schemas would prove little.
    expect(reached).toBeGreaterThan(calls.length);
  },
  120_000,
);
