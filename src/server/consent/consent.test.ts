import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSENT_PURPOSES, type ConsentPurpose, consentTerms } from '../../shared/consent';
import { VISITOR_COOKIE } from '../../shared/constants';
import { createUser } from '../../../tests/support/factories';
import { signIn } from '../../../tests/support/sign-in';
import { type TestApp, createTestApp } from '../../../tests/support/test-app';
import { consentRecords } from '../db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_CONSENT_PER_IP: '12' });
});
afterAll(() => t.close());

const body = (purpose: ConsentPurpose, consentGiven = true) => ({ purpose, consentGiven, consentMethod: 'banner', ...consentTerms(purpose) });
const post = (payload: unknown, headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') =>
  t.request({ method: 'POST', url: '/api/gdpr/consent', payload: payload as object, headers, remoteAddress });

describe('POST /api/gdpr/consent', () => {
  it("stores a visitor's five choices under one browser id, set as an HttpOnly cookie", async () => {
    const first = await post(body('necessary'), {}, '10.1.0.1');
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ id: expect.any(String), recordedAt: t.clock.now().toISOString() });
    const cookie = first.cookies.find((c) => c.name === VISITOR_COOKIE)!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api' });
    expect(cookie.maxAge).toBeGreaterThan(390 * 24 * 60 * 60);

    const headers = { cookie: `${VISITOR_COOKIE}=${cookie.value}` };
    for (const purpose of CONSENT_PURPOSES.slice(1)) {
      const response = await post(body(purpose, purpose === 'analytics'), headers, '10.1.0.1');
      expect(response.statusCode).toBe(201);
      // The id is kept, not replaced: one browser, one id.
      expect(response.cookies.find((c) => c.name === VISITOR_COOKIE)).toBeUndefined();
    }

    const [stored] = await t.database.db.select().from(consentRecords).where(eq(consentRecords.id, first.json().id));
    const visitorHash = stored!.visitorHash;
    const rows = await t.database.db.select().from(consentRecords).where(eq(consentRecords.visitorHash, visitorHash));
    expect(rows).toHaveLength(5);
    // The cookie's value itself is never stored, only its hash.
    expect(visitorHash).not.toBe(cookie.value);
    expect(Object.fromEntries(rows.map((r) => [r.purpose, [r.consentGiven, r.legalBasis, r.dataRetentionPeriod, r.userId]]))).toEqual({
      necessary: [true, 'legal_obligation', 'Account lifecycle', null],
      analytics: [true, 'consent', '13 months', null],
      marketing: [false, 'consent', '13 months', null],
      performance: [false, 'consent', '13 months', null],
      social_media: [false, 'consent', '13 months', null],
    });
    expect(rows.every((r) => r.recordedAt.getTime() === t.clock.now().getTime() && r.consentMethod === 'banner')).toBe(true);
  });

  it('ties the record to the account of a signed-in person', async () => {
    const user = await createUser(t.database.db);
    const cookie = await signIn(t, user);
    const response = await post(body('marketing', false), { cookie }, '10.1.0.2');
    expect(response.statusCode).toBe(201);
    const [row] = await t.database.db.select().from(consentRecords).where(eq(consentRecords.id, response.json().id));
    expect(row).toMatchObject({ userId: user.id, purpose: 'marketing', consentGiven: false });
  });

  it('refuses bodies that do not match SPEC.md, in Danish, and stores nothing', async () => {
    const before = (await t.database.db.select().from(consentRecords)).length;
    const cases: [unknown, string, RegExp][] = [
      [{ ...body('necessary'), consentGiven: false }, 'consentGiven', /^Nødvendige cookies kan ikke fravælges\.$/],
      [{ ...body('analytics'), legalBasis: 'legal_obligation' }, 'legalBasis', /^Retsgrundlaget for analytics er consent\.$/],
      [{ ...body('marketing'), dataRetentionPeriod: 'Account lifecycle' }, 'dataRetentionPeriod', /13 months/],
      [{ ...body('analytics'), purpose: 'tracking' }, 'purpose', /./],
      [{ ...body('analytics'), consentMethod: 'api' }, 'consentMethod', /./],
      [{ ...body('analytics'), consentGiven: 'ja' }, 'consentGiven', /./],
      [{ purpose: 'analytics' }, 'consentGiven', /./],
    ];
    for (const [payload, field, message] of cases) {
      const response = await post(payload, {}, '10.1.0.3');
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().field).toBe(field);
      expect(response.json().message).toMatch(message);
    }
    expect((await post('ikke json', { 'content-type': 'application/json' }, '10.1.0.3')).statusCode).toBe(400);
    expect((await t.database.db.select().from(consentRecords)).length).toBe(before);
  });

  it('refuses a post from another site', async () => {
    const response = await post(body('analytics'), { origin: 'https://ondt.example' }, '10.1.0.4');
    expect(response.statusCode).toBe(403);
  });

  it('is rate-limited per address', async () => {
    for (let i = 0; i < 12; i++) expect((await post(body('performance'), {}, '10.1.0.5')).statusCode).toBe(201);
    const limited = await post(body('performance'), {}, '10.1.0.5');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await post(body('performance'), {}, '10.1.0.6')).statusCode).toBe(201);
  });
});
