/**
 * A stone's code from the first scan to the memorial it opens (issue 5, "Scan flow"): a new family
 * scans, activates the code by registering, makes the memorial the code then opens, and a visitor
 * scanning the stone lands on it; an existing user logs in from the code and links a memorial they
 * have; a shared stone's page shows both people; someone else's code and a foreign code explain
 * themselves. Pages pass axe and fit a 360 px phone.
 */
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { Memorial } from '../../src/shared/memorials';
import { formatCode, generateCode } from '../../src/shared/qr-code';
import { expectNoAxeViolations } from '../support/browser';
import { callApi, newAccountDetails, registerAccount } from '../support/e2e-api';
import { setupE2e } from '../support/e2e-suite';
import { consentGiven, expectToast, fillLogin, visible, waitForPath } from '../support/e2e-ui';
import { linkIn } from '../support/smtp-capture';

const e2e = setupE2e({ qrCodes: 10 });

const fitsPhone = async (page: Page) => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

describe('from the stone to the memorial', () => {
  test('a new family: scan, register with the code, make the memorial; then a visitor’s scan opens it', async () => {
    const { page } = e2e;
    const code = e2e.server.takeCode();
    await consentGiven(page);
    await page.setViewportSize({ width: 360, height: 740 });

    await page.goto(`/qr/${code}`);
    await waitForPath(page, `/qr-scan/${code}`);
    await visible(page.getByRole('heading', { level: 1, name: 'Koden er klar til brug' }));
    await visible(page.getByText(`Koden ${formatCode(code)} er endnu ikke taget i brug.`, { exact: false }));
    await fitsPhone(page);
    await expectNoAxeViolations(page);

    await page.getByRole('link', { name: 'Opret konto med koden' }).click();
    await waitForPath(page, '/register', `?qrCode=${code}`);
    const details = newAccountDetails({ fullName: 'Lene Dahl' });
    await page.getByLabel('Fulde navn', { exact: true }).fill(details.fullName);
    await page.getByLabel('Brugernavn', { exact: true }).fill(details.username);
    await page.getByLabel('E-mail', { exact: true }).fill(details.email);
    await page.getByLabel('Adgangskode', { exact: true }).fill(details.password);
    await page.getByLabel('Gentag adgangskode', { exact: true }).fill(details.password);
    await page.getByRole('main').getByRole('button', { name: 'Opret konto', exact: true }).click();

    // Registered: the code is theirs, and the scan leads on to setting it up.
    await waitForPath(page, `/qr-setup/${code}`);
    await visible(page.getByRole('heading', { level: 1, name: 'Hvad skal koden åbne?' }));
    await fitsPhone(page);
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: /Opret en ny mindeside/ }).click();
    await waitForPath(page, '/create-memorial', `?qrCode=${code}`);
    await page.getByRole('link', { name: /Blank side/ }).click();
    await waitForPath(page, '/create-memorial/blank', `?qrCode=${code}`);
    await page.getByLabel('Fulde navn').fill('Aksel Dahl');
    await page.getByRole('button', { name: 'Opret mindesiden' }).click();
    await expectToast(page, 'Mindesiden er oprettet');
    await page.waitForURL((url) => url.pathname.startsWith('/edit-memorial/aksel-dahl'));

    // A visitor at the grave, in a browser of their own.
    const visitor = await e2e.openAnotherBrowser();
    await visitor.page.setViewportSize({ width: 360, height: 740 });
    await visitor.page.goto(`/qr/${code}`);
    await waitForPath(visitor.page, `/memorial/qr/${code}`);
    await visible(visitor.page.getByRole('heading', { level: 1, name: 'Aksel Dahl' }));
  });

  test('by e-mail instead: name and address at the grave, username and password from the link', async () => {
    const { page } = e2e;
    const code = e2e.server.takeCode();
    const email = `ella${Date.now()}@eksempel.dk`;
    await consentGiven(page);
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(`/qr-scan/${code}`);
    await page.getByRole('link', { name: 'Få et link på e-mail' }).click();
    await waitForPath(page, '/qr-email-register', `?qrCode=${code}`);
    await visible(page.getByRole('heading', { level: 1, name: 'Tilmeld med e-mail' }));
    await page.getByRole('button', { name: 'Send mig linket' }).click();
    await visible(page.getByText('Skriv dit fulde navn.'));
    await page.getByLabel('Fulde navn').fill('Ella Krag');
    await page.getByLabel('E-mail').fill(email);
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Send mig linket' }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'Tjek din e-mail' }));
    await fitsPhone(page);

    const mail = await e2e.server.mail.waitFor((m) => m.to.includes(email));
    expect(mail.subject).toBe('Vælg brugernavn og adgangskode til Mindested');
    await page.goto(new URL(linkIn(mail, '/setup/')).pathname);
    await visible(page.getByRole('heading', { level: 1, name: 'Vælg brugernavn og adgangskode' }));
    await visible(page.getByText(`Kontoen til Ella Krag (${email}).`, { exact: false }));
    await expectNoAxeViolations(page);
    await page.getByLabel('Brugernavn').fill(`ella${Date.now()}`);
    await page.getByLabel('Adgangskode', { exact: true }).fill('stenhave-1950');
    await page.getByLabel('Gentag adgangskode').fill('stenhave-1950');
    await page.getByRole('main').getByRole('button', { name: 'Opret konto' }).click();
    await expectToast(page, 'Registrering succesfuldt');
    await waitForPath(page, `/qr-setup/${code}`);

    // The link is spent.
    e2e.expectBrowserError(/status of 410 .*\/api\/setup\//);
    await page.goto(new URL(linkIn(mail, '/setup/')).pathname);
    await visible(page.getByRole('heading', { level: 1, name: 'Linket kan ikke bruges' }));
    await visible(page.getByText(/^Linket er allerede brugt/));
  });

  test('an existing user logs in from the code and links a memorial they already have', async () => {
    const { page } = e2e;
    const account = await registerAccount(e2e.server);
    const { session } = await callApi(e2e.server, 'POST', `/api/login?t=${Date.now()}`, { body: { username: account.username, password: account.password } });
    expect((await callApi<Memorial>(e2e.server, 'POST', '/api/memorials', { session, body: { name: 'Birte Krogh', deathDate: '2024-02-02' } })).status).toBe(201);
    const code = e2e.server.takeCode();
    await consentGiven(page);

    await page.goto(`/qr-scan/${code}`);
    await page.getByRole('link', { name: 'Jeg har allerede en konto' }).click();
    await waitForPath(page, `/qr-scan/${code}/login`);
    const form = await fillLogin(page, account.username, account.password);
    await form.submit.click();
    await expectToast(page, 'QR-kode tilknyttet', { description: 'Din QR-kode er nu tilknyttet din konto og klar til brug.' });
    await waitForPath(page, `/qr-setup/${code}`);

    await page.getByRole('link', { name: /Vælg en mindeside, I allerede har/ }).click();
    await waitForPath(page, `/qr-linking/${code}`);
    await page.getByRole('checkbox', { name: 'Birte Krogh' }).check();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Knyt koden' }).click();
    await expectToast(page, 'Mindesiden er valgt', { description: `Stenen med koden ${formatCode(code)} åbner nu mindesiden for Birte Krogh.` });
    await waitForPath(page, `/memorial/qr/${code}`);
    await visible(page.getByRole('heading', { level: 1, name: 'Birte Krogh' }));
  });

  test('a shared stone shows both people side by side, each with the way into their page', async () => {
    const family = await registerAccount(e2e.server);
    const { session } = await callApi(e2e.server, 'POST', `/api/login?t=${Date.now()}`, { body: { username: family.username, password: family.password } });
    const made: Memorial[] = [];
    for (const body of [{ name: 'Ejnar Friis', birthDate: '1930-01-09', deathDate: '2019-05-01', epitaph: 'Altid i vore tanker' }, { name: 'Ruth Friis', birthDate: '1933-08-20', deathDate: '2023-03-14' }]) {
      made.push((await callApi<Memorial>(e2e.server, 'POST', '/api/memorials', { session, body })).body);
    }
    expect((await callApi(e2e.server, 'POST', `/api/qr-codes/${family.qrCode}/link`, { session, body: { memorial: made[0]!.id, secondMemorial: made[1]!.id } })).status).toBe(200);

    const { page } = e2e;
    await consentGiven(page);
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(`/qr/${family.qrCode}`);
      await waitForPath(page, `/memorial/qr/${family.qrCode}/dual`);
      await visible(page.getByRole('heading', { level: 2, name: 'Ejnar Friis' }));
      await visible(page.getByRole('heading', { level: 2, name: 'Ruth Friis' }));
      await visible(page.getByText('Altid i vore tanker'));
      if (width === 360) await fitsPhone(page);
      await expectNoAxeViolations(page);
    }
    await page.getByRole('link', { name: 'Se mindesiden for Ruth Friis' }).click();
    await waitForPath(page, `/memorial/${made[1]!.slug}`);
    await visible(page.getByRole('heading', { level: 1, name: 'Ruth Friis' }));
  });

  test('someone else’s unlinked code and a code that is not ours explain themselves', async () => {
    const owner = await registerAccount(e2e.server);
    const { page } = e2e;
    await consentGiven(page);
    await page.goto(`/qr-scan/${owner.qrCode}`);
    await visible(page.getByRole('heading', { level: 1, name: 'Koden er i brug' }));
    await visible(page.getByRole('link', { name: 'Skriv til os' }));
    expect(await page.content()).not.toContain(owner.fullName);
    await expectNoAxeViolations(page);

    await page.goto(`/qr-scan/${generateCode(() => new Uint8Array(9).fill(11))}`);
    await visible(page.getByRole('heading', { level: 1, name: 'Ugyldig QR-kode' }));
    await visible(page.getByText('Denne QR-kode tilhører ikke vores system.'));
    await page.getByRole('link', { name: 'Skriv koden selv' }).click();
    await waitForPath(page, '/qr-info');
  });
});
