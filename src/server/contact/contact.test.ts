import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { danishLongDate } from '../../shared/danish-dates';
import { CONTACT_THANKS, dataRequestAnswerBy, dataRequestThanks } from '../../shared/contact';
import { createUser } from '../../../tests/support/factories';
import { signIn } from '../../../tests/support/sign-in';
import { type TestApp, createTestApp } from '../../../tests/support/test-app';
import { contactMessages, jobs } from '../db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_CONTACT_PER_IP: '4', CONTACT_EMAIL: 'hjaelp@mindested.test' });
});
afterAll(() => t.close());

let ip = 0;
const send = (payload: Record<string, unknown>, headers: Record<string, string> = {}, remoteAddress = `10.2.0.${++ip}`) =>
  t.request({ method: 'POST', url: '/api/contact', payload, headers, remoteAddress });

const valid = {
  name: 'Inger Holm',
  email: 'Inger.Holm@Eksempel.dk',
  subject: 'QR-kode på min mors sten',
  message: 'Hej. Vi har fået en QR-kode af bedemanden, men ved ikke, hvor vi skal begynde.',
};

describe('POST /api/contact', () => {
  it('stores the message for the support inbox and e-mails the sender a receipt', async () => {
    const response = await send(valid);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ message: CONTACT_THANKS });

    const rows = await t.database.db.select().from(contactMessages).where(eq(contactMessages.email, 'inger.holm@eksempel.dk'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: 'Inger Holm', subject: valid.subject, message: valid.message, status: 'new', userId: null });

    await t.app.deps.jobs.drain();
    // Sent to the address as typed (a mailbox's local part may be case-sensitive).
    const mail = await t.mail.waitFor((m) => m.to.some((to) => to.toLowerCase() === 'inger.holm@eksempel.dk'));
    expect(mail.subject).toBe('Vi har modtaget din besked');
    expect(mail.text).toContain(valid.message);
    expect(mail.text).toContain('hjaelp@mindested.test');
    expect(mail.html).toContain('Kære Inger Holm');
  });

  it('shows what the sender wrote as text in the receipt, never as HTML', async () => {
    const response = await send({ ...valid, email: 'html@eksempel.dk', name: '<b>Ole</b>', message: '<script>alert(1)</script> og <img src=x onerror=alert(2)>' });
    expect(response.statusCode).toBe(201);
    await t.app.deps.jobs.drain();
    const mail = await t.mail.waitFor((m) => m.to.includes('html@eksempel.dk'));
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.html).toContain('Kære &lt;b&gt;Ole&lt;/b&gt;');
  });

  it('takes a request about personal data with its deadline a month on, in the answer and the receipt', async () => {
    const response = await send({ ...valid, email: 'anmodning@eksempel.dk', subject: 'Anmodning om mine data', kind: 'data_request' });
    expect(response.statusCode).toBe(201);
    const answerBy = danishLongDate(dataRequestAnswerBy(t.clock.now()));
    expect(answerBy).toBe('1. december 2026');
    expect(response.json()).toEqual({ message: dataRequestThanks(answerBy) });
    const [row] = await t.database.db.select().from(contactMessages).where(eq(contactMessages.email, 'anmodning@eksempel.dk'));
    expect(row).toMatchObject({ kind: 'data_request', status: 'new' });
    await t.app.deps.jobs.drain();
    const mail = await t.mail.waitFor((m) => m.to.includes('anmodning@eksempel.dk'));
    expect(mail.subject).toBe('Vi har modtaget din anmodning om dine data');
    expect(mail.text).toContain('svarer senest 1. december 2026');
    // Anything else is a plain message; an unknown kind is refused.
    expect((await send({ ...valid, kind: 'klage' })).statusCode).toBe(400);
  });

  it('gives a request received on the 31st until the last day of a shorter month', () => {
    expect(dataRequestAnswerBy(new Date('2027-01-31T12:00:00Z')).toISOString()).toBe('2027-02-28T12:00:00.000Z');
    expect(dataRequestAnswerBy(new Date('2028-01-31T12:00:00Z')).toISOString()).toBe('2028-02-29T12:00:00.000Z');
    expect(dataRequestAnswerBy(new Date('2026-12-15T08:00:00Z')).toISOString()).toBe('2027-01-15T08:00:00.000Z');
  });

  it('links the message to the account of a signed-in sender', async () => {
    const user = await createUser(t.database.db);
    const cookie = await signIn(t, user);
    const response = await send({ ...valid, email: user.email }, { cookie });
    expect(response.statusCode).toBe(201);
    const [row] = await t.database.db.select().from(contactMessages).where(eq(contactMessages.email, user.email));
    expect(row!.userId).toBe(user.id);
  });

  it('refuses bad input with a Danish message on the field, storing nothing', async () => {
    const before = (await t.database.db.select().from(contactMessages)).length;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...valid, name: ' ' }, 'name', 'Skriv dit navn.'],
      [{ ...valid, email: 'ikke-en-adresse' }, 'email', 'Skriv en gyldig e-mailadresse.'],
      [{ ...valid, message: 'Hej' }, 'message', 'Skriv mindst 10 tegn, så vi kan hjælpe dig.'],
      [{ ...valid, message: 'x'.repeat(5001) }, 'message', 'Beskeden må højst være 5000 tegn.'],
      [{ ...valid, subject: 'x'.repeat(151) }, 'subject', 'Emnet må højst være 150 tegn.'],
      [{ name: 'Inger', email: 'a@b.dk' }, 'message', ''],
    ];
    for (const [payload, field, message] of cases) {
      const response = await send(payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(response.json().field).toBe(field);
      if (message) expect(response.json().message).toBe(message);
    }
    expect((await t.database.db.select().from(contactMessages)).length).toBe(before);
  });

  it('thanks a robot that fills in the hidden field, and stores and sends nothing', async () => {
    const messagesBefore = (await t.database.db.select().from(contactMessages)).length;
    const jobsBefore = (await t.database.db.select().from(jobs)).length;
    const response = await send({ ...valid, email: 'robot@eksempel.dk', website: 'https://billige-piller.example' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ message: CONTACT_THANKS });
    expect((await t.database.db.select().from(contactMessages)).length).toBe(messagesBefore);
    expect((await t.database.db.select().from(jobs)).length).toBe(jobsBefore);
  });

  it('is rate-limited per address with a Danish message', async () => {
    for (let i = 0; i < 4; i++) expect((await send({ ...valid, email: `flere${i}@eksempel.dk` }, {}, '10.2.9.9')).statusCode).toBe(201);
    const limited = await send(valid, {}, '10.2.9.9');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/^For mange forsøg\. Prøv igen om \d+ minutter\.$/);
  });
});
