/**
 * "Glemt adgangskode?" (SPEC.md §2, §4, §5, §8): the dialog on the login page, the e-mail through a
 * real SMTP server, and the link in it followed in the browser to choose a new password.
 */
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { linkIn } from '../support/smtp-capture';
import { callApi, login, registerAccount } from '../support/e2e-api';
import { setupE2e } from '../support/e2e-suite';
import { expectToast, fillLogin, holdRequests, visible, waitForPath } from '../support/e2e-ui';

const e2e = setupE2e({ qrCodes: 6 });

const RESET_REQUESTED =
  'Hvis e-mailadressen hører til en konto, har vi sendt et link til at vælge en ny adgangskode. Linket virker i en time.';
const RESET_USED =
  'Linket er allerede brugt. Bed om et nyt link på login-siden, hvis du igen har brug for at nulstille adgangskoden.';

async function openDialog(page: Page) {
  await page.getByRole('button', { name: 'Glemt adgangskode?' }).click();
  const dialog = await visible(page.getByRole('dialog', { name: 'Glemt adgangskode?' }));
  return {
    dialog,
    email: dialog.getByLabel('E-mail', { exact: true }),
    cancel: dialog.getByRole('button', { name: 'Annuller', exact: true }),
    send: dialog.getByRole('button', { name: 'Send link', exact: true }),
  };
}

describe('the "Glemt adgangskode?" dialog', () => {
  test('has an e-mail field, "Annuller", and "Send link" that stays disabled while the field is empty', async () => {
    const { page } = e2e;
    await page.goto('/login');
    const { dialog, email, cancel, send } = await openDialog(page);
    await visible(email);
    expect(await send.isDisabled()).toBe(true);
    await email.fill('   ');
    expect(await send.isDisabled(), 'only spaces count as empty').toBe(true);
    await email.fill('karen@eksempel.dk');
    expect(await send.isEnabled()).toBe(true);
    await email.fill('');
    expect(await send.isDisabled()).toBe(true);

    await cancel.click();
    await dialog.waitFor({ state: 'hidden' });
    expect(e2e.server.mail.messages).toEqual([]);
  });
});

describe('resetting a forgotten password', () => {
  test('the e-mailed link sets a new password: the new one logs in, the old one no longer does, and the link is spent', async () => {
    const { page, server } = e2e;
    const account = await registerAccount(server);
    const before = await login(server, account.username, account.password);
    expect(before.status).toBe(200);

    await page.goto('/login');
    const dialog = await openDialog(page);
    await dialog.email.fill(account.email);
    const pending = await holdRequests(page, '**/api/password-reset');
    await dialog.send.click();
    await pending.held;
    const busy = await visible(dialog.dialog.getByRole('button', { name: 'Sender...' }));
    expect(await busy.isDisabled()).toBe(true);
    pending.release();

    await expectToast(page, 'Anmodning sendt', { description: RESET_REQUESTED });
    await dialog.dialog.waitFor({ state: 'hidden' });
    // Closed and emptied (SPEC.md §4): opened again, the field is blank.
    const reopened = await openDialog(page);
    expect(await reopened.email.inputValue()).toBe('');
    await reopened.cancel.click();

    const mail = await server.mail.waitFor((m) => m.to.includes(account.email));
    expect(mail.subject).toBe('Nulstil din adgangskode til Mindested');
    const link = linkIn(mail, '/reset-password/');
    expect(link.startsWith(`${server.baseUrl}/reset-password/`)).toBe(true);

    await page.goto(link);
    await visible(page.getByRole('heading', { level: 1, name: 'Vælg en ny adgangskode' }));
    const newPassword = 'syrener-i-maj-2024';
    await page.getByLabel('Ny adgangskode', { exact: true }).fill(newPassword);
    await page.getByLabel('Gentag ny adgangskode', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Gem ny adgangskode' }).click();
    await expectToast(page, 'Adgangskoden er ændret');
    await waitForPath(page, '/login');

    // Logging in with the new password, through the login page.
    const form = await fillLogin(page, account.username, newPassword);
    await form.submit.click();
    await expectToast(page, 'Login succesfuldt', { description: `Velkommen tilbage, ${account.fullName}!` });
    await waitForPath(page, '/profile');

    expect((await login(server, account.username, account.password)).status, 'the old password').toBe(401);
    // Sessions from before the reset are ended.
    expect((await callApi(server, 'GET', '/api/user', { session: before.session })).status).toBe(401);

    // The same link a second time says it has been used.
    const again = await e2e.openAnotherBrowser();
    again.expectBrowserError(/status of 410 .*\/api\/password-reset\/[\w-]+\)$/);
    await again.page.goto(link);
    await visible(again.page.getByRole('heading', { level: 1, name: 'Linket virker ikke' }));
    await visible(again.page.getByText(RESET_USED, { exact: true }));
    expect(await again.page.getByLabel('Ny adgangskode', { exact: true }).count()).toBe(0);
    await again.page.getByRole('main').getByRole('link', { name: 'Gå til login' }).click();
    await waitForPath(again.page, '/login');
  });

  test('an address without an account gets the same answer and no e-mail', async () => {
    const { page, server } = e2e;
    await page.goto('/login');
    const dialog = await openDialog(page);
    await dialog.email.fill('ingen-konto@eksempel.dk');
    await dialog.send.click();
    await expectToast(page, 'Anmodning sendt', { description: RESET_REQUESTED });
    // An e-mail to a known address, asked for afterwards, arrives alone: none went to the unknown one.
    const account = await registerAccount(server);
    expect((await callApi(server, 'POST', '/api/password-reset', { body: { email: account.email } })).status).toBe(200);
    await server.mail.waitFor((m) => m.to.includes(account.email));
    expect(server.mail.messages.filter((m) => m.to.includes('ingen-konto@eksempel.dk'))).toEqual([]);
  });
});
