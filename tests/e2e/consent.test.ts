/**
 * The cookie banner and its settings (SPEC.md §2 "Other shared UI", §4, §5, §7, §8): shown on a
 * first visit and after 13 months, one POST /api/gdpr/consent per purpose, "Indstillinger gemt",
 * and a failed save keeps the banner with the "Fejl" toast.
 */
import type { Page, Request } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { CONSENT_PURPOSES, CONSENT_STORAGE_KEY } from '../../src/shared/consent';
import type { Memorial } from '../../src/shared/memorials';
import { expectNoAxeViolations } from '../support/browser';
import { callApi, registerAccount } from '../support/e2e-api';
import { setupE2e } from '../support/e2e-suite';
import { expectToast, visible } from '../support/e2e-ui';

const e2e = setupE2e({ qrCodes: 1 });

const banner = (page: Page) => page.getByRole('region', { name: 'Vi bruger cookies' });

/** Collects the consent calls the page makes, with their answers. */
function recordConsentCalls(page: Page) {
  const calls: { request: Request; status: number | null }[] = [];
  page.on('requestfinished', (request) => {
    if (new URL(request.url()).pathname !== '/api/gdpr/consent') return;
    const entry = { request, status: null as number | null };
    calls.push(entry);
    void request.response().then((response) => (entry.status = response?.status() ?? null));
  });
  return calls;
}

const expectedBody = (purpose: string, consentGiven: boolean) =>
  purpose === 'necessary'
    ? { purpose, consentGiven: true, consentMethod: 'banner', legalBasis: 'legal_obligation', dataRetentionPeriod: 'Account lifecycle' }
    : { purpose, consentGiven, consentMethod: 'banner', legalBasis: 'consent', dataRetentionPeriod: '13 months' };

async function waitForCalls(calls: unknown[], count: number) {
  for (let i = 0; i < 100 && calls.length < count; i++) await new Promise((resolve) => setTimeout(resolve, 50));
  expect(calls.length).toBe(count);
}

describe('the cookie banner', () => {
  test('a first visit shows the banner, which passes axe in both themes and leaves the page usable', async () => {
    const { page } = e2e;
    await page.goto('/');
    const region = await visible(banner(page));
    for (const name of ['Accepter alle', 'Kun nødvendige', 'Indstillinger']) await visible(region.getByRole('button', { name, exact: true }));
    // Not a modal: the page's own links still work.
    await visible(page.getByRole('banner').getByRole('link', { name: 'Priser' }));
    await expectNoAxeViolations(page);

    // On a phone the page gets room below, so the footer's last link can be scrolled clear of the banner.
    await page.setViewportSize({ width: 360, height: 780 });
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const last = page.getByRole('contentinfo').getByRole('link', { name: 'Cookie-politik' });
    const [linkBox, bannerBox] = await Promise.all([last.boundingBox(), region.boundingBox()]);
    expect(linkBox!.y + linkBox!.height).toBeLessThanOrEqual(bannerBox!.y);

    await page.evaluate(() => localStorage.setItem('theme', 'dark'));
    await page.reload();
    await visible(banner(page));
    await expectNoAxeViolations(page);
  });

  test('the settings dialog: necessary is on and locked; saving sends five calls, says "Indstillinger gemt", and the banner stays away', async () => {
    const { page } = e2e;
    const calls = recordConsentCalls(page);
    await page.goto('/');
    await banner(page).getByRole('button', { name: 'Indstillinger', exact: true }).click();
    const dialog = await visible(page.getByRole('dialog', { name: 'Cookie-indstillinger' }));

    const necessary = dialog.getByRole('checkbox', { name: /Nødvendige/ });
    expect(await necessary.isChecked()).toBe(true);
    expect(await necessary.isDisabled()).toBe(true);
    await visible(dialog.getByText('Altid aktiv', { exact: true }));
    for (const name of ['Ydeevne', 'Statistik', 'Sociale medier', 'Markedsføring']) {
      const box = dialog.getByRole('checkbox', { name, exact: true });
      expect(await box.isChecked(), name).toBe(false);
      expect(await box.isDisabled(), name).toBe(false);
    }
    await expectNoAxeViolations(page);

    await dialog.getByRole('checkbox', { name: 'Statistik', exact: true }).check();
    await dialog.getByRole('button', { name: 'Gem indstillinger' }).click();
    await expectToast(page, 'Indstillinger gemt');
    await waitForCalls(calls, 5);

    expect(calls.map((c) => c.request.postDataJSON())).toEqual(CONSENT_PURPOSES.map((purpose) => expectedBody(purpose, purpose === 'analytics')));
    for (const call of calls) expect(call.request.method()).toBe('POST');
    await expect.poll(() => calls.map((c) => c.status)).toEqual([201, 201, 201, 201, 201]);
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await banner(page).count()).toBe(0);

    const stored = JSON.parse((await page.evaluate((key) => localStorage.getItem(key), CONSENT_STORAGE_KEY)) ?? 'null') as { timestamp: number; choices: Record<string, boolean> };
    expect(stored.choices).toEqual({ necessary: true, analytics: true, marketing: false, performance: false, social_media: false });
    expect(Math.abs(stored.timestamp - Date.now())).toBeLessThan(60_000);

    await page.reload();
    await visible(page.getByRole('contentinfo').getByRole('link', { name: 'Cookie-politik' }));
    expect(await banner(page).count()).toBe(0);

    // The footer opens the same settings again, showing the saved choices. On /login: the browser
    // draws it, so the button works as soon as it shows (the prerendered front page must hydrate first).
    await page.goto('/login');
    await visible(page.getByRole('heading', { level: 1 }));
    expect(await banner(page).count()).toBe(0);
    await page.getByRole('contentinfo').getByRole('button', { name: 'Cookie-indstillinger' }).click();
    const again = await visible(page.getByRole('dialog', { name: 'Cookie-indstillinger' }));
    expect(await again.getByRole('checkbox', { name: 'Statistik', exact: true }).isChecked()).toBe(true);
    expect(await again.getByRole('checkbox', { name: 'Markedsføring', exact: true }).isChecked()).toBe(false);
  });

  test('"Accepter alle" consents to every purpose and hides the banner', async () => {
    const { page } = e2e;
    const calls = recordConsentCalls(page);
    await page.goto('/');
    await banner(page).getByRole('button', { name: 'Accepter alle' }).click();
    await expectToast(page, 'Indstillinger gemt');
    await waitForCalls(calls, 5);
    // Answered by the banner's own code, and not pressed a second time when the page comes alive.
    await page.waitForLoadState('networkidle');
    expect(calls.map((c) => c.request.postDataJSON())).toEqual(CONSENT_PURPOSES.map((purpose) => expectedBody(purpose, true)));
    expect(await banner(page).count()).toBe(0);
    await page.reload();
    await visible(page.getByRole('contentinfo'));
    expect(await banner(page).count()).toBe(0);
  });

  test('"Kun nødvendige" refuses every optional purpose', async () => {
    const { page } = e2e;
    const calls = recordConsentCalls(page);
    await page.goto('/');
    await banner(page).getByRole('button', { name: 'Kun nødvendige' }).click();
    await expectToast(page, 'Indstillinger gemt');
    await waitForCalls(calls, 5);
    expect(calls.map((c) => c.request.postDataJSON())).toEqual(CONSENT_PURPOSES.map((purpose) => expectedBody(purpose, false)));
    expect(await banner(page).count()).toBe(0);
  });

  test('choices older than 13 months, or unreadable, bring the banner back', async () => {
    const { page } = e2e;
    const old = new Date();
    old.setMonth(old.getMonth() - 14);
    const stored = { timestamp: old.getTime(), choices: { necessary: true, analytics: true, marketing: true, performance: true, social_media: true } };
    await page.goto('/');
    await page.evaluate(([key, value]) => localStorage.setItem(key!, value!), [CONSENT_STORAGE_KEY, JSON.stringify(stored)]);
    await page.reload();
    await visible(banner(page));

    // Twelve months old still counts.
    const recent = new Date();
    recent.setMonth(recent.getMonth() - 12);
    await page.evaluate(([key, value]) => localStorage.setItem(key!, value!), [CONSENT_STORAGE_KEY, JSON.stringify({ ...stored, timestamp: recent.getTime() })]);
    await page.reload();
    await visible(page.getByRole('contentinfo'));
    expect(await banner(page).count()).toBe(0);

    await page.evaluate((key) => localStorage.setItem(key, '{ikke json'), CONSENT_STORAGE_KEY);
    await page.reload();
    await visible(banner(page));
  });

  test('a failed save shows "Fejl" and keeps the banner', async () => {
    const { page } = e2e;
    // A network failure for the consent calls only.
    await page.route('**/api/gdpr/consent', (route) => route.abort('internetdisconnected'));
    e2e.expectBrowserError(/ERR_INTERNET_DISCONNECTED/);
    await page.goto('/');
    await banner(page).getByRole('button', { name: 'Accepter alle' }).click();
    await expectToast(page, 'Fejl', { destructive: true, description: /prøv igen/ });
    await visible(banner(page));
    expect(await page.evaluate((key) => localStorage.getItem(key), CONSENT_STORAGE_KEY)).toBeNull();
  });

  test("is the server's HTML, shown before the app starts, and works on a visitor's memorial page", async () => {
    const { page } = e2e;
    const account = await registerAccount(e2e.server);
    const { session } = await callApi(e2e.server, 'POST', `/api/login?t=${Date.now()}`, { body: { username: account.username, password: account.password } });
    const created = await callApi<Memorial>(e2e.server, 'POST', '/api/memorials', { session, body: { name: 'Ellen Krogh' } });
    const html = await (await fetch(`${e2e.server.baseUrl}/memorial/${created.body.slug}`)).text();
    expect(html).toMatch(/<section id="cookie-banner"[^>]*>.*Vi bruger cookies.*<\/section>\s*<\/body>/s);

    const calls = recordConsentCalls(page);
    // A slow connection: the page's entry script arrives after the visitor has tapped the banner.
    let releaseScript!: () => void;
    const scriptHeld = new Promise<void>((resolve) => (releaseScript = resolve));
    await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
      await scriptHeld;
      await route.continue();
    });
    await page.goto(`/memorial/${created.body.slug}`, { waitUntil: 'commit' });
    await banner(page).getByRole('button', { name: 'Kun nødvendige' }).click();
    await page.waitForTimeout(200);
    expect(calls).toHaveLength(0);
    // Pressed again when the page comes alive, and only once.
    releaseScript();
    await expectToast(page, 'Indstillinger gemt');
    await waitForCalls(calls, 5);
    await page.waitForLoadState('networkidle');
    expect(calls.map((c) => c.request.postDataJSON())).toEqual(CONSENT_PURPOSES.map((purpose) => expectedBody(purpose, false)));
    expect(await banner(page).count()).toBe(0);
  });

  test('a page sent without the banner (a build without the server-side bundle) gets it drawn by the browser', async () => {
    const { page } = e2e;
    await page.route('**/pricing', async (route) => {
      const response = await route.fetch();
      const body = (await response.text()).replace(/<section id="cookie-banner".*?<\/section>/s, '');
      await route.fulfill({ response, body });
    });
    const calls = recordConsentCalls(page);
    await page.goto('/pricing');
    const region = await visible(banner(page));
    await expectNoAxeViolations(page);
    await region.getByRole('button', { name: 'Accepter alle' }).click();
    await expectToast(page, 'Indstillinger gemt');
    await waitForCalls(calls, 5);
    expect(await banner(page).count()).toBe(0);
  });
});
