/**
 * The back office (issue 20) as its staff use it, in Chromium against the production server: an
 * admin made by the operator's CLI sets up two-factor by reading the QR code's key, signs out and
 * in, is sent to verify, closes a family's account (whose session ends) and answers a contact
 * message, and the sender's answer through the e-mailed link joins the thread. Anyone else who
 * opens /admin lands on /, and axe finds nothing on the pages at a phone's and a desk's width.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { parseOtpauth } from '../support/otpauth';
import { expectNoAxeViolations } from '../support/browser';
import { callApi, registerAccount, signInBrowser } from '../support/e2e-api';
import { appCode, createAdmin, useSession, verifiedStaffSession } from '../support/e2e-staff';
import { setupE2e } from '../support/e2e-suite';
import { expectToast, fillLogin, visible, waitForPath } from '../support/e2e-ui';
import { decodePng } from '../support/qr-decode';
import { linkIn } from '../support/smtp-capture';

const e2e = setupE2e({ qrCodes: 6 });

/** Signs in on /login, as a person would. */
async function logInThroughPage(page: Page, username: string, password: string) {
  await page.goto('/login');
  const form = await fillLogin(page, username, password);
  await form.submit.click();
  await waitForPath(page, '/profile');
}

describe('the back office', () => {
  test('an admin sets up two-factor, verifies after signing in again, closes an account and answers a contact message', async () => {
    const { page, server } = e2e;
    // The CLI restarts the embedded database's server: first, before anyone is signed in.
    const admin = await createAdmin(server);
    const family = await registerAccount(server, { fullName: 'Inger Lauritsen' });
    const familyBrowser = await e2e.openAnotherBrowser();
    const familySession = await signInBrowser(familyBrowser.context, server, family);
    const sender = { name: 'Poul Kragh', email: `poul${Date.now()}@eksempel.dk`, subject: 'Stenen på Assistens', message: 'Hej. Hvordan flytter jeg QR-koden til en ny sten?' };
    expect((await callApi(server, 'POST', '/api/contact', { body: { ...sender, website: '' } })).status).toBe(201);

    // A password alone does not open the back office: with no factor yet, the guard sends the admin to set one up.
    await logInThroughPage(page, admin.username, admin.password);
    await page.goto('/admin');
    await waitForPath(page, '/admin/two-factor-setup');
    await visible(page.getByRole('heading', { level: 1, name: 'Totrinsbekræftelse' }));
    const qr = await visible(page.getByRole('img', { name: 'QR-kode, der lægger Mindested ind i din godkendelses-app' }));
    const [uri] = await decodePng(await qr.screenshot());
    const { secret, issuer, label } = parseOtpauth(uri!);
    expect(issuer).toBe('Mindested');
    expect(label).toContain(admin.username);
    // The key is also written out in fours, for an app that cannot scan.
    await visible(page.getByText(secret.match(/.{1,4}/g)!.join(' '), { exact: true }));

    await page.getByLabel('Kode fra appen', { exact: true }).fill(appCode(secret));
    await page.getByRole('button', { name: 'Bekræft', exact: true }).click();
    const codes = await visible(page.getByRole('list', { name: 'Gendannelseskoder' }));
    const recoveryCodes = (await codes.getByRole('listitem').allInnerTexts()).map((text) => text.replace(/^\d+\.\s*/, '').trim());
    expect(recoveryCodes).toHaveLength(10);
    const continueButton = page.getByRole('button', { name: 'Fortsæt', exact: true });
    expect(await continueButton.isDisabled(), 'not before the codes are saved').toBe(true);
    await page.getByLabel('Jeg har gemt koderne', { exact: true }).check();
    await continueButton.click();
    await waitForPath(page, '/admin/dashboard');

    // Signed out and in again: the new session owes the second factor, and a recovery code pays it
    // (the app's code of this half-minute was spent by the set-up, and a code is never taken twice).
    await page.getByRole('button', { name: 'Log ud', exact: true }).click();
    await waitForPath(page, '/');
    await logInThroughPage(page, admin.username, admin.password);
    await page.goto('/admin/users');
    await waitForPath(page, '/admin/two-factor-verification');
    await visible(page.getByRole('heading', { level: 1, name: 'Bekræft, at det er dig' }));
    await page.getByRole('button', { name: 'Brug en gendannelseskode i stedet' }).click();
    await page.getByLabel('Gendannelseskode', { exact: true }).fill(recoveryCodes[0]!.toLowerCase());
    await page.getByRole('button', { name: 'Bekræft', exact: true }).click();
    // On to where the admin was going.
    await waitForPath(page, '/admin/users');

    // Find the family's account and close it: their session ends at once.
    await page.getByLabel('Søg', { exact: true }).fill('Inger Laur');
    await page.getByRole('main').getByRole('link', { name: 'Inger Lauritsen' }).first().click();
    await visible(page.getByRole('heading', { level: 1, name: /Inger Lauritsen/ }));
    await page.getByRole('button', { name: 'Luk kontoen', exact: true }).click();
    const closing = await visible(page.getByRole('dialog', { name: 'Luk Inger Lauritsens konto?' }));
    await closing.getByRole('button', { name: 'Luk kontoen', exact: true }).click();
    await expectToast(page, 'Inger Lauritsens konto er lukket');
    expect((await callApi(server, 'GET', '/api/user', { session: familySession })).status).toBe(401);
    // The cookie the family's browser still holds opens nothing: /profile asks them to log in.
    await familyBrowser.page.goto('/profile');
    await waitForPath(familyBrowser.page, '/login');

    // Answer the contact message; the reply goes out by e-mail with a link to answer through.
    await page.goto('/admin/contact-messages');
    await waitForPath(page, '/admin/support');
    await page.getByRole('link', { name: new RegExp(sender.subject) }).click();
    await visible(page.getByRole('heading', { level: 1, name: sender.subject }));
    await page.getByLabel(`Svar til ${sender.name}`, { exact: true }).fill('Kære Poul. Skriv den nye stens placering til os, så flytter vi koden.');
    await page.getByRole('button', { name: 'Send svar', exact: true }).click();
    await expectToast(page, 'Svaret er sendt');

    const mail = await server.mail.waitFor((m) => m.to.includes(sender.email) && m.subject === `Svar fra Mindested: ${sender.subject}`);
    const link = linkIn(mail, '/support/reply/');
    const senderBrowser = await e2e.openAnotherBrowser();
    await senderBrowser.page.goto(link);
    await visible(senderBrowser.page.getByRole('heading', { level: 1, name: 'Svar på beskeden' }));
    await senderBrowser.page.getByLabel('Dit svar', { exact: true }).fill('Tak! Den står nu i afdeling C, række 4.');
    await senderBrowser.page.getByRole('button', { name: 'Send svar', exact: true }).click();
    await visible(senderBrowser.page.getByRole('heading', { level: 1, name: 'Dit svar er kommet frem' }));

    await page.reload();
    const thread = await visible(page.getByRole('list', { name: 'Beskeder i sagen' }));
    await visible(thread.getByText('Tak! Den står nu i afdeling C, række 4.', { exact: true }));
  });

  test('a family member who opens /admin lands on the front page', async () => {
    const { page, server } = e2e;
    const family = await registerAccount(server);
    await signInBrowser(page.context(), server, family);
    for (const path of ['/admin', '/admin/users', '/admin/support', '/admin/performance', '/admin/two-factor-setup']) {
      await page.goto(path);
      await waitForPath(page, '/');
    }
  });
});

describe('the back office for every eye', () => {
  let session: string;
  let pages: [string, string][];

  beforeAll(async () => {
    const { server } = e2e;
    const admin = await createAdmin(server, 'Aksel Tilgængelig');
    const person = await registerAccount(server, { fullName: 'Else Andersen' });
    await callApi(server, 'POST', '/api/contact', { body: { name: 'Else Andersen', email: person.email, subject: 'Et spørgsmål', message: 'Hej med jer.', website: '' } });
    ({ session } = await verifiedStaffSession(server, admin));
    const users = await callApi<{ users: { id: string }[] }>(server, 'GET', `/api/admin/users?q=${encodeURIComponent(person.email)}`, { session });
    const threads = await callApi<{ threads: { id: string; subject: string }[] }>(server, 'GET', '/api/admin/support?status=new', { session });
    const thread = threads.body.threads.find((t) => t.subject === 'Et spørgsmål')!;
    pages = [
      ['/admin/dashboard', 'Overblik'],
      ['/admin/users', 'Personer'],
      [`/admin/users/${users.body.users[0]!.id}`, 'Else Andersen'],
      ['/admin/support', 'Support'],
      [`/admin/support/${thread.id}`, 'Et spørgsmål'],
      ['/admin/performance', 'Drift'],
      ['/admin/two-factor-setup', 'Totrinsbekræftelse'],
    ];
  });

  test.each([360, 1280])('axe finds no violations on its pages at %i px', async (width) => {
    const { page, server } = e2e;
    await useSession(page.context(), server, session);
    await page.setViewportSize({ width, height: 900 });
    for (const [path, heading] of pages) {
      await page.goto(path);
      await visible(page.getByRole('heading', { level: 1, name: heading }));
      // What the page fetched has arrived (the skeletons are gone) before axe looks.
      await page.waitForLoadState('networkidle');
      await expectNoAxeViolations(page);
    }
  }, 180_000);
});
