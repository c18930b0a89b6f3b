/**
 * A stone's code and a memorial's address are never confusable (docs/decisions/0021): an address
 * that reads as a code is refused when made or changed, a key that reads as a code is looked up
 * as a code alone, and such a look-up costs what the QR calls cost. A private memorial's address
 * has a random end, so trying to take an address tells nobody that a private memorial exists.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCode } from '../../../tests/support/factories';
import { type Person, signedInPerson } from '../../../tests/support/memorial-cast';
import { type TestApp, createTestApp } from '../../../tests/support/test-app';
import type { Memorial } from '../../shared/memorials';
import { CODE_ALPHABET, checkCharacter, generateCode, parseCode } from '../../shared/qr-code';
import { migrationsFolder } from '../db/connection';
import { memorialPosts, memorials, qrCodes } from '../db/schema';

const LOOKUPS = 6;
let t: TestApp;
let clientDir: string;
let family: Person;
let attacker: Person;
let familyMemorial: Memorial;
let code: string;
/** Each test calls from an address of its own, so the look-up limit of one does not touch another. */
let address = 0;
const from = () => `198.51.100.${++address}`;

beforeAll(async () => {
  clientDir = await mkdtemp(path.join(tmpdir(), 'mindested-client-'));
  await writeFile(path.join(clientDir, 'index.html'), '<!doctype html><html lang="da"><head><title>Mindested</title></head><body><div id="root"></div></body></html>');
  t = await createTestApp({ RATE_LIMIT_QR_LOOKUP_PER_IP: String(LOOKUPS), TRUST_PROXY: '1' }, { clientDir });
  [family, attacker] = [await signedInPerson(t, 'Familie'), await signedInPerson(t, 'Angriber')];
  familyMemorial = (await call('POST', '/api/memorials', family, { name: 'Karen Jensen', birthDate: '1941-03-02', deathDate: '2023-10-30' })).json<Memorial>();
  code = (await createCode(t.database.db, { status: 'claimed', claimedBy: family.id })).code;
  await t.database.db.update(qrCodes).set({ status: 'linked', memorialId: familyMemorial.id }).where(eq(qrCodes.code, code));
});
afterAll(async () => {
  await t.close();
  await rm(clientDir, { recursive: true, force: true });
});

function call(method: 'GET' | 'POST' | 'PUT', url: string, who?: { cookie: string }, payload?: object, ip = from()) {
  return t.request({ method, url, headers: { 'x-forwarded-for': ip, ...(who ? { cookie: who.cookie } : {}) }, ...(payload ? { payload } : {}) });
}

/** The ways a person (or an attacker) may write a code as an address: lower case, grouped, look-alikes. */
const spellings = (c: string) => [c.toLowerCase(), `${c.slice(0, 5)}-${c.slice(5)}`.toLowerCase(), c.toLowerCase().replace(/1/g, 'l').replace(/0/g, 'o')];

describe('an address that reads as a QR code', () => {
  it('is refused when changed, in every spelling, and the stone still opens the family’s memorial', async () => {
    const own = (await call('POST', '/api/memorials', attacker, { name: 'Falsk Side' })).json<Memorial>();
    for (const slug of spellings(code)) {
      const response = await call('PUT', `/api/memorials/${own.id}`, attacker, { slug });
      expect(response.statusCode, slug).toBe(400);
      expect(response.json()).toEqual({ message: 'Adressen ligner en QR-kode og kan derfor ikke bruges. Tilføj fx et ord mere.', field: 'slug' });
    }
    // A code nobody has made yet is refused alike: a package made tomorrow may hold it.
    const unmade = generateCode(randomBytes).toLowerCase();
    expect((await call('PUT', `/api/memorials/${own.id}`, attacker, { slug: unmade })).statusCode).toBe(400);

    for (const key of [code, code.toLowerCase()]) {
      const found = await call('GET', `/api/memorials/${key}`);
      expect(found.statusCode).toBe(200);
      expect(found.json<Memorial>().id).toBe(familyMemorial.id);
    }
    const candle = await call('POST', `/api/memorials/${code.toLowerCase()}/candles`, undefined, { name: 'Besøgende' });
    expect(candle.statusCode, candle.body).toBe(201);
    const [stored] = await t.database.db.select({ memorialId: memorialPosts.memorialId }).from(memorialPosts).where(eq(memorialPosts.id, candle.json<{ id: string }>().id));
    expect(stored!.memorialId).toBe(familyMemorial.id);
  });

  it('is never looked up as an address, even when an old row has one: a code is a code alone', async () => {
    const own = (await call('POST', '/api/memorials', attacker, { name: 'Gammel Kapring' })).json<Memorial>();
    // As a row could look before this rule (the migration renames such rows; see below).
    await t.database.db.update(memorials).set({ slug: code.toLowerCase() }).where(eq(memorials.id, own.id));
    expect((await call('GET', `/api/memorials/${code.toLowerCase()}`)).json<Memorial>().id).toBe(familyMemorial.id);
    const page = await call('GET', `/memorial/${code.toLowerCase()}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(familyMemorial.slug);
    expect(page.body).not.toContain('Gammel Kapring');
    // A code that is not linked opens nothing, not the memorial that took its letters.
    const unlinked = (await createCode(t.database.db)).code;
    await t.database.db.update(memorials).set({ slug: unlinked.toLowerCase() }).where(eq(memorials.id, own.id));
    expect((await call('GET', `/api/memorials/${unlinked}`)).statusCode).toBe(404);
  });

  it('is never given to a new memorial, whatever its name', async () => {
    // A name whose address would read as a code: nine characters and the right check character.
    const body = 'abcdefghj';
    const name = `${body.slice(0, 4)} ${body.slice(4)}${checkCharacter(body.toUpperCase()).toLowerCase()}`;
    expect(parseCode(name.replace(' ', '-'))).not.toBeNull();
    const created = (await call('POST', '/api/memorials', attacker, { name })).json<Memorial>();
    expect(parseCode(created.slug)).toBeNull();
    expect(created.slug).toBe(`${name.replace(' ', '-')}-2`);
  });

  it('is found by the migration exactly as the code format reads it (its SQL and src/shared/qr-code.ts agree)', async () => {
    const migration = await readFile(path.join(migrationsFolder, '0009_security_repairs.sql'), 'utf8');
    const createFunction = migration.split('--> statement-breakpoint')[0]!;
    const samples = Array.from({ length: 400 }, (_, i) => {
      const valid = generateCode(randomBytes);
      if (i % 4 === 0) return valid.toLowerCase();
      if (i % 4 === 1) return `${valid.slice(0, 3)}-${valid.slice(3)}`.toLowerCase().replace(/1/g, 'l').replace(/0/g, 'o');
      if (i % 4 === 2) return Array.from(randomBytes(10), (b) => CODE_ALPHABET[b % 32]).join('').toLowerCase();
      return ['karen-jensen-1941-2023', 'uuuuuuuuuu', 'abcde', `${valid.toLowerCase()}x`][i % 16 >> 2]!;
    });
    const results = await t.database.db.transaction(async (tx) => {
      await tx.execute(sql.raw(createFunction));
      const rows = (await tx.execute(sql`select slug, pg_temp.reads_as_code(slug) as reads from unnest(${sql.param(samples)}::text[]) as s(slug)`)) as unknown as {
        rows: { slug: string; reads: boolean }[];
      };
      await tx.execute(sql`drop function pg_temp.reads_as_code(text)`);
      return rows.rows;
    });
    expect(results).toHaveLength(samples.length);
    for (const { slug, reads } of results) expect(reads, slug).toBe(parseCode(slug) !== null);
    expect(results.filter((r) => r.reads).length).toBeGreaterThan(150);
  });

  it('costs a QR look-up: asking for memorials by code counts against the same limit, by address not', async () => {
    const ip = from();
    for (let i = 0; i < LOOKUPS; i++) expect((await call('GET', `/api/memorials/${code}`, undefined, undefined, ip)).statusCode).toBe(200);
    const refused = await call('GET', `/api/memorials/${code}`, undefined, undefined, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^For mange forsøg/);
    // The page by code (and its family tree's), the QR calls and the memorial's other calls by code share the count.
    const page = await call('GET', `/memorial/${code}`, undefined, undefined, ip);
    expect(page.statusCode).toBe(429);
    // A browser gets the app, which shows the refusal itself.
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['retry-after']).toBeDefined();
    expect((await call('GET', `/family-tree/${code}`, undefined, undefined, ip)).statusCode).toBe(429);
    expect((await call('GET', `/api/memorials/${code}/family-tree/close`, undefined, undefined, ip)).statusCode).toBe(429);
    expect((await call('GET', `/api/qr-codes/${code}/scan`, undefined, undefined, ip)).statusCode).toBe(429);
    expect((await call('POST', `/api/memorials/${code}/candles`, undefined, { name: 'Gæt' }, ip)).statusCode).toBe(429);
    // By id and by address nothing is counted: no code is being guessed.
    expect((await call('GET', `/api/memorials/${familyMemorial.slug}`, undefined, undefined, ip)).statusCode).toBe(200);
    expect((await call('GET', `/api/memorials/${familyMemorial.id}`, undefined, undefined, ip)).statusCode).toBe(200);
  });
});

describe('a private memorial’s address', () => {
  it('ends in random characters, so taking its readable address reveals nothing', async () => {
    const fields = { name: 'Ole Skjult', birthDate: '1950-01-01', deathDate: '2024-01-01' };
    const hidden = (await call('POST', '/api/memorials', family, { ...fields, privacy: 'private' })).json<Memorial>();
    expect(hidden.slug).toMatch(/^ole-skjult-1950-2024-[0-9a-z]{8}$/);

    // Someone else gets the readable address as if nothing had it: no "-2", no "in use".
    const visible = (await call('POST', '/api/memorials', attacker, fields)).json<Memorial>();
    expect(visible.slug).toBe('ole-skjult-1950-2024');
    const probe = (await call('POST', '/api/memorials', attacker, { name: 'Prøve' })).json<Memorial>();
    expect((await call('PUT', `/api/memorials/${probe.id}`, attacker, { slug: 'ole-skjult-1950' })).statusCode).toBe(200);
    expect((await call('GET', `/api/memorials/${hidden.slug}`, attacker)).statusCode).toBe(404);
    expect((await call('GET', `/api/memorials/${hidden.slug}`, family)).statusCode).toBe(200);
  });

  it('gets its random end when a memorial becomes private, and keeps one when the family changes it', async () => {
    const shown = (await call('POST', '/api/memorials', family, { name: 'Eva Åben', birthDate: '1940-01-01', deathDate: '2020-01-01' })).json<Memorial>();
    expect(shown.slug).toBe('eva-aaben-1940-2020');
    const closed = (await call('PUT', `/api/memorials/${shown.id}`, family, { privacy: 'private' })).json<Memorial>();
    expect(closed.slug).toMatch(/^eva-aaben-1940-2020-[0-9a-z]{8}$/);
    const renamed = (await call('PUT', `/api/memorials/${shown.id}`, family, { slug: 'mor-eva' })).json<Memorial>();
    expect(renamed.slug).toMatch(/^mor-eva-[0-9a-z]{8}$/);
    // Other changes leave the address alone, and so does opening the memorial up again.
    expect((await call('PUT', `/api/memorials/${shown.id}`, family, { epitaph: 'Elsket' })).json<Memorial>().slug).toBe(renamed.slug);
    expect((await call('PUT', `/api/memorials/${shown.id}`, family, { privacy: 'public' })).json<Memorial>().slug).toBe(renamed.slug);
    expect((await call('PUT', `/api/memorials/${shown.id}`, family, { slug: 'mor-eva' })).json<Memorial>().slug).toBe('mor-eva');
  });
});
