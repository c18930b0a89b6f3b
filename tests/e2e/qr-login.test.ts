/**
 * The QR variant of the login page, /qr-scan/{code}/login (SPEC.md §2 "Login page", §4): a person
 * with an account activates the code of a stone by logging in; the code is locked to the account.
 * After the login the person goes on to /qr-scan/{code}, which sends the code's holder on to set
 * it up (/qr-setup/{code}; the scan flow itself is tested in qr-journey.test.ts).
 */
import { describe, expect, test } from 'vitest';
import { expectNoAxeViolations } from '../support/browser';
import { callApi, login, registerAccount, signInBrowser } from '../support/e2e-api';
import { setupE2e } from '../support/e2e-suite';
import { expectToast, fillLogin, loginForm, toastTitled, visible, waitForPath } from '../support/e2e-ui';

const e2e = setupE2e({ qrCodes: 14 });

const LINKED = { title: 'QR-kode tilknyttet', description: 'Din QR-kode er nu tilknyttet din konto og klar til brug.' };

describe('the QR login page /qr-scan/{code}/login', () => {
  test('shows its heading, subtitle and "Tilbage til QR-kode" to /qr-scan/{code}, and passes axe', async () => {
    const { page, server } = e2e;
    const code = server.codes.at(-1)!;
    await page.goto(`/qr-scan/${code}/login`);
    await visible(page.getByRole('heading', { level: 1, name: 'Log ind med eksisterende konto' }));
    await visible(page.getByText('For at aktivere din QR-kode', { exact: true }));
    const form = loginForm(page);
    await visible(form.username);
    await visible(form.password);
    await visible(form.submit);
    await visible(page.getByRole('button', { name: 'Glemt adgangskode?' }));

    await expectNoAxeViolations(page);

    await page.getByRole('link', { name: 'Tilbage til QR-kode' }).click();
    await waitForPath(page, `/qr-scan/${code}`);
  });

  test('logging in with an unclaimed code shows "QR-kode tilknyttet", goes on by /qr-scan/{code} to set the code up, and locks it to the account', async () => {
    const { page, server } = e2e;
    const account = await registerAccount(server);
    const code = server.takeCode();

    await page.goto(`/qr-scan/${code}/login`);
    const form = await fillLogin(page, account.username, account.password);
    await form.submit.click();
    await expectToast(page, LINKED.title, { description: LINKED.description });
    await waitForPath(page, `/qr-setup/${code}`);

    const me = await page.request.get('/api/user');
    expect(me.status()).toBe(200);
    expect(await me.json()).toMatchObject({ username: account.username });

    // Locked: still linked for its owner, refused to another account and to a new registration.
    expect((await login(server, account.username, account.password, code)).body.qrCodeLinked).toBe(true);
    const other = await registerAccount(server);
    expect((await login(server, other.username, other.password, code)).body.qrCodeLinked).toBe(false);
    const registration = await callApi(server, 'POST', '/api/register', {
      body: { fullName: 'Ny Person', username: 'nyperson', email: 'ny@eksempel.dk', password: 'hemmelig-1', qrCode: code },
    });
    expect(registration.status).toBe(400);
  });

  test('with a code someone else holds, the login works but links nothing, and still ends on /qr-scan/{code}', async () => {
    const { page, server } = e2e;
    const owner = await registerAccount(server);
    const visitor = await registerAccount(server);

    await page.goto(`/qr-scan/${owner.qrCode}/login`);
    const form = await fillLogin(page, visitor.username, visitor.password);
    await form.submit.click();
    await expectToast(page, 'Login succesfuldt', { description: `Velkommen tilbage, ${visitor.fullName}!` });
    await waitForPath(page, `/qr-scan/${owner.qrCode}`);
    expect(await toastTitled(page, LINKED.title).count()).toBe(0);

    // The owner keeps the code.
    expect((await login(server, owner.username, owner.password, owner.qrCode)).body.qrCodeLinked).toBe(true);
  });

  test('ignores ?redirect=: with a QR code the person always goes on by /qr-scan/{code}', async () => {
    const { page, server } = e2e;
    const account = await registerAccount(server);
    const code = server.takeCode();
    await page.goto(`/qr-scan/${code}/login?redirect=%2Fprofile`);
    const form = await fillLogin(page, account.username, account.password);
    await form.submit.click();
    await expectToast(page, LINKED.title);
    await waitForPath(page, `/qr-setup/${code}`);
  });

  test('a logged-in person is not sent away from the QR login page', async () => {
    const { page, server } = e2e;
    const account = await registerAccount(server);
    await signInBrowser(e2e.context, server, account);
    const code = server.takeCode();
    const userAnswered = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/user');
    await page.goto(`/qr-scan/${code}/login`);
    expect((await userAnswered).status()).toBe(200);
    await visible(page.getByRole('heading', { level: 1, name: 'Log ind med eksisterende konto' }));
    // Give React the answer it just got: the page must still be here after rendering with the user.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(new URL(page.url()).pathname).toBe(`/qr-scan/${code}/login`);
  });

  test('a failed QR login shows "Login fejlede" and leaves the code free', async () => {
    const { page, server } = e2e;
    const account = await registerAccount(server);
    const code = server.takeCode();
    e2e.expectBrowserError(/status of 401 .*\/api\/login\?t=\d+/);
    await page.goto(`/qr-scan/${code}/login`);
    const form = await fillLogin(page, account.username, 'forkert-adgangskode');
    await form.submit.click();
    await expectToast(page, 'Login fejlede', { description: 'Forkert brugernavn, e-mail eller adgangskode.', destructive: true });
    await waitForPath(page, `/qr-scan/${code}/login`);
    // Nobody holds the code: the next account to log in with it gets it.
    const other = await registerAccount(server);
    expect((await login(server, other.username, other.password, code)).body.qrCodeLinked).toBe(true);
  });
});

describe('/login?qrCode= (the code as a query parameter)', () => {
  test('links the code and goes on by /qr-scan/{code} to set it up', async () => {
    const { page, server } = e2e;
    const account = await registerAccount(server);
    const code = server.takeCode();
    await page.goto(`/login?qrCode=${code}`);
    await visible(page.getByRole('heading', { level: 1, name: 'Log ind på din konto' }));
    const form = await fillLogin(page, account.username, account.password);
    await form.submit.click();
    await expectToast(page, LINKED.title, { description: LINKED.description });
    await waitForPath(page, `/qr-setup/${code}`);
    expect((await login(server, account.username, account.password, code)).body.qrCodeLinked).toBe(true);
  });
});
