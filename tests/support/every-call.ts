/**
 * The app with every call it registers listed (createTestApp's onRoute) and a scene in which a
 * call's path can name real things: a memorial with its cast (Premium, so a film is kept), a second
 * memorial, a candle, a film, an invitation, a notification and two QR codes. For the tests that
 * send something to every call (api-fuzz.test.ts, api-malformed.test.ts), so their handlers are
 * reached instead of stopped by a 404 or a rate limit.
 */
import type { LightMyRequestResponse, RouteOptions } from 'fastify';
import { expect } from 'vitest';
import { z } from 'zod';
import { youtubeMediaBody } from '../../src/shared/media-api';
import { memoryBody } from '../../src/shared/posts-api';
import { createCode } from './factories';
import type { JsonSchema } from './fuzz';
import { type Cast, castMemorial } from './memorial-cast';
import { givePremium } from './premium';
import { signIn } from './sign-in';
import { type TestApp, createTestApp } from './test-app';

const MANY = '1000000';

/** Limits out of the way: the point is to reach the handlers, not to be told to wait. */
export const RATE_LIMITS_OFF: Record<string, string> = Object.fromEntries(
  ['LOGIN_PER_IP', 'LOGIN_FAILURES_PER_ACCOUNT', 'REGISTER_PER_IP', 'RESET_PER_IP', 'RESET_PER_ACCOUNT', 'QR_VALIDATE_PER_IP', 'QR_LOOKUP_PER_IP', 'CONTACT_PER_IP', 'CONSENT_PER_IP', 'POSTS_PER_IP', 'POSTS_PER_MEMORIAL'].map((name) => [`RATE_LIMIT_${name}`, MANY]),
);

/** Bodies read by the handler rather than the route's schema (they may come as multipart). */
export const HANDLER_BODIES: Record<string, z.ZodType> = {
  'POST /api/memorials/:id/memories': memoryBody,
  'POST /api/memorials/:id/media': youtubeMediaBody,
};

export interface EveryCall {
  t: TestApp;
  /** Every route as the app registered it, HEAD included. */
  routes: RouteOptions[];
  cast: Cast;
  /** Real values by the name of the path parameter or body field that takes them. */
  known: Record<string, string[]>;
}

export async function appWithEveryCall(env: Record<string, string> = {}): Promise<EveryCall> {
  const routes: RouteOptions[] = [];
  const t = await createTestApp({ ...RATE_LIMITS_OFF, ...env }, { onRoute: (route) => void routes.push(route) });
  const cast = await castMemorial(t);
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
  const known: Record<string, string[]> = {
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
  };
  return { t, routes, cast, known };
}

export const jsonSchemaOf = (schema: unknown): JsonSchema | undefined =>
  schema ? (z.toJSONSchema(schema as z.ZodType, { io: 'input', unrepresentable: 'any' }) as JsonSchema) : undefined;

/** The body a call takes, from its schema or, for the calls that read their own, HANDLER_BODIES. */
export function bodySchemaOf(route: RouteOptions, method: string): JsonSchema | undefined {
  const schema = (route.schema ?? {}) as Record<string, unknown>;
  return jsonSchemaOf(schema.body ?? HANDLER_BODIES[`${method} ${route.url}`]);
}

/** What gives a memorial away or deletes it goes last, so that the calls before it reach their handlers. */
export function lateness(route: RouteOptions): number {
  const url = route.url;
  if (url.endsWith('/restore')) return 3;
  if (route.method === 'DELETE') return 2;
  if (url.endsWith('/owner')) return 1;
  return 0;
}

/**
 * Logging out, logging in, registering and setting up an account each end the session the caller
 * came with (even when they then fail: auth/setup-routes.ts), so the person signs in again after them.
 */
export async function keepSignedIn(t: TestApp, person: { id: string; cookie: string }): Promise<void> {
  const user = await t.request({ method: 'GET', url: '/api/user', headers: { cookie: person.cookie } });
  if (user.statusCode !== 200) person.cookie = await signIn(t, person);
}

/** A short, printable account of a request or an answer for the failure report. */
export const brief = (value: unknown) => {
  const text = typeof value === 'string' ? value : Buffer.isBuffer(value) ? value.toString('utf8') : JSON.stringify(value);
  return text && text.length > 300 ? `${text.slice(0, 300)}… (${text.length} characters)` : text;
};

const errorShape = z.strictObject({ message: z.string().min(1), field: z.string().optional(), duplicates: z.array(z.string()).optional() });

/** What is wrong with an answer: a 5xx, or a 4xx that is not `{ message }` as ARCHITECTURE.md gives it; undefined when nothing. */
export function answerProblem(response: LightMyRequestResponse): string | undefined {
  if (response.statusCode >= 500) return `${response.statusCode}`;
  if (response.statusCode < 400) return undefined;
  let body: unknown;
  try {
    body = response.json();
  } catch {
    body = undefined;
  }
  return errorShape.safeParse(body).success ? undefined : `${response.statusCode} not { message }`;
}
