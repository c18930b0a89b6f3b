/**
 * Notifications (issue 6, item 4, in the app): a visitor lights a candle and writes a greeting on
 * a family's memorial, the bell's badge rises to 2 for the owner, /profile?tab=notifications lists
 * both newest first, opening one marks it read and goes where it leads, and "Marker alle som læst"
 * clears the badge. Axe in both themes, and a 360 px phone.
 */
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { Memorial } from '../../src/shared/memorials';
import { expectNoAxeViolations } from '../support/browser';
import { callApi, registerAccount, signInBrowser } from '../support/e2e-api';
import { setupE2e } from '../support/e2e-suite';
import { consentGiven, visible, waitForPath } from '../support/e2e-ui';

const e2e = setupE2e({ qrCodes: 2 });

const bell = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^Notifikationer/ }).first();

describe('notifications', () => {
  test('the badge rises with each post, the list opens them, and all can be marked read', async () => {
    const family = await registerAccount(e2e.server, { fullName: 'Hanne Holm' });
    const { session } = await callApi(e2e.server, 'POST', `/api/login?t=${Date.now()}`, { body: { username: family.username, password: family.password } });
    const memorial = (await callApi<Memorial>(e2e.server, 'POST', '/api/memorials', { session, body: { name: 'Poul Holm' } })).body;
    expect((await callApi(e2e.server, 'POST', `/api/memorials/${memorial.id}/candles`, { body: { name: 'Ida', message: 'Vi savner dig' } })).status).toBe(201);
    expect((await callApi(e2e.server, 'POST', `/api/memorials/${memorial.id}/guestbook`, { body: { name: 'Ole', message: 'Tak for de gode år.' } })).status).toBe(201);

    const { page, context } = e2e;
    await consentGiven(page);
    await signInBrowser(context, e2e.server, family);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/');
    await visible(page.getByRole('banner').getByRole('link', { name: 'Notifikationer, 2 ulæste' }));

    await bell(page).click();
    await waitForPath(page, '/profile', '?tab=notifications');
    const list = await visible(page.getByRole('region', { name: 'Notifikationer' }));
    const items = list.getByRole('listitem');
    await expect.poll(() => items.allInnerTexts()).toEqual([
      expect.stringContaining('Ny hilsen i gæstebogen på mindesiden for Poul Holm'),
      expect.stringContaining('Nyt lys på mindesiden for Poul Holm'),
    ]);
    await visible(items.first().getByText('Ole: Tak for de gode år.'));
    await visible(items.first().getByText('Ulæst:'));
    await expectNoAxeViolations(page);
    await page.evaluate(() => document.documentElement.classList.add('dark'));
    await expectNoAxeViolations(page);
    await page.evaluate(() => document.documentElement.classList.remove('dark'));

    // Opening one marks it read and goes where it leads: the memorial's moderation page.
    await items.nth(1).getByRole('button').click();
    await waitForPath(page, `/memorial/${memorial.slug}/admin`);
    await page.goBack();
    await visible(page.getByRole('banner').getByRole('link', { name: 'Notifikationer, 1 ulæste' }));

    await page.setViewportSize({ width: 360, height: 740 });
    await page.getByRole('button', { name: 'Marker alle som læst' }).click();
    await expect.poll(() => page.getByRole('region', { name: 'Notifikationer' }).getByText('Ulæst:').count()).toBe(0);
    await expect.poll(async () => (await callApi<{ unreadCount: number }>(e2e.server, 'GET', '/api/notifications/unread-count', { session })).body.unreadCount).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });

  test('an empty list says so', async () => {
    const quiet = await registerAccount(e2e.server);
    const { page, context } = e2e;
    await consentGiven(page);
    await signInBrowser(context, e2e.server, quiet);
    await page.goto('/profile?tab=notifications');
    await visible(page.getByText('Du har ingen notifikationer.', { exact: false }));
    await expect.poll(() => page.getByRole('link', { name: 'Notifikationer', exact: true }).first().getAttribute('href')).toBe('/profile?tab=notifications');
    await visible(page.locator('nav[aria-label="Profilens dele"] a[aria-current="page"]', { hasText: 'Notifikationer' }));
  });
});
