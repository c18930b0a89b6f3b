/**
 * "Adgang" on /edit-memorial/{slug} (issue 4, "privacy and members"): the owner of a private
 * memorial lets a relative with an account in as a viewer, who can then open the memorial, and
 * takes the access away again, after which the page is hidden from them. The section passes axe
 * in both themes and fits a 360 px phone.
 */
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { Memorial } from '../../src/shared/memorials';
import { expectNoAxeViolations } from '../support/browser';
import { type Account, callApi, registerAccount, signInBrowser } from '../support/e2e-api';
import { setupE2e } from '../support/e2e-suite';
import { consentGiven, expectToast, visible } from '../support/e2e-ui';

const e2e = setupE2e({ qrCodes: 6 });

async function privateMemorial(name: string): Promise<{ memorial: Memorial; owner: Account }> {
  const owner = await registerAccount(e2e.server);
  const { session } = await callApi(e2e.server, 'POST', `/api/login?t=${Date.now()}`, { body: { username: owner.username, password: owner.password } });
  const created = await callApi<Memorial>(e2e.server, 'POST', '/api/memorials', { session, body: { name, birthDate: '1938-04-11', deathDate: '2024-08-19', privacy: 'private' } });
  expect(created.status).toBe(201);
  return { memorial: created.body, owner };
}

/** `search` makes a new document of the same address (the theme is read as a page starts). */
async function openAccess(page: Page, memorial: Memorial, search = '') {
  await page.goto(`/edit-memorial/${memorial.slug}${search}#adgang`);
  await visible(page.getByRole('heading', { level: 2, name: 'Adgang' }));
  return visible(page.getByRole('list', { name: 'Personer med adgang' }));
}

describe('who has access to a memorial', () => {
  test('the owner lets a relative in as viewer; the relative sees the private page, and not after removal', async () => {
    const { memorial, owner } = await privateMemorial('Inger Marie Holm');
    const niece = await registerAccount(e2e.server, { fullName: 'Sofie Holm Andersen' });
    const { page, context } = e2e;
    await consentGiven(page);
    await signInBrowser(context, e2e.server, owner);

    // The relative, in a browser of her own: the private page is hidden from her at first.
    const relative = await e2e.openAnotherBrowser();
    await signInBrowser(relative.context, e2e.server, niece);
    relative.expectBrowserError(/status of 404 .*\/api\/memorials\//);
    relative.expectBrowserError(/status of 404 .*\/memorial\//);
    expect((await relative.page.goto(`/memorial/${memorial.slug}`))?.status()).toBe(404);
    await visible(relative.page.getByRole('heading', { level: 1, name: 'Mindesiden findes ikke' }));

    const list = await openAccess(page, memorial);
    expect((await list.getByRole('listitem').allInnerTexts()).map((text) => text.split('\n')[0])).toEqual([`${owner.fullName} (dig)`]);
    await visible(page.getByText('Indtil videre er det kun dig, der har adgang.', { exact: false }));

    // A name that has no account is explained at the field; nothing is added.
    const field = page.getByLabel('Brugernavn eller e-mail');
    await field.fill('ingen-saadan-konto');
    await page.getByRole('button', { name: 'Giv adgang' }).click();
    e2e.expectBrowserError(/status of 404 .*\/api\/memorials\/[^/]+\/members/);
    await visible(page.getByRole('alert').filter({ hasText: 'Vi kan ikke finde en konto med det brugernavn eller den e-mail.' }));
    expect(await field.getAttribute('aria-invalid')).toBe('true');

    // Her e-mail, as "Læser" (the choice already made).
    await field.fill(niece.email.toUpperCase());
    expect(await page.getByRole('radio', { name: /^Læser/ }).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Giv adgang' }).click();
    await expectToast(page, 'Adgang givet', { description: 'Sofie Holm Andersen kan nu se mindesiden.' });
    const row = list.getByRole('listitem').filter({ hasText: 'Sofie Holm Andersen' });
    await visible(row.getByText('Læser', { exact: true }));
    expect(await field.inputValue()).toBe('');

    await relative.page.goto(`/memorial/${memorial.slug}`);
    await visible(relative.page.getByRole('heading', { level: 1, name: 'Inger Marie Holm' }));

    // Removing her asks first, naming her and saying what follows.
    await row.getByRole('button', { name: 'Fjern adgang for Sofie Holm Andersen' }).click();
    const dialog = await visible(page.getByRole('dialog', { name: 'Fjern adgang for Sofie Holm Andersen?' }));
    await visible(dialog.getByText('Sofie Holm Andersen kan derefter ikke længere se mindesiden, fordi den er privat.'));
    await dialog.getByRole('button', { name: 'Fjern adgang' }).click();
    await expectToast(page, 'Adgang fjernet', { description: 'Sofie Holm Andersen har ikke længere adgang til mindesiden.' });
    await row.waitFor({ state: 'detached' });
    // Focus is not lost with the removed row: it goes back to the list.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Personer med adgang');

    expect((await relative.page.goto(`/memorial/${memorial.slug}`))?.status()).toBe(404);
    await visible(relative.page.getByRole('heading', { level: 1, name: 'Mindesiden findes ikke' }));
    expect(await relative.page.content()).not.toContain('Inger Marie Holm');
  });

  test('the owner hands the ownership to a co-admin after a clear question', async () => {
    const { memorial, owner } = await privateMemorial('Aksel Brandt');
    const son = await registerAccount(e2e.server, { fullName: 'Jens Brandt' });
    const { page, context } = e2e;
    await consentGiven(page);
    await signInBrowser(context, e2e.server, owner);
    const list = await openAccess(page, memorial);

    await page.getByLabel('Brugernavn eller e-mail').fill(son.username);
    // The radio button itself is drawn as a card (ChoiceCards): a person taps the card.
    await page.locator('label').filter({ has: page.getByRole('radio', { name: /^Medadministrator/ }) }).click();
    expect(await page.getByRole('radio', { name: /^Medadministrator/ }).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Giv adgang' }).click();
    await expectToast(page, 'Adgang givet', { description: 'Jens Brandt kan nu redigere mindesiden.' });

    await list.getByRole('button', { name: 'Overdrag ejerskab for Jens Brandt' }).click();
    const dialog = await visible(page.getByRole('dialog', { name: 'Overdrag ejerskabet til Jens Brandt?' }));
    await visible(dialog.getByText('Du bliver selv medadministrator.', { exact: false }));
    await dialog.getByRole('button', { name: 'Overdrag ejerskab' }).click();
    await expectToast(page, 'Ejerskabet er overdraget', { description: 'Jens Brandt er nu ejer af mindesiden, og du er medadministrator.' });

    const rows = list.getByRole('listitem');
    await visible(rows.first().getByText('Jens Brandt', { exact: true }));
    await visible(rows.nth(1).getByText('Medadministrator', { exact: true }));
    // As a co-admin now: no more owner's buttons, but the way to leave.
    await visible(list.getByRole('button', { name: 'Forlad mindesiden' }));
    expect(await list.getByRole('button', { name: /Overdrag ejerskab|Gør til/ }).count()).toBe(0);
    expect(await page.getByRole('radio', { name: /^Medadministrator/ }).count()).toBe(0);
  });

  test('passes axe in the light and the dark theme, and fits a 360 px phone', async () => {
    const { memorial, owner } = await privateMemorial('Else Kristensen');
    const daughter = await registerAccount(e2e.server, { fullName: 'Hanne Kristensen' });
    const { session } = await callApi(e2e.server, 'POST', `/api/login?t=${Date.now()}`, { body: { username: owner.username, password: owner.password } });
    expect((await callApi(e2e.server, 'POST', `/api/memorials/${memorial.id}/members`, { session, body: { usernameOrEmail: daughter.username, role: 'coadmin' } })).status).toBe(201);
    const { page, context } = e2e;
    await consentGiven(page);
    await signInBrowser(context, e2e.server, owner);
    for (const theme of ['light', 'dark']) {
      await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
      await page.setViewportSize({ width: 360, height: 740 });
      const list = await openAccess(page, memorial, `?tema=${theme}`);
      await visible(list.getByText('Hanne Kristensen', { exact: true }));
      expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(theme === 'dark');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      // Every button of the section is a tap target of at least 44 px.
      for (const box of await page.locator('#adgang button').evaluateAll((buttons) => buttons.map((b) => b.getBoundingClientRect().height))) {
        expect(box).toBeGreaterThanOrEqual(44);
      }
      await expectNoAxeViolations(page);
      await list.getByRole('button', { name: 'Overdrag ejerskab for Hanne Kristensen' }).click();
      await visible(page.getByRole('dialog'));
      await expectNoAxeViolations(page);
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });
    }
  });
});
