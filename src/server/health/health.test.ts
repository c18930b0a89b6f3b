import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../../tests/support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/health', () => {
  it('answers 200 while the database answers', async () => {
    const response = await t.request({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('answers 503 when the database is gone', async () => {
    const other = await createTestApp();
    await other.database.close();
    const response = await other.request({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ message: 'Databasen svarer ikke.', database: 'unreachable' });
    await other.app.close();
    await other.mail.close();
  });

  it('answers unknown API paths with 404 in the error shape', async () => {
    const response = await t.request({ method: 'GET', url: '/api/findes-ikke' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Adressen findes ikke.' });
  });
});
