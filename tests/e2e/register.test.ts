/**
 * Registration only through a QR code (SPEC.md §1, §2): /register?qrCode= with a code made by the
 * operator CLI, the rule that /register and /qr-register without a code send the visitor to
 * /qr-info, and /hidden-register.
 */
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { formatCode, isWellFormedCode } from '../../src/shared/qr-code';
import { expectNoAxeViolations } from '../support/browser';
import { login, newAccountDetails, registerAccount, signInBrowser } from '../support/e2e-api';
import { setupE2e } from '../support/e2e-suite';
import { expectFieldError, expectToast, visible, waitForPath } from '../support/e2e-ui';

const e2e = setupE2e({ qrCodes: 8 });

const CODE_NOT_USABLE = 'QR-koden kan ikke bruges til at oprette en konto. Den er ugyldig eller allerede taget i brug.';

function registerForm(page: Page) {
  return {
    fullName: page.getByLabel('Fulde navn', { exact: true }),
    username: page.getByLabel('Brugernavn', { exact: true }),
    email: page.getByLabel('E-mail', { exact: true }),
    password: page.getByLabel('Adgangskode', { exact: true }),
    repeatPassword: page.getByLabel('Gentag adgangskode', { exact: true }),
    submit: page.getByRole('main').getByRole('button', { name: 'Opret konto', exact: true }),
  };
}

async function fillRegistration(page: Page, details: ReturnType<typeof newAccountDetails>) {
  const form = registerForm(page);
  await form.fullName.fill(details.fullName);
  await form.username.fill(details.username);
  await form.email.fill(details.email);
  await form.password.fill(details.password);
  await form.repeatPassword.fill(details.password);
  return form;
}

describe('registering with a QR code', () => {
  test('the register page shows the code from the link and passes axe', async () => {
    const { page, server } = e2e;
    const code = server.codes.at(-1)!;
    await page.goto(`/register?qrCode=${code}`);
    await visible(registerForm(page).fullName);
    await visible(page.getByText(formatCode(code), { exact: true }));
    await expectNoAxeViolations(page);
  });

  test('a code from qr:generate makes an account that is logged in and holds the code; the code cannot be used twice', async () => {
    const { page, server } = e2e;
    const code = server.takeCode();
    const details = newAccountDetails({ fullName: 'Ingrid Sørensen' });

    await page.goto(`/register?qrCode=${code}`);
    const form = await fillRegistration(page, details);
    await form.submit.click();
    await expectToast(page, 'Registrering succesfuldt');

    // Logged in: the server knows the browser, and the profile shows the new name.
    const me = await page.request.get('/api/user');
    expect(me.status()).toBe(200);
    expect(await me.json()).toMatchObject({ fullName: 'Ingrid Sørensen', username: details.username, email: details.email });
    await page.goto('/profile');
    await visible(page.getByRole('heading', { level: 1, name: 'Min profil' }));
    await visible(page.getByText('Ingrid Sørensen', { exact: true }));

    // The code is locked to the new account: it stays "linked" for its owner and is refused to anyone else.
    expect((await login(server, details.username, details.password, code)).body.qrCodeLinked).toBe(true);
    const other = await registerAccount(server);
    expect((await login(server, other.username, other.password, code)).body.qrCodeLinked).toBe(false);

    // A second registration with the same code, by someone else in another browser, is refused in Danish.
    const second = await e2e.openAnotherBrowser();
    second.expectBrowserError(/status of 400 .*\/api\/register\?t=\d+/);
    const secondDetails = newAccountDetails();
    await second.page.goto(`/register?qrCode=${code}`);
    const secondForm = await fillRegistration(second.page, secondDetails);
    await secondForm.submit.click();
    await expectToast(second.page, 'Registrering fejlede', { description: CODE_NOT_USABLE, destructive: true });
    await visible(second.page.getByRole('alert').filter({ hasText: CODE_NOT_USABLE }));
    expect((await second.page.request.get('/api/user')).status()).toBe(401);
    // No account was made on the way.
    expect((await login(server, secondDetails.username, secondDetails.password)).status).toBe(401);
  });

  test('a username that is taken is refused at the field with a Danish message', async () => {
    const { page, server } = e2e;
    const existing = await registerAccount(server);
    e2e.expectBrowserError(/status of 409 .*\/api\/register\?t=\d+/);
    await page.goto(`/register?qrCode=${server.takeCode()}`);
    const form = await fillRegistration(page, newAccountDetails({ username: existing.username }));
    await form.submit.click();
    await expectFieldError(form.username, 'Brugernavnet er allerede i brug. Vælg et andet.');
    expect((await page.request.get('/api/user')).status()).toBe(401);
  });
});

describe('codes made by the operator while the site runs', () => {
  test('a code from a later qr:generate registers too, and a logged-in browser stays logged in meanwhile', async () => {
    const { page, server } = e2e;
    const account = await registerAccount(server);
    await signInBrowser(e2e.context, server, account);
    await page.goto('/profile');
    await visible(page.getByText(account.fullName, { exact: true }));

    // On the embedded database the server steps aside for the CLI and starts again. Let the page
    // finish loading first; anything it still asks for while the server is away fails to connect
    // (its code, or the service worker it registers a moment after loading), which is that outage
    // and not a fault of the page.
    await page.waitForLoadState('networkidle');
    e2e.expectBrowserError(/net::ERR_CONNECTION_REFUSED \(http:\/\/127\.0\.0\.1:\d+\/assets\//);
    e2e.expectBrowserError(/^console: An unknown error occurred when fetching the script\./);
    const [code] = await server.generateQrCodes(1);
    expect(isWellFormedCode(code!)).toBe(true);

    await page.reload();
    await visible(page.getByText(account.fullName, { exact: true }));

    const newcomer = await e2e.openAnotherBrowser();
    const details = newAccountDetails();
    await newcomer.page.goto(`/register?qrCode=${code}`);
    const form = await fillRegistration(newcomer.page, details);
    await form.submit.click();
    await expectToast(newcomer.page, 'Registrering succesfuldt');
    expect((await login(server, details.username, details.password, code)).body.qrCodeLinked).toBe(true);
  });
});

describe('registration only with a QR code', () => {
  for (const path of ['/register', '/qr-register', '/register?qrCode=']) {
    test(`${path} says "Registrering kun med QR-kode" and ends on /qr-info`, async () => {
      const { page } = e2e;
      await page.goto(path);
      await expectToast(page, 'Registrering kun med QR-kode');
      await waitForPath(page, '/qr-info');
      expect(await registerForm(page).fullName.count()).toBe(0);
    });
  }

  test('/qr-register with a code shows the registration form', async () => {
    const { page, server } = e2e;
    const code = server.codes.at(-1)!;
    await page.goto(`/qr-register?qrCode=${code}`);
    await visible(registerForm(page).fullName);
    await visible(page.getByText(formatCode(code), { exact: true }));
  });
});

describe('/hidden-register', () => {
  test('redirects to /hidden-register-72391, where an account is made with a typed code', async () => {
    const { page, server } = e2e;
    await page.goto('/hidden-register');
    await waitForPath(page, '/hidden-register-72391');

    const code = server.takeCode();
    const details = newAccountDetails();
    // Typed the way it is printed under the symbol, in two groups.
    await page.getByLabel('QR-kode', { exact: true }).fill(formatCode(code).toLowerCase());
    const form = await fillRegistration(page, details);
    await form.submit.click();
    await expectToast(page, 'Registrering succesfuldt');
    const me = await page.request.get('/api/user');
    expect(await me.json()).toMatchObject({ username: details.username });
    expect((await login(server, details.username, details.password, code)).body.qrCodeLinked).toBe(true);
  });
});
