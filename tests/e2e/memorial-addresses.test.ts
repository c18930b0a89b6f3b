/**
 * A memorial's address never dies (issue 26): the family changes it on the edit page, and a
 * visitor who opens the old one (a printed card, a shared link) lands on the memorial at its new
 * address. Once the family deletes the memorial, both addresses say so kindly, with a way to write
 * to us, instead of "not found". The page passes axe in both themes and fits a 360 px phone.
 */
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { Memorial } from '../../src/shared/memorials';
import { expectNoAxeViolations } from '../support/browser';
import { callApi, registerAccount, signInBrowser } from '../support/e2e-api';
import { setupE2e } from '../support/e2e-suite';
import { consentGiven, expectToast, visible, waitForPath } from '../support/e2e-ui';

const e2e = setupE2e({ qrCodes: 1 });

const heading = (page: Page, name: string) => visible(page.getByRole('heading', { level: 1, name }));

describe('an old address of a memorial', () => {
  test('leads a visitor to the memorial after the family changed it, and says kindly when it is deleted', async () => {
    const owner = await registerAccount(e2e.server);
    const { session } = await callApi(e2e.server, 'POST', `/api/login?t=${Date.now()}`, { body: { username: owner.username, password: owner.password } });
    const created = await callApi<Memorial>(e2e.server, 'POST', '/api/memorials', { session, body: { name: 'Ellen Margrethe Holm', birthDate: '1931-02-03', deathDate: '2022-04-05' } });
    expect(created.status).toBe(201);
    const old = created.body.slug;

    const { page, context } = e2e;
    await consentGiven(page);
    await signInBrowser(context, e2e.server, owner);
    await page.goto(`/edit-memorial/${old}#adresse`);
    await visible(page.getByText('Skifter I den, fører den gamle adresse stadig hertil', { exact: false }));
    await page.getByRole('textbox', { name: 'Adresse', exact: true }).fill('mor-ellen-holm');
    await page.getByRole('button', { name: 'Skift adresse' }).click();
    await expectToast(page, 'Indstillinger gemt');
    await waitForPath(page, '/edit-memorial/mor-ellen-holm');

    // A visitor with the card printed for the funeral.
    const visitor = await e2e.openAnotherBrowser();
    const opened = await visitor.page.goto(`/memorial/${old}`);
    expect(opened?.status()).toBe(200);
    expect(new URL(visitor.page.url()).pathname).toBe('/memorial/mor-ellen-holm');
    await heading(visitor.page, 'Ellen Margrethe Holm');

    expect((await callApi(e2e.server, 'DELETE', `/api/memorials/${created.body.id}`, { session })).status).toBe(204);
    visitor.expectBrowserError(/status of 410 .*\/memorial\//);
    visitor.expectBrowserError(/status of 410 .*\/api\/memorials\//);
    for (const theme of ['light', 'dark']) {
      await visitor.page.addInitScript((value) => localStorage.setItem('theme', value), theme);
      await visitor.page.setViewportSize({ width: 360, height: 740 });
      for (const slug of [old, 'mor-ellen-holm']) {
        expect((await visitor.page.goto(`/memorial/${slug}`))?.status()).toBe(410);
        await heading(visitor.page, 'Mindesiden er slettet');
      }
      await visible(visitor.page.getByText('Vi beklager, hvis du kom for at mindes.', { exact: false }));
      expect(await visitor.page.getByRole('link', { name: 'skrive til os' }).getAttribute('href')).toBe('/contact');
      await visible(visitor.page.getByRole('link', { name: 'Gå til forside' }));
      expect(await visitor.page.title()).toBe('Mindesiden er slettet – Mindested');
      expect(await visitor.page.content()).not.toContain('Ellen Margrethe Holm');
      expect(await visitor.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await expectNoAxeViolations(visitor.page);
    }
  });
});
