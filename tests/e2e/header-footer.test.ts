/**
 * The header, the phone's side menu and the footer (SPEC.md §2 "Header" and "Footer", §4 unread
 * badge, §6 who sees what): every entry's label and address, for a visitor and a signed-in person,
 * the unread badge at 0, 5 and 150, and the "Aktiv" badge of an approved reseller (not of an application).
 */
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { expectNoAxeViolations } from '../support/browser';
import { type Account, registerAccount, signInBrowser } from '../support/e2e-api';
import { unreadNotificationsSql } from '../support/e2e-data';
import { resellerRecordSql } from '../support/e2e-resellers';
import { setupE2e } from '../support/e2e-suite';
import { consentGiven, fillLogin, visible, waitForPath } from '../support/e2e-ui';

// The footer shows the address the server is configured with (src/client/lib/site-config.ts).
const CONTACT = 'hilsen@mindested-test.dk';
const e2e = setupE2e({ qrCodes: 6, env: { CONTACT_EMAIL: CONTACT } });

let quiet: Account; // no notifications, not a reseller
let five: Account;
let many: Account;
let reseller: Account;
let applicant: Account; // a reseller application that waits for approval

beforeAll(async () => {
  quiet = await registerAccount(e2e.server);
  five = await registerAccount(e2e.server);
  many = await registerAccount(e2e.server);
  reseller = await registerAccount(e2e.server);
  applicant = await registerAccount(e2e.server);
  // One call: on the embedded database every call restarts the server.
  await e2e.server.sql(unreadNotificationsSql(five.username, 5), unreadNotificationsSql(many.username, 150), resellerRecordSql(reseller.username, { companyName: 'Stenhuggeriet Vest ApS', status: 'approved' }), resellerRecordSql(applicant.username, { companyName: 'Bedemand Ny ApS', status: 'pending' }));
});

/** Each link's accessible name (its aria-label, else its text) and href, in order. */
function linksIn(region: Locator): Promise<[string, string | null][]> {
  return region
    .getByRole('link')
    .evaluateAll((links) => links.map((a) => [(a.getAttribute('aria-label') ?? a.textContent ?? '').replace(/\s+/g, ' ').trim(), a.getAttribute('href')] as [string, string | null]));
}

/**
 * Where the header is looked at: an address with no page (the not-found page), so these tests
 * check the header and not a page's own content; the landing page has its own tests.
 */
const PAGE = '/ingen/side/her';

const desktopNav = (page: Page) => page.getByRole('banner').getByRole('navigation', { name: 'Hovedmenu' });

async function openMobileMenu(page: Page): Promise<Locator> {
  await page.setViewportSize({ width: 360, height: 780 });
  const dialog = page.getByRole('dialog', { name: 'Menu' });
  // The front page arrives prerendered: a press before React has taken it over does nothing, as for a person.
  for (let attempt = 0; attempt < 5 && !(await dialog.isVisible()); attempt++) {
    await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click();
    await dialog.waitFor({ state: 'visible', timeout: 2000 }).catch(() => {});
  }
  await visible(dialog);
  return dialog.getByRole('navigation', { name: 'Hovedmenu' });
}

/** Nothing inside `scope` reaches past the right edge of the window (no sideways scrolling). */
async function expectNoSidewaysScroll(page: Page, scope = 'body') {
  const { overflow, wide } = await page.evaluate((selector) => {
    const width = document.documentElement.clientWidth;
    const wide = [...document.querySelectorAll(`${selector} *`)]
      .filter((element) => element.getBoundingClientRect().right > width + 0.5)
      .map((element) => `${element.tagName.toLowerCase()} "${(element.textContent ?? "").trim().slice(0, 40)}"`);
    return { overflow: wide.length ? 1 : document.querySelector(selector)!.scrollWidth - width, wide: wide.slice(0, 5) };
  }, scope);
  expect(overflow, `horizontal overflow in px (${wide.join(', ')})`).toBeLessThanOrEqual(0);
}

async function signIn(page: Page, account: Account) {
  await consentGiven(page);
  await signInBrowser(page.context(), e2e.server, account);
}

describe('the header for a visitor', () => {
  test('desktop: logo to /, Priser, Kontakt, Log ind, Opret konto and nothing for signed-in people', async () => {
    const { page } = e2e;
    await consentGiven(page);
    await page.goto(PAGE);
    const header = page.getByRole('banner');
    await visible(desktopNav(page).getByRole('link', { name: 'Log ind' }));
    expect(await header.getByRole('link', { name: 'Mindested', exact: true }).getAttribute('href')).toBe('/');
    expect(await linksIn(desktopNav(page))).toEqual([
      ['Priser', '/pricing'],
      ['Kontakt', '/contact'],
      ['Log ind', '/login'],
      ['Opret konto', '/register'],
    ]);
    await visible(header.getByRole('button', { name: /^Tema: Lyst/ }));
    await expectNoAxeViolations(page);
  });

  test('phone: the menu button replaces the links, and the side menu has the visitor entries', async () => {
    const { page } = e2e;
    await consentGiven(page);
    await page.setViewportSize({ width: 360, height: 780 });
    await page.goto(PAGE);
    await visible(page.getByRole('banner').getByRole('button', { name: 'Menu' }));
    expect(await desktopNav(page).count()).toBe(0);
    await expectNoSidewaysScroll(page, 'header');
    const menu = await openMobileMenu(page);
    expect(await linksIn(menu)).toEqual([
      ['Priser', '/pricing'],
      ['Kontakt', '/contact'],
      ['Log ind', '/login'],
      ['Opret konto', '/register'],
    ]);
    await expectNoAxeViolations(page);
  });
});

describe('the header for a signed-in person', () => {
  test('desktop: Forhandler, Opret mindeside, the bell without a badge at 0, Min profil; no Mine bestillinger', async () => {
    const { page } = e2e;
    await signIn(page, quiet);
    const counted = page.waitForResponse((r) => r.url().endsWith('/api/notifications/unread-count'));
    await page.goto(PAGE);
    expect(await (await counted).json()).toEqual({ unreadCount: 0 });
    await visible(desktopNav(page).getByRole('link', { name: 'Min profil' }));
    expect(await linksIn(desktopNav(page))).toEqual([
      ['Priser', '/pricing'],
      ['Kontakt', '/contact'],
      ['Forhandler', '/reseller-dashboard'],
      ['Opret mindeside', '/create-memorial'],
      ['Notifikationer', '/profile?tab=notifications'],
      ['Min profil', '/profile'],
    ]);
    await expectNoAxeViolations(page);
    await page.evaluate(() => localStorage.setItem('theme', 'dark'));
    await page.reload();
    await visible(desktopNav(page).getByRole('link', { name: 'Min profil' }));
    await expectNoAxeViolations(page);
  });

  test('phone: the side menu adds Notifikationer and Mine bestillinger, and passes axe in both themes', async () => {
    const { page } = e2e;
    await signIn(page, quiet);
    await page.setViewportSize({ width: 360, height: 780 });
    await page.goto(PAGE);
    await visible(page.getByRole('banner').getByRole('button', { name: 'Menu' }));
    await expectNoSidewaysScroll(page, 'header');
    const menu = await openMobileMenu(page);
    await visible(menu.getByRole('link', { name: 'Min profil' }));
    expect(await linksIn(menu)).toEqual([
      ['Priser', '/pricing'],
      ['Kontakt', '/contact'],
      ['Forhandler', '/reseller-dashboard'],
      ['Opret mindeside', '/create-memorial'],
      ['Notifikationer', '/profile?tab=notifications'],
      ['Min profil', '/profile'],
      ['Mine bestillinger', '/orders'],
    ]);
    await visible(page.getByRole('dialog').getByRole('button', { name: 'Log ud' }));
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await page.evaluate(() => localStorage.setItem('theme', 'dark'));
    await page.reload();
    await openMobileMenu(page);
    await expectNoAxeViolations(page);
  });

  test('5 unread notifications: the bell says so and shows "5", in the bar and in the side menu', async () => {
    const { page } = e2e;
    await signIn(page, five);
    await page.goto(PAGE);
    const bell = await visible(desktopNav(page).getByRole('link', { name: 'Notifikationer, 5 ulæste', exact: true }));
    expect((await bell.innerText()).trim()).toBe('5');
    expect(await bell.getAttribute('href')).toBe('/profile?tab=notifications');
    await expectNoAxeViolations(page);

    const menu = await openMobileMenu(page);
    const row = await visible(menu.getByRole('link', { name: 'Notifikationer, 5 ulæste', exact: true }));
    expect((await row.innerText()).replace(/\s+/g, ' ').trim()).toBe('Notifikationer 5');
  });

  test('150 unread notifications: the badge caps at "99+"', async () => {
    const { page } = e2e;
    await signIn(page, many);
    await page.goto(PAGE);
    const bell = await visible(desktopNav(page).getByRole('link', { name: 'Notifikationer, 99+ ulæste', exact: true }));
    expect((await bell.innerText()).trim()).toBe('99+');
    const menu = await openMobileMenu(page);
    const row = await visible(menu.getByRole('link', { name: 'Notifikationer, 99+ ulæste', exact: true }));
    expect((await row.innerText()).replace(/\s+/g, ' ').trim()).toBe('Notifikationer 99+');
  });

  test('a reseller sees "Aktiv" on Forhandler; others do not', async () => {
    const { page } = e2e;
    await signIn(page, reseller);
    await page.goto(PAGE);
    const link = await visible(desktopNav(page).getByRole('link', { name: 'Forhandler Aktiv', exact: true }));
    expect(await link.getAttribute('href')).toBe('/reseller-dashboard');
    await expectNoAxeViolations(page);
    const menu = await openMobileMenu(page);
    await visible(menu.getByRole('link', { name: 'Forhandler Aktiv', exact: true }));
    await expectNoAxeViolations(page);

    // Someone without a record: the plain entry once the answer (404) has arrived.
    const other = await e2e.openAnotherBrowser();
    other.expectBrowserError(/status of 404 .*\/api\/resellers\/me/);
    await signIn(other.page, quiet);
    const answered = other.page.waitForResponse((r) => r.url().endsWith('/api/resellers/me'));
    await other.page.goto(PAGE);
    expect((await answered).status()).toBe(404);
    await visible(desktopNav(other.page).getByRole('link', { name: 'Forhandler', exact: true }));
    expect(await desktopNav(other.page).getByText('Aktiv').count()).toBe(0);

    // An application that waits for approval is a record, but not an active reseller.
    await signIn(other.page, applicant);
    const pending = other.page.waitForResponse((r) => r.url().endsWith('/api/resellers/me'));
    await other.page.goto(PAGE);
    expect(await (await pending).json()).toMatchObject({ status: 'pending' });
    await visible(desktopNav(other.page).getByRole('link', { name: 'Forhandler', exact: true }));
    expect(await desktopNav(other.page).getByText('Aktiv').count()).toBe(0);
  });
});

describe('changing who is signed in', () => {
  test('the next person at the same browser never sees the last one\'s badges', async () => {
    const { page } = e2e;
    await signIn(page, reseller);
    await page.goto('/login');
    await waitForPath(page, '/profile');
    await visible(desktopNav(page).getByRole('link', { name: 'Forhandler Aktiv', exact: true }));

    const menu = await openMobileMenu(page);
    await page.getByRole('dialog').getByRole('button', { name: 'Log ud' }).click();
    await waitForPath(page, '/');
    await expect.poll(() => menu.count()).toBe(0);
    await page.setViewportSize({ width: 1280, height: 900 });

    // Within the same page (no reload), so the app's cache from the last person is still there.
    await desktopNav(page).getByRole('link', { name: 'Log ind' }).click();
    await waitForPath(page, '/login');
    const form = await fillLogin(page, quiet.username, quiet.password);
    await form.submit.click();
    await waitForPath(page, '/profile');
    await visible(desktopNav(page).getByRole('link', { name: 'Forhandler', exact: true }));
    await visible(desktopNav(page).getByRole('link', { name: 'Notifikationer', exact: true }));
    expect(await desktopNav(page).getByText('Aktiv').count()).toBe(0);
  });
});

describe('the footer', () => {
  test('every link, the configured contact e-mail, the year, and "Cookie-indstillinger"', async () => {
    const { page } = e2e;
    await consentGiven(page);
    await page.goto('/login');
    const footer = page.getByRole('contentinfo');
    await visible(footer.getByRole('link', { name: 'Forside' }));
    const links = await linksIn(footer);
    expect(links).toEqual([
      ['Forside', '/'],
      ['Priser', '/pricing'],
      ['Kontakt', '/contact'],
      ['Opret mindesite', '/create-memorial'],
      ['Abonnementer', '/subscription'],
      ['Privatlivspolitik', '/privacy'],
      ['Vilkår og betingelser', '/terms'],
      ['Cookie-politik', '/cookies'],
      [CONTACT, `mailto:${CONTACT}`],
    ]);
    await visible(footer.getByText(`© ${new Date().getFullYear()} Mindested`, { exact: true }));
    await expectNoAxeViolations(page);

    await footer.getByRole('button', { name: 'Cookie-indstillinger' }).click();
    await visible(page.getByRole('dialog', { name: 'Cookie-indstillinger' }));

    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 360, height: 780 });
    await expectNoSidewaysScroll(page);
  });
});
