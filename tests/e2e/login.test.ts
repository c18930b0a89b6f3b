/**
 * The ordinary login page /login (SPEC.md §2 "Login page", §5, §8) and logging out from /profile
 * (SPEC.md §4), in Chromium against the production server.
 */
import { describe, expect, test } from 'vitest';
import { expectNoAxeViolations } from '../support/browser';
import { browserSession, callApi, login, registerAccount, signInBrowser } from '../support/e2e-api';
import { setupE2e } from '../support/e2e-suite';
import { expectFieldError, expectToast, fillLogin, holdRequests, loginForm, visible, waitForPath } from '../support/e2e-ui';

const e2e = setupE2e({ qrCodes: 12 });

describe('the login page /login', () => {
  test('shows the heading, the fields, "Opret konto" to /qr-info and the legal links, and passes axe', async () => {
    const { page } = e2e;
    await page.goto('/login');
    await visible(page.getByRole('heading', { level: 1, name: 'Log ind på din konto' }));
    const form = loginForm(page);
    await visible(form.username);
    await visible(form.password);
    expect(await form.password.getAttribute('type')).toBe('password');
    await visible(form.submit);
    await visible(page.getByRole('button', { name: 'Glemt adgangskode?' }));

    const legal = page.getByRole('main');
    for (const [name, href] of [
      ['Privatlivspolitik', '/privacy'],
      ['Vilkår og betingelser', '/terms'],
      ['Cookie-politik', '/cookies'],
    ]) {
      expect(await legal.getByRole('link', { name, exact: true }).getAttribute('href'), name).toBe(href);
    }

    await expectNoAxeViolations(page);

    // The header has its own "Opret konto"; the page's link is the one under the form.
    await page.getByRole('main').getByRole('link', { name: 'Opret konto', exact: true }).click();
    await waitForPath(page, '/qr-info');
  });

  test('checks the fields before sending anything, with the Danish messages at the fields', async () => {
    const { page } = e2e;
    const logins: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/login') logins.push(request.url());
    });
    await page.goto('/login');
    const form = loginForm(page);

    await form.submit.click();
    await expectFieldError(form.username, 'Brugernavn eller email skal være mindst 2 tegn.');
    await expectFieldError(form.password, 'Adgangskode skal være mindst 6 tegn.');

    // One character short of each minimum is still refused.
    await page.reload();
    await fillLogin(page, 'a', '12345');
    await form.submit.click();
    await expectFieldError(form.username, 'Brugernavn eller email skal være mindst 2 tegn.');
    await expectFieldError(form.password, 'Adgangskode skal være mindst 6 tegn.');
    expect(logins).toEqual([]);
    await waitForPath(page, '/login');
  });

  test('logs in, says "Logger ind..." while waiting, greets with "Login succesfuldt" and goes to /profile', async () => {
    const { page, server } = e2e;
    const account = await registerAccount(server);
    await page.goto('/login');
    const form = await fillLogin(page, account.username, account.password);

    const pending = await holdRequests(page, '**/api/login?**');
    await form.submit.click();
    await pending.held;
    const busy = await visible(page.getByRole('button', { name: 'Logger ind...' }));
    expect(await busy.isDisabled()).toBe(true);
    pending.release();

    await expectToast(page, 'Login succesfuldt', { description: `Velkommen tilbage, ${account.fullName}!` });
    await waitForPath(page, '/profile');
    await visible(page.getByRole('heading', { level: 1, name: 'Min profil' }));
    await visible(page.getByText(account.fullName, { exact: true }));

    const me = await page.request.get('/api/user');
    expect(me.status()).toBe(200);
    expect(await me.json()).toMatchObject({ username: account.username, fullName: account.fullName });
  });

  test('accepts the e-mail address in "Brugernavn eller email"', async () => {
    const { page, server } = e2e;
    const account = await registerAccount(server);
    await page.goto('/login');
    const form = await fillLogin(page, account.email, account.password);
    await form.submit.click();
    await expectToast(page, 'Login succesfuldt', { description: `Velkommen tilbage, ${account.fullName}!` });
    await waitForPath(page, '/profile');
  });

  test('goes to the page in ?redirect= after logging in', async () => {
    const { page, server } = e2e;
    const account = await registerAccount(server);
    await page.goto('/login?redirect=%2Fqr-info');
    const form = await fillLogin(page, account.username, account.password);
    await form.submit.click();
    await expectToast(page, 'Login succesfuldt');
    await waitForPath(page, '/qr-info');
  });

  test('never follows ?redirect= to another site', async () => {
    const { page, server } = e2e;
    const account = await registerAccount(server);
    await page.goto(`/login?redirect=${encodeURIComponent('//evil.example/fake-login')}`);
    const form = await fillLogin(page, account.username, account.password);
    await form.submit.click();
    await expectToast(page, 'Login succesfuldt');
    await waitForPath(page, '/profile');
    expect(new URL(page.url()).origin).toBe(server.baseUrl);
  });

  test('a failed login shows the destructive toast "Login fejlede" with the server\'s message and stays', async () => {
    const { page, server } = e2e;
    const account = await registerAccount(server);
    e2e.expectBrowserError(/status of 401 .*\/api\/login\?t=\d+/);
    await page.goto('/login');
    const form = await fillLogin(page, account.username, 'forkert-adgangskode');
    await form.submit.click();

    await expectToast(page, 'Login fejlede', { description: 'Forkert brugernavn, e-mail eller adgangskode.', destructive: true });
    await waitForPath(page, '/login');
    await visible(page.getByRole('button', { name: 'Log ind', exact: true }));
    expect(await browserSession(e2e.context, server)).toBeNull();
    expect((await page.request.get('/api/user')).status()).toBe(401);
  });

  test('a logged-in person opening /login is sent to /profile', async () => {
    const { page, server } = e2e;
    const account = await registerAccount(server);
    await signInBrowser(e2e.context, server, account);
    await page.goto('/login');
    await waitForPath(page, '/profile');
    await visible(page.getByText(account.fullName, { exact: true }));
  });
});

describe('logging out from /profile', () => {
  test('"Log ud" ends the session on the server and lands on /', async () => {
    const { page, server } = e2e;
    const account = await registerAccount(server);
    const session = await signInBrowser(e2e.context, server, account);
    await page.goto('/profile');
    await visible(page.getByText(account.fullName, { exact: true }));

    const addresses: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) addresses.push(new URL(frame.url()).pathname);
    });
    await page.getByRole('button', { name: 'Log ud' }).click();
    await expectToast(page, 'Du er nu logget ud');
    expect((await page.request.get('/api/user')).status()).toBe(401);
    // Not just a forgotten cookie: the session itself is gone on the server.
    expect((await callApi(server, 'GET', '/api/user', { session })).status).toBe(401);

    // The landing page for a visitor, and no detour to the login page on the way.
    const landed = await visible(page.getByRole('main').getByRole('link', { name: 'Kom i gang nu' })).then(
      () => true,
      () => false,
    );
    expect(addresses, 'the pages the browser went to after "Log ud" (SPEC.md §4: to /)').toEqual(['/']);
    expect(landed, 'the landing page is shown').toBe(true);
    // And the header offers logging in again.
    await visible(page.getByRole('navigation', { name: 'Hovedmenu' }).getByRole('link', { name: 'Log ind' }));

    // The account itself still works.
    expect((await login(server, account.username, account.password)).status).toBe(200);
  });
});
