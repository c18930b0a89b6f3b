/**
 * The reseller's own pages (issue 21): /reseller-register, where a funeral home or stone dealer
 * applies (the CVR number's two messages, the terms, the draft kept while the terms are read, a
 * duplicate CVR number, the receipt), and /reseller-dashboard for a visitor and in each state a
 * record can be in: none, pending, rejected, suspended, and approved, where a code is given to a
 * family, its e-mail sent again, its letter fetched, and the hand-over taken back. Axe on every
 * page and state at 360 and 1280 px: the pages' own describe loads each page four times (both
 * widths, both themes); a state met in a journey is checked where the journey stands, at both
 * widths and in the dark theme too (axeHere). The records are written to the database; only the
 * step a test is about goes through the pages.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { formatCode } from '../../src/shared/qr-code';
import { APPLICATION_RECEIVED, RESELLER_TERMS_VERSION, resellerMessages } from '../../src/shared/resellers-api';
import { expectNoAxeViolations } from '../support/browser';
import { type Account, registerAccount, signInBrowser } from '../support/e2e-api';
import { resellerRecordSql, shippedPackageSql } from '../support/e2e-resellers';
import { validCvr } from '../support/factories';
import { setupE2e } from '../support/e2e-suite';
import { consentGiven, expectFieldError, expectToast, fillLogin, visible, waitForPath } from '../support/e2e-ui';

const e2e = setupE2e({ qrCodes: 24 });

function applicationForm(page: Page) {
  return {
    companyName: page.getByLabel('Virksomhedens navn', { exact: true }),
    cvr: page.getByLabel('CVR-nummer', { exact: true }),
    address: page.getByLabel('Adresse', { exact: true }),
    postcode: page.getByLabel('Postnummer', { exact: true }),
    town: page.getByLabel('By', { exact: true }),
    contactName: page.getByLabel('Navn', { exact: true }),
    email: page.getByLabel('E-mail', { exact: true }),
    phone: page.getByLabel('Telefon', { exact: true }),
    terms: page.getByRole('checkbox', { name: /Jeg har læst og accepterer forhandlervilkårene/ }),
    submit: page.getByRole('button', { name: 'Send ansøgning' }),
  };
}

/** The kinds are cards: a person taps the card, whose radio button is hidden under it. */
const chooseKind = (page: Page, name: RegExp) => page.locator('label').filter({ has: page.getByRole('radio', { name }) }).click();

async function fillApplication(page: Page, values: { companyName: string; cvr: string; email: string }) {
  const form = applicationForm(page);
  await form.companyName.fill(values.companyName);
  await form.cvr.fill(values.cvr);
  await chooseKind(page, /Bedemand/);
  await form.address.fill('Søndergade 12');
  await form.postcode.fill('8600');
  await form.town.fill('Silkeborg');
  await form.contactName.fill('Lene Rasmussen');
  await form.email.fill(values.email);
  await form.phone.fill('86 12 34 56');
  return form;
}

/** A signed-in browser for `account`, on a page that has the cookie banner answered. */
async function signedIn(account: Account) {
  await consentGiven(e2e.page);
  await signInBrowser(e2e.context, e2e.server, account);
  return e2e.page;
}

/** The big number over a state's name on the overview. */
const figure = (page: Page, name: string) => page.locator('dl > div').filter({ has: page.locator('dt', { hasText: new RegExp(`^${name}$`) }) }).locator('dd');

/**
 * Axe on the page as it stands, at a phone's width in the light and the dark theme and at a desk's
 * in the light one, switched in place as the header's button does (no reload, so a dialog stays
 * open): the colours do not change with the width, nor the layout with the theme. The page is
 * left at the width and theme it had.
 */
async function axeHere(page: Page) {
  const before = page.viewportSize()!;
  const dark = (on: boolean) =>
    page.evaluate((value) => {
      document.documentElement.classList.toggle('dark', value);
      document.documentElement.style.colorScheme = value ? 'dark' : 'light';
    }, on);
  const wasDark = await page.evaluate(() => document.documentElement.classList.contains('dark'));
  for (const [width, themes] of [
    [360, [false, true]],
    [1280, [false]],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${page.url()} fits ${width} px`).toBeLessThanOrEqual(width);
    for (const on of themes) {
      await dark(on);
      await expectNoAxeViolations(page);
    }
  }
  await dark(wasDark);
  await page.setViewportSize(before);
}

/** The code's row in the table (wide screens) or its card (phones): whichever is shown. */
const codeRow = (page: Page, code: string): Locator => page.locator('tr, li').filter({ hasText: formatCode(code), visible: true });

describe('/reseller-register', () => {
  test('a visitor applies: the CVR number is checked at the field, the terms must be accepted, the draft survives reading them', async () => {
    const { page, server } = e2e;
    await consentGiven(page);
    await page.goto('/reseller-register');
    await visible(page.getByRole('heading', { level: 1, name: 'Bliv forhandler hos Mindested' }));
    const email = `lene${Date.now()}@bedemand-rasmussen.dk`;
    // 12345678 has 8 digits but fails modulus 11: a typo.
    const form = await fillApplication(page, { companyName: 'Bedemand Rasmussen', cvr: '12345678', email });
    await form.submit.click();
    await expectFieldError(form.cvr, resellerMessages.cvrInvalid);
    await visible(page.getByRole('alert').filter({ hasText: resellerMessages.terms }));
    // Too few digits says so instead, as soon as the field changes.
    await form.cvr.fill('1234 567');
    await expectFieldError(form.cvr, resellerMessages.cvrFormat);

    // Reading the terms in the same tab and coming back loses nothing typed.
    await page.getByRole('link', { name: 'forhandlervilkårene' }).first().click();
    await waitForPath(page, '/reseller-terms');
    await page.goBack();
    await waitForPath(page, '/reseller-register');
    expect(await form.companyName.inputValue()).toBe('Bedemand Rasmussen');
    expect(await form.email.inputValue()).toBe(email);
    expect(await page.getByRole('radio', { name: /Bedemand/ }).isChecked()).toBe(true);

    const cvr = validCvr();
    // Typed the way a CVR number is printed on an invoice.
    await form.cvr.fill(`DK ${cvr.slice(0, 2)} ${cvr.slice(2, 4)} ${cvr.slice(4, 6)} ${cvr.slice(6)}`);
    await form.terms.check();
    await form.submit.click();
    await visible(page.getByRole('heading', { name: 'Ansøgningen er sendt' }));
    await visible(page.getByText(APPLICATION_RECEIVED));
    await visible(page.getByText('Når ansøgningen er godkendt, får I en e-mail med et link, hvor I vælger brugernavn og adgangskode.'));

    // On the embedded database the server steps aside for the SQL and starts again: what the page
    // still asks for meanwhile (the service worker it registers after loading) is that outage.
    await page.waitForLoadState('networkidle');
    e2e.expectBrowserError(/net::ERR_CONNECTION_REFUSED \(http:\/\/127\.0\.0\.1:\d+\//);
    e2e.expectBrowserError(/^console: An unknown error occurred when fetching the script\./);
    const [row] = await server.sql(`select status, kind, email, terms_version, user_id from resellers where cvr = '${cvr}'`);
    expect(row).toEqual({ status: 'pending', kind: 'funeral_home', email, terms_version: RESELLER_TERMS_VERSION, user_id: null });
    await server.mail.waitFor((mail) => mail.to.includes(email) && mail.subject === 'Vi har modtaget jeres ansøgning som forhandler');

    // The draft went with the application: the form starts empty again.
    await page.goto('/reseller-register');
    expect(await applicationForm(page).companyName.inputValue()).toBe('');

    // The same CVR number again is refused under the field.
    e2e.expectBrowserError(/status of 409 .*\/api\/resellers\/applications/);
    const again = await fillApplication(page, { companyName: 'Rasmussen og Søn', cvr, email: `soen${Date.now()}@eksempel.dk` });
    await again.terms.check();
    await again.submit.click();
    await expectFieldError(again.cvr, resellerMessages.duplicateCvr);
  });

  test('a signed-in person applies with the account: name suggested, e-mail from the account, then the way to the dashboard', async () => {
    const account = await registerAccount(e2e.server, { fullName: 'Mads Kjær' });
    const page = await signedIn(account);
    e2e.expectBrowserError(/status of 404 .*\/api\/resellers\/partner\/UKENDT123\)$/);
    await page.goto('/reseller-register?partner=UKENDT123');
    await visible(page.getByText(resellerMessages.unknownPartner));
    const form = applicationForm(page);
    await expect.poll(() => form.contactName.inputValue()).toBe('Mads Kjær');
    expect(await form.email.inputValue()).toBe(account.email);
    expect(await form.email.getAttribute('readonly')).not.toBeNull();
    await visible(page.getByText('Vi bruger e-mailadressen fra din konto.'));
    await axeHere(page);

    await form.companyName.fill('Kjærs Stenhuggeri');
    await form.cvr.fill(validCvr());
    await chooseKind(page, /Stenhugger/);
    await form.address.fill('Havnevej 3');
    await form.postcode.fill('9000');
    await form.town.fill('Aalborg');
    await form.phone.fill('+45 98 76 54 32');
    await form.terms.check();
    await form.submit.click();
    await visible(page.getByRole('heading', { name: 'Ansøgningen er sendt' }));
    await page.getByRole('link', { name: 'Følg ansøgningen' }).click();
    await waitForPath(page, '/reseller-dashboard');
    await visible(page.getByRole('heading', { level: 1, name: 'Kjærs Stenhuggeri' }));
    await visible(page.getByText('Afventer godkendelse', { exact: true }));

    // Back on the application page, the application is shown instead of a second form.
    await page.goto('/reseller-register');
    await visible(page.getByText('Vi har jeres ansøgning og gennemgår den normalt inden for fem hverdage. I kan følge den på forhandlersiden.'));
    expect(await form.submit.count()).toBe(0);
    await axeHere(page);
  });
});

describe('/reseller-dashboard', () => {
  test('a visitor is told what a reseller is, with the way to apply and to log in; so is an account that is no reseller', async () => {
    const { page } = e2e;
    await consentGiven(page);
    await page.goto('/reseller-dashboard?tab=koder');
    const main = page.getByRole('main');
    await visible(main.getByRole('heading', { level: 1, name: 'Forhandler hos Mindested' }));
    await visible(main.getByText('Er I bedemand eller stenhugger? Så kan I blive forhandler hos os.'));
    await visible(main.getByText('Bedemænd og stenhuggere giver familierne en QR-kode til mindestenen.'));
    expect(await main.getByRole('link', { name: 'Bliv forhandler nu' }).getAttribute('href')).toBe('/reseller-register');
    await axeHere(page);

    // A dealer with an account logs in and comes back where they were going.
    const account = await registerAccount(e2e.server);
    await main.getByRole('link', { name: 'Log ind', exact: true }).click();
    await waitForPath(page, '/login', `?redirect=${encodeURIComponent('/reseller-dashboard?tab=koder')}`);
    const login = await fillLogin(page, account.username, account.password);
    await login.submit.click();
    await waitForPath(page, '/reseller-dashboard', '?tab=koder');
    await visible(main.getByText('Du er ikke registreret som forhandler.'));
    expect(await main.getByRole('link', { name: 'Log ind', exact: true }).count()).toBe(0);
    await axeHere(page);
    await main.getByRole('link', { name: 'Bliv forhandler nu' }).click();
    await waitForPath(page, '/reseller-register');
  });

  test('pending: where the application stands; rejected: why, and the way on', async () => {
    const account = await registerAccount(e2e.server, { fullName: 'Bente Kragh' });
    await e2e.server.sql(resellerRecordSql(account.username, { companyName: 'Begravelsesforretningen Kragh', status: 'pending', kind: 'funeral_home' }));
    const page = await signedIn(account);
    await page.goto('/reseller-dashboard');
    await visible(page.getByRole('heading', { level: 1, name: 'Begravelsesforretningen Kragh' }));
    await visible(page.getByText('Afventer godkendelse', { exact: true }));
    await visible(page.getByRole('heading', { name: 'Vi gennemgår ansøgningen' }));
    await visible(page.getByText('Vi svarer normalt inden for fem hverdage.'));
    await visible(page.getByText(`Vi skriver til ${account.email}, når ansøgningen er afgjort.`));
    expect(await page.getByRole('navigation', { name: 'Forhandleroverblikkets dele' }).count()).toBe(0);
    // The header shows "Forhandler" without "Aktiv" until the application is approved.
    expect(await page.getByRole('banner').getByText('Aktiv', { exact: true }).count()).toBe(0);
    await axeHere(page);

    // The admin rejects it.
    await e2e.server.sql(
      `update resellers set status = 'rejected', status_reason = 'Vi kan ikke finde virksomheden i CVR-registret.', status_changed_at = now()
        where company_name = 'Begravelsesforretningen Kragh'`,
    );
    await page.reload();
    await visible(page.getByRole('heading', { name: 'Jeres ansøgning er afslået' }));
    await visible(page.getByText('Afslået', { exact: true }));
    await visible(page.getByText('Vi kan ikke finde virksomheden i CVR-registret.'));
    expect(await page.getByRole('banner').getByText('Aktiv', { exact: true }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Skriv til os' }).first().getAttribute('href')).toBe('/contact');
    await axeHere(page);
    await page.getByRole('link', { name: 'Ansøg igen' }).click();
    await waitForPath(page, '/reseller-register');
    await visible(page.getByText('Jeres tidligere ansøgning blev afslået'));
  });

  test('suspended: the reason, the history readable, no codes given', async () => {
    const account = await registerAccount(e2e.server, { fullName: 'Tove Holm' });
    const codes = [e2e.server.takeCode(), e2e.server.takeCode()];
    await e2e.server.sql(
      resellerRecordSql(account.username, { companyName: 'Holm Stenhuggeri', status: 'suspended', statusReason: 'To fakturaer er ikke betalt.' }),
      ...shippedPackageSql('Holm Stenhuggeri', 'Holms pakke', codes),
    );
    const page = await signedIn(account);
    await page.goto('/reseller-dashboard');
    await visible(page.getByText('Jeres forhandleradgang er suspenderet'));
    await visible(page.getByText('Begrundelse: To fakturaer er ikke betalt.'));
    await expect.poll(() => figure(page, 'Modtaget').textContent()).toBe('2');

    await page.getByRole('link', { name: 'Koder', exact: true }).click();
    await visible(codeRow(page, codes[0]!));
    expect(await page.getByRole('button', { name: /Giv til familie/ }).count()).toBe(0);
    await axeHere(page);
  });

  test('approved: a code given to a family from the list, its letter, and the hand-over taken back', async () => {
    const account = await registerAccount(e2e.server, { fullName: 'Karen Sørensen' });
    const codes = [e2e.server.takeCode(), e2e.server.takeCode(), e2e.server.takeCode()];
    await e2e.server.sql(
      resellerRecordSql(account.username, { companyName: 'Stenhuggeriet Vest ApS', status: 'approved', commissionBasisPoints: 750 }),
      ...shippedPackageSql('Stenhuggeriet Vest ApS', 'Pakke til Vest', codes),
      resellerRecordSql(null, { companyName: 'Bedemand Aagaard', status: 'approved', town: 'Viborg', referredBy: 'Stenhuggeriet Vest ApS' }),
    );
    const page = await signedIn(account);
    await page.goto('/reseller-dashboard');
    await visible(page.getByRole('heading', { level: 1, name: 'Stenhuggeriet Vest ApS' }));
    await visible(page.getByRole('banner').getByText('Aktiv', { exact: true }).filter({ visible: true }));
    // The rest on a phone.
    await page.setViewportSize({ width: 360, height: 800 });
    await expect.poll(() => figure(page, 'Modtaget').textContent()).toBe('3');
    await visible(page.getByText('Pakke til Vest'));
    await page.getByRole('link', { name: 'Se dem under Koder' }).click();
    await waitForPath(page, '/reseller-dashboard', '?tab=koder&state=shipped');

    // Give the first code: the family's name is needed, the e-mail is not.
    const code = codes[0]!;
    await codeRow(page, code).getByRole('button', { name: `Giv til familie (kode ${formatCode(code)})` }).click();
    const dialog = await visible(page.getByRole('dialog', { name: 'Giv koden til en familie' }));
    await visible(dialog.getByText('Uden e-mail kan I printe et brev til familien.'));
    await dialog.getByRole('button', { name: 'Giv koden' }).click();
    await expectFieldError(dialog.getByLabel('Familiens navn'), resellerMessages.familyName);
    const familyEmail = `berg${Date.now()}@eksempel.dk`;
    await dialog.getByLabel('Familiens navn').fill('Familien Berg');
    await dialog.getByLabel('E-mail (valgfri)').fill(familyEmail);
    await axeHere(page);
    await dialog.getByRole('button', { name: 'Giv koden' }).click();
    await expectToast(page, 'Koden er givet til familien', {
      description: `Koden er givet til Familien Berg. Vi har sendt en e-mail til ${familyEmail} med et link, så familien kan tage koden i brug.`,
    });
    const mail = await e2e.server.mail.waitFor((m) => m.to.includes(familyEmail));
    expect(mail.subject).toBe('Stenhuggeriet Vest ApS har givet jer en QR-kode til mindestenen');

    // The list showed only received codes: the given one is found under "Givet til familie", by the family's name.
    await page.getByLabel('Vis', { exact: true }).selectOption('given');
    await page.getByRole('searchbox', { name: 'Søg' }).fill('Berg');
    await waitForPath(page, '/reseller-dashboard', '?tab=koder&q=Berg&state=given');
    const given = codeRow(page, code);
    await visible(given.getByText('Familien Berg'));
    await visible(given.getByText('Givet til familie', { exact: true }));
    expect(await page.locator('tr, li').filter({ has: page.locator('.code-text'), visible: true }).count()).toBe(1);

    // The e-mail did not arrive: sent again, with a new link.
    await given.getByRole('button', { name: `Send linket igen (kode ${formatCode(code)})` }).click();
    await expectToast(page, 'Linket er sendt igen', {
      description: `Vi har sendt linket igen til ${familyEmail}. Linket i den forrige e-mail virker ikke længere.`,
    });
    await expect.poll(() => e2e.server.mail.messages.filter((m) => m.to.includes(familyEmail)).length).toBe(2);

    // The letter for the family is a PDF.
    const letterHref = await given.getByRole('link', { name: `Print brev (kode ${formatCode(code)})` }).getAttribute('href');
    const letter = await page.request.get(letterHref!);
    expect(letter.status()).toBe(200);
    expect(letter.headers()['content-type']).toBe('application/pdf');
    // And the CSV holds what the list shows.
    const csvHref = await page.getByRole('link', { name: 'Hent CSV' }).getAttribute('href');
    expect(csvHref).toBe('/api/resellers/me/qr-codes.csv?q=Berg&state=given');
    const csv = await page.request.get(csvHref!);
    expect(csv.status()).toBe(200);
    expect(await csv.text()).toContain('Familien Berg');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // Taken back: asked first, then the code is received again and can be given to someone else.
    await given.getByRole('button', { name: `Fortryd (kode ${formatCode(code)})` }).click();
    const confirm = await visible(page.getByRole('dialog', { name: 'Fortryd overdragelsen?' }));
    await confirm.getByRole('button', { name: 'Ja, fortryd' }).click();
    await expectToast(page, 'Overdragelsen er fortrudt');
    await visible(page.getByText('Ingen koder passer til søgningen.'));
    await page.getByLabel('Vis', { exact: true }).selectOption('');
    await page.getByRole('searchbox', { name: 'Søg' }).fill('');
    await visible(codeRow(page, code).getByRole('button', { name: `Giv til familie (kode ${formatCode(code)})` }));

    // Statistics and partners.
    await page.getByRole('link', { name: 'Statistik' }).click();
    await visible(page.getByText('mindesider åbnet med jeres koder'));
    await page.getByRole('link', { name: 'Partnere' }).click();
    expect(await (await visible(page.getByLabel('Jeres henvisningslink'))).inputValue()).toMatch(/\/reseller-register\?partner=[0-9A-F]+$/);
    await visible(page.getByText('7,5 %'));
    await visible(page.getByText('Bedemand Aagaard').filter({ visible: true }));
  });
});

describe('axe on the reseller pages', () => {
  /**
   * One approved dealer with a shipped package for all four signed-in pages, made by the first that
   * needs it: on the embedded database each batch of SQL restarts the server.
   */
  let dealer: Promise<Awaited<ReturnType<typeof registerAccount>>> | undefined;
  const dealerAccount = () =>
    (dealer ??= (async () => {
      const account = await registerAccount(e2e.server, { fullName: 'Anders Aksel' });
      const company = `Aksels Stenhuggeri ${account.username}`;
      await e2e.server.sql(
        resellerRecordSql(account.username, { companyName: company, status: 'approved' }),
        ...shippedPackageSql(company, `Aksels pakke ${account.username}`, [e2e.server.takeCode(), e2e.server.takeCode()]),
      );
      return account;
    })());

  /** Each page at a phone's and a desk's width in both themes: one test per page, so each has the whole timeout. */
  async function check(path: string, arrived: (page: Page) => Locator, signedIn: boolean) {
    const { page, context } = e2e;
    await consentGiven(page);
    if (signedIn) await signInBrowser(context, e2e.server, await dealerAccount());
    for (const theme of ['light', 'dark']) {
      await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
      for (const width of [360, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(path);
        await visible(arrived(page));
        expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(theme === 'dark');
        expect(await page.evaluate(() => document.documentElement.scrollWidth), `${path} fits ${width} px`).toBeLessThanOrEqual(width);
        await expectNoAxeViolations(page);
      }
    }
  }

  test.each([
    ['/reseller-register', (page: Page) => page.getByRole('button', { name: 'Send ansøgning' }), false],
    ['/reseller-terms', (page: Page) => page.getByRole('heading', { level: 1 }), false],
    ['/reseller-dashboard', (page: Page) => page.getByText(/^Aksels pakke/), true],
    ['/reseller-dashboard?tab=koder', (page: Page) => page.locator('tr, li').filter({ hasText: /[0-9A-Z]{5}-[0-9A-Z]{5}/, visible: true }).first(), true],
    ['/reseller-dashboard?tab=statistik', (page: Page) => page.getByText('mindesider åbnet med jeres koder'), true],
    ['/reseller-dashboard?tab=partnere', (page: Page) => page.getByLabel('Jeres henvisningslink'), true],
  ] as const)('%s at 360 and 1280 px, light and dark', async (path, arrived, signedIn) => {
    await check(path, arrived, signedIn);
  });
});
