/**
 * "Besøg og lys" on /memorial/{slug}/admin (issue 6 item 2): a visitor opens the memorial page,
 * lights a candle and scans the stone; the owner then finds one of each in the statistics, in the
 * big numbers and in the table day by day. Axe in the light and the dark theme at 360 and 1280 px;
 * with MINDESTED_SCREENSHOTS set, a picture of each (under .scratch/, to be looked at).
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { Memorial } from '../../src/shared/memorials';
import { expectNoAxeViolations } from '../support/browser';
import { callApi, login, registerAccount, signInBrowser } from '../support/e2e-api';
import { setupE2e } from '../support/e2e-suite';
import { consentGiven, visible, waitForPath } from '../support/e2e-ui';

const e2e = setupE2e();
const SCREENSHOTS = process.env.MINDESTED_SCREENSHOTS ? path.resolve('.scratch') : null;

const statsSection = (page: Page) => page.getByRole('region', { name: 'Besøg og lys' });

/** The big number under a series' name. */
const total = (page: Page, name: string) => statsSection(page).locator('dl > div').filter({ has: page.locator('dt', { hasText: new RegExp(`^${name}$`) }) }).locator('dd');

describe('Besøg og lys', () => {
  test('a visit, a candle and a scan show up for the owner; axe in both themes at both widths', async () => {
    const owner = await registerAccount(e2e.server);
    const session = (await login(e2e.server, owner.username, owner.password)).session!;
    const created = await callApi<Memorial>(e2e.server, 'POST', '/api/memorials', { session, body: { name: 'Grethe Dam', birthDate: '1941-05-02', deathDate: '2025-01-14', privacy: 'public' } });
    expect(created.status).toBe(201);
    const memorial = created.body;
    // The owner's registration code, on the stone.
    expect((await callApi(e2e.server, 'POST', `/api/qr-codes/${owner.qrCode}/link`, { session, body: { memorial: memorial.id } })).status).toBe(200);

    // Before anyone came.
    const { page, context } = e2e;
    await consentGiven(page);
    await signInBrowser(context, e2e.server, owner);
    await page.goto(`/memorial/${memorial.slug}/admin`);
    await visible(statsSection(page).getByText('Ingen besøg endnu'));

    // A visitor in a browser of their own: opens the page, lights a candle, then scans the stone.
    const visitor = await e2e.openAnotherBrowser();
    await consentGiven(visitor.page);
    await visitor.page.setViewportSize({ width: 360, height: 740 });
    await visitor.page.goto(`/memorial/${memorial.slug}`);
    const candles = visitor.page.getByRole('region', { name: 'Tænd et lys' });
    await candles.getByRole('button', { name: 'Tænd dit lys' }).click();
    await candles.getByLabel('Dit navn').fill('Lise Holm');
    await candles.getByRole('button', { name: 'Tænd lyset' }).click();
    await visible(candles.getByRole('status').getByText('Tak. Dit lys tændes, når familien har set det.'));
    await visitor.page.goto(`/qr/${owner.qrCode}`);
    await waitForPath(visitor.page, `/memorial/qr/${owner.qrCode}`);
    await visible(visitor.page.getByRole('heading', { level: 1, name: /Grethe Dam/ }));

    // The owner's own visit to the page is not counted.
    await page.goto(`/memorial/${memorial.slug}`);
    await visible(page.getByRole('heading', { level: 1, name: /Grethe Dam/ }));

    if (SCREENSHOTS) await mkdir(SCREENSHOTS, { recursive: true });
    for (const theme of ['light', 'dark']) {
      await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
      for (const width of [360, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`/memorial/${memorial.slug}/admin`);
        const section = await visible(statsSection(page));
        await expect.poll(() => total(page, 'Besøg').textContent()).toBe('1');
        expect(await total(page, 'QR-scanninger').textContent()).toBe('1');
        expect(await total(page, 'Lys').textContent()).toBe('1');
        expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(theme === 'dark');
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

        // Today's row in the table: one of each, and 90 days in all.
        await section.getByText('Vis tallene dag for dag').click();
        const table = section.getByRole('table');
        expect(await table.getByRole('row').count()).toBe(91);
        expect(await table.getByRole('row').nth(1).getByRole('cell').allTextContents()).toEqual(['1', '1', '1']);
        await expectNoAxeViolations(page);
        await section.getByText('Vis tallene dag for dag').click();
        if (SCREENSHOTS) await section.screenshot({ path: path.join(SCREENSHOTS, `stats-${theme}-${width}.png`) });
      }
    }
  });
});
