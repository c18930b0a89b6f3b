import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { qrCodes, users } from '../db/schema';
import { createCode, createUser } from '../../../tests/support/factories';
import { type TestApp, cookieFrom, createTestApp } from '../../../tests/support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let n = 0;
function person(overrides: Record<string, unknown> = {}) {
  n += 1;
  return { fullName: 'Jens Hansen', username: `jens${n}`, email: `jens${n}@eksempel.dk`, password: 'mindet-om-far', ...overrides };
}
const register = (body: Record<string, unknown>) => t.request({ method: 'POST', url: `/api/register?t=${Date.now()}`, payload: body });

describe('POST /api/register', () => {
  it('creates the account, locks the code to it and logs it in', async () => {
    const code = await createCode(t.database.db);
    const body = person({ email: '  Jens.Hansen@Eksempel.DK ', qrCode: code.code.toLowerCase() });
    const response = await register(body);
    expect(response.statusCode).toBe(201);
    const user = response.json();
    expect(user).toMatchObject({ fullName: 'Jens Hansen', username: body.username, email: 'jens.hansen@eksempel.dk', qrCodeLinked: true, isAdmin: false, role: 'user' });

    const [row] = await t.database.db.select().from(qrCodes).where(eq(qrCodes.code, code.code));
    expect(row).toMatchObject({ status: 'claimed', claimedBy: user.id });
    const [stored] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(stored!.passwordHash).toMatch(/^\$argon2id\$/);

    const me = await t.request({ method: 'GET', url: '/api/user', headers: { cookie: cookieFrom(response) } });
    expect(me.json().id).toBe(user.id);
  });

  it('refuses without a QR code', async () => {
    const response = await register(person());
    expect(response.statusCode).toBe(400);
    expect(response.json().field).toBe('qrCode');
  });

  it('refuses a malformed code before any look-up', async () => {
    const response = await register(person({ qrCode: 'ABCDE-FGHJK' }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'QR-koden er ikke gyldig. Tjek at du har skrevet den rigtigt.', field: 'qrCode' });
  });

  it('refuses a well-formed code that is not ours, and one already claimed', async () => {
    const { generateCode } = await import('../../shared/qr-code');
    const stranger = generateCode(() => new Uint8Array(9).fill(7));
    const owner = await createUser(t.database.db);
    const taken = await createCode(t.database.db, { status: 'claimed', claimedBy: owner.id });
    const voided = await createCode(t.database.db, { status: 'void' });
    for (const qrCode of [stranger, taken.code, voided.code]) {
      const response = await register(person({ qrCode }));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        message: 'QR-koden kan ikke bruges til at oprette en konto. Den er ugyldig eller allerede taget i brug.',
        field: 'qrCode',
      });
    }
    const [row] = await t.database.db.select().from(qrCodes).where(eq(qrCodes.code, taken.code));
    expect(row!.claimedBy).toBe(owner.id);
  });

  it('names the taken fields in duplicates with 409, and creates nothing', async () => {
    const existing = await createUser(t.database.db, { username: 'Mette', email: 'mette@eksempel.dk' });
    const code = await createCode(t.database.db);

    const both = await register(person({ username: 'mette', email: 'METTE@eksempel.dk', qrCode: code.code }));
    expect(both.statusCode).toBe(409);
    expect(both.json()).toEqual({ message: 'Brugernavnet og e-mailadressen er allerede i brug.', duplicates: ['username', 'email'] });

    const username = await register(person({ username: 'METTE', qrCode: code.code }));
    expect(username.json()).toEqual({ message: 'Brugernavnet er allerede i brug. Vælg et andet.', duplicates: ['username'] });

    const email = await register(person({ email: existing.email, qrCode: code.code }));
    expect(email.statusCode).toBe(409);
    expect(email.json().duplicates).toEqual(['email']);

    // The code is still free: a failed registration must not burn it.
    const [row] = await t.database.db.select().from(qrCodes).where(eq(qrCodes.code, code.code));
    expect(row!.claimedBy).toBeNull();
  });

  it.each([
    ['fullName', { fullName: '   ' }, 'Skriv dit fulde navn.'],
    ['username', { username: 'j' }, 'Brugernavnet skal være mindst 2 tegn.'],
    ['username', { username: 'jens hansen' }, 'Brugernavnet må kun indeholde bogstaver, tal, punktum, bindestreg og understregning.'],
    ['email', { email: 'jens@' }, 'Skriv en gyldig e-mailadresse, fx navn@eksempel.dk.'],
    ['password', { password: 'kort' }, 'Adgangskode skal være mindst 6 tegn.'],
    ['password', { password: 'x'.repeat(201) }, 'Adgangskoden må højst være 200 tegn.'],
  ])('validates %s', async (field, override, message) => {
    const code = await createCode(t.database.db);
    const response = await register(person({ ...override, qrCode: code.code }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message, field });
  });

  it('accepts Danish letters in a username', async () => {
    const code = await createCode(t.database.db);
    const response = await register(person({ username: 'søren.ærø', qrCode: code.code }));
    expect(response.statusCode).toBe(201);
  });

  it('lets exactly one of two simultaneous registrations claim a code', async () => {
    const code = await createCode(t.database.db);
    const bodies = [person({ qrCode: code.code }), person({ qrCode: code.code })];
    const results = await Promise.all(bodies.map(register));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 400]);
    // The loser's account was rolled back with its claim: no half-made account without a code.
    const loser = bodies[results.findIndex((r) => r.statusCode === 400)]!;
    expect(await t.database.db.select().from(users).where(eq(users.username, loser.username))).toHaveLength(0);
  });
});
