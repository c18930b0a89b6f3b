import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReseller, createUser } from '../../../tests/support/factories';
import { signIn } from '../../../tests/support/sign-in';
import { type TestApp, createTestApp } from '../../../tests/support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const me = (cookie?: string) => t.request({ method: 'GET', url: '/api/resellers/me', headers: cookie ? { cookie } : {} });

describe('GET /api/resellers/me', () => {
  it('answers 401 to a visitor', async () => {
    const response = await me();
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe('Du er ikke logget ind.');
  });

  it('answers 404 to a user without a reseller record', async () => {
    const user = await createUser(t.database.db);
    const response = await me(await signIn(t, user));
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Du er ikke registreret som forhandler.' });
  });

  it("returns the user's own record and nobody else's", async () => {
    const dealer = await createUser(t.database.db);
    const neighbour = await createUser(t.database.db);
    const row = await createReseller(t.database.db, { userId: dealer.id, companyName: 'Stenhuggeriet Vest ApS' });
    const response = await me(await signIn(t, dealer));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: row.id, companyName: 'Stenhuggeriet Vest ApS', status: 'approved' });
    expect((await me(await signIn(t, neighbour))).statusCode).toBe(404);
  });
});
