/**
 * A memorial's dates are days on the calendar that PostgreSQL and JavaScript both hold: years 1–9999,
 * no 31 February, no month 13. A probe's birth date in year 0 ("0000-05-01") failed the insert with
 * a 500, since PostgreSQL has no year 0. Real database (embedded, or PostgreSQL with DATABASE_URL).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Cast, castMemorial } from '../../../tests/support/memorial-cast';
import { type TestApp, createTestApp } from '../../../tests/support/test-app';
import type { Memorial } from '../../shared/memorials';
import { personForm, timelineBody } from '../../shared/memorials-api';

let t: TestApp;
let cast: Cast;
beforeAll(async () => {
  t = await createTestApp();
  cast = await castMemorial(t);
});
afterAll(() => t.close());

const owner = () => ({ cookie: cast.owner.cookie });

function expectDanish400(response: { statusCode: number; body: string; json(): unknown }) {
  expect(response.statusCode, response.body).toBe(400);
  expect(response.json()).toEqual({ message: expect.stringMatching(/^(Datoen findes ikke|Skriv (datoen|et årstal))/), field: expect.any(String) });
}

describe('dates', () => {
  it.each(['0000-05-01', '0000-01-01', '2023-02-31', '2023-13-01', '10000-01-01', '1950-00-10'])('refuses %s as a birth date with 400', async (birthDate) => {
    const response = await t.request({ method: 'POST', url: '/api/memorials', headers: owner(), payload: { name: 'Karen Jensen', birthDate } });
    expectDanish400(response);
    expect(response.json()).toMatchObject({ field: 'birthDate' });
  });

  it('refuses year 0 in an update and in the timeline', async () => {
    expectDanish400(await t.request({ method: 'PUT', url: `/api/memorials/${cast.memorial.id}`, headers: owner(), payload: { deathDate: '0000-12-31' } }));
    for (const date of ['0000', '0000-05', '1950-13', '1950-02-30']) {
      const timeline = [{ date, title: 'Født', text: '' }];
      expectDanish400(await t.request({ method: 'PUT', url: `/api/memorials/${cast.memorial.id}`, headers: owner(), payload: { timeline } }));
    }
  });

  it('takes the first and last days PostgreSQL and JavaScript both handle', async () => {
    const timeline = [
      { date: '0001', title: 'a', text: '' },
      { date: '2024-02-29', title: 'b', text: '' },
      { date: '9999-12', title: 'c', text: '' },
    ];
    const payload = { name: 'Karen Jensen', birthDate: '0001-01-01', deathDate: '9999-12-31', timeline };
    const response = await t.request({ method: 'POST', url: '/api/memorials', headers: owner(), payload });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<Memorial>()).toMatchObject({ birthDate: '0001-01-01', deathDate: '9999-12-31' });
  });

  it('is the same rule in the forms, before anything is sent', () => {
    const person = (birthDate: string) => personForm.safeParse({ name: 'Karen Jensen', birthDate, deathDate: '', birthPlace: '', deathPlace: '', epitaph: '' });
    expect(person('0000-05-01').error?.issues[0]).toMatchObject({ message: 'Datoen findes ikke.', path: ['birthDate'] });
    expect(person('1941-03-02').success).toBe(true);
    expect(person('').data?.birthDate).toBeNull();
    expect(timelineBody.safeParse([{ date: '0000', title: 'Født' }]).error?.issues[0]?.message).toBe('Datoen findes ikke.');
    expect(timelineBody.safeParse([{ date: '1962-06', title: 'Gift' }]).success).toBe(true);
  });
});
