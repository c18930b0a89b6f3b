/**
 * "Hilsner og lys", /memorial/{slug}/admin (issue 6): the owner of a memorial goes through what
 * visitors left — approves one, rejects one, approves the rest at once — hides an approved post
 * and shows it again, and sets who may write; every step is read back from the server and after a
 * reload. A co-admin rejects several at once after a question; a stranger signed in is told the
 * page is not theirs; a visitor is sent to log in. Axe in both themes, and a 360 px phone.
 */
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { Memorial } from '../../src/shared/memorials';
import type { Post, PostSettings } from '../../src/shared/posts-api';
import { expectNoAxeViolations } from '../support/browser';
import { type Account, callApi, login, registerAccount, signInBrowser } from '../support/e2e-api';
import { setupE2e } from '../support/e2e-suite';
import { consentGiven, expectToast, visible, waitForPath } from '../support/e2e-ui';

const e2e = setupE2e({ qrCodes: 16 });

interface Family {
  memorial: Memorial;
  owner: Account;
  coadmin: Account;
  ownerSession: string;
}

/** A public memorial with its owner and a co-admin, and what four people left on it, oldest first. */
async function memorialWithPosts(name: string): Promise<Family> {
  const owner = await registerAccount(e2e.server);
  const coadmin = await registerAccount(e2e.server, { fullName: 'Jens Brandt' });
  const ownerSession = (await login(e2e.server, owner.username, owner.password)).session!;
  const created = await callApi<Memorial>(e2e.server, 'POST', '/api/memorials', { session: ownerSession, body: { name, birthDate: '1938-04-11', deathDate: '2024-08-19', privacy: 'public' } });
  expect(created.status).toBe(201);
  const memorial = created.body;
  expect((await callApi(e2e.server, 'POST', `/api/memorials/${memorial.id}/members`, { session: ownerSession, body: { usernameOrEmail: coadmin.username, role: 'coadmin' } })).status).toBe(201);

  const leave = async (path: string, body: Record<string, string>, session?: string) =>
    expect((await callApi(e2e.server, 'POST', `/api/memorials/${memorial.id}/${path}`, { body, session })).status).toBe(201);
  await leave('candles', { name: 'Birthe Lund', message: 'Tak for alt, kære ven.' });
  await leave('guestbook', { name: 'Ole Jensen', message: 'Vi ses i haven.\n<b>Hilsen</b> Ole' });
  await leave('memories', { name: 'Lone Holm', message: 'Sommeren i 1974, da du lærte os at sejle.' });
  const coadminSession = (await login(e2e.server, coadmin.username, coadmin.password)).session!;
  await leave('tributes', { message: 'Du var vores faste punkt.' }, coadminSession);
  return { memorial, owner, coadmin, ownerSession };
}

async function serverList(family: Family, status: string) {
  const response = await callApi<{ posts: Post[] }>(e2e.server, 'GET', `/api/memorials/${family.memorial.id}/posts/moderation?status=${status}`, { session: family.ownerSession });
  expect(response.status).toBe(200);
  return response.body.posts.map((post) => post.name);
}

async function openAdmin(page: Page, memorial: Memorial, search = '') {
  await page.goto(`/memorial/${memorial.slug}/admin${search}`);
  await visible(page.getByRole('heading', { level: 1, name: 'Hilsner og lys' }));
}

const list = (page: Page, name: string) => page.getByRole('list', { name, exact: true });
/** The names on the cards of a list, top to bottom (each card is named by its writer). */
async function namesIn(page: Page, name: string) {
  await visible(list(page, name));
  return list(page, name)
    .getByRole('listitem')
    .evaluateAll((items) => items.map((item) => document.getElementById(item.getAttribute('aria-labelledby') ?? '')?.textContent ?? ''));
}
const tab = (page: Page, name: string | RegExp) => page.getByRole('tab', { name });

describe('Hilsner og lys', () => {
  test('the owner approves, rejects, approves the rest at once, hides and shows again; the server agrees', async () => {
    const family = await memorialWithPosts('Inger Marie Holm');
    const { page, context } = e2e;
    await consentGiven(page);
    await signInBrowser(context, e2e.server, family.owner);

    // The edit page leads here.
    await page.goto(`/edit-memorial/${family.memorial.slug}`);
    await page.getByRole('link', { name: 'Hilsner og lys' }).click();
    await waitForPath(page, `/memorial/${family.memorial.slug}/admin`);
    await visible(page.getByText('Inger Marie Holm', { exact: true }));
    await expect.poll(() => page.title()).toBe('Hilsner og lys – Inger Marie Holm – Mindested');

    // Every kind, oldest first, with its words as text (the tags in Ole's greeting are not markup).
    expect(await namesIn(page, 'Venter på godkendelse')).toEqual(['Birthe Lund', 'Ole Jensen', 'Lone Holm', 'Jens Brandt']);
    expect(await tab(page, /^Venter/).getAttribute('aria-selected')).toBe('true');
    await visible(tab(page, 'Venter 4'));
    const queue = list(page, 'Venter på godkendelse');
    for (const kind of ['Lys', 'Hilsen', 'Minde', 'Mindeord']) await visible(queue.getByText(kind, { exact: true }));
    await visible(queue.getByText('<b>Hilsen</b> Ole', { exact: false }));
    expect(await queue.locator('b').count()).toBe(0);

    await page.getByRole('button', { name: 'Godkend hilsen fra Ole Jensen' }).click();
    await expectToast(page, 'Godkendt', { description: 'Hilsen fra Ole Jensen vises nu på mindesiden.' });
    await page.getByRole('button', { name: 'Afvis lys fra Birthe Lund' }).click();
    await expectToast(page, 'Afvist', { description: 'Lys fra Birthe Lund bliver ikke vist på mindesiden.' });
    expect(await namesIn(page, 'Venter på godkendelse')).toEqual(['Lone Holm', 'Jens Brandt']);

    // The rest at once.
    const approveChosen = page.getByRole('button', { name: 'Godkend valgte' });
    expect(await approveChosen.isDisabled()).toBe(true);
    await page.getByRole('checkbox', { name: 'Vælg alle' }).check();
    await visible(page.getByText('2 valgt'));
    await approveChosen.click();
    await expectToast(page, 'Godkendt', { description: '2 indlæg er godkendt og vises nu på mindesiden.' });
    await visible(page.getByText('Der er ingen hilsner, der venter på dig.'));
    await visible(tab(page, 'Venter'));

    await tab(page, 'Godkendt').click();
    expect(await namesIn(page, 'Godkendt')).toEqual(['Ole Jensen', 'Lone Holm', 'Jens Brandt']);
    await page.getByRole('button', { name: 'Skjul hilsen fra Ole Jensen' }).click();
    await expectToast(page, 'Skjult', { description: 'Hilsen fra Ole Jensen vises ikke længere på mindesiden.' });
    expect(await namesIn(page, 'Godkendt')).toEqual(['Lone Holm', 'Jens Brandt']);
    expect(await serverList(family, 'hidden')).toEqual(['Ole Jensen']);

    // The tabs also move with the arrow keys.
    await tab(page, 'Godkendt').focus();
    await page.keyboard.press('ArrowRight');
    expect(await tab(page, 'Skjult').getAttribute('aria-selected')).toBe('true');
    expect(await namesIn(page, 'Skjult')).toEqual(['Ole Jensen']);
    await page.getByRole('button', { name: 'Vis igen hilsen fra Ole Jensen' }).click();
    await expectToast(page, 'Vises igen', { description: 'Hilsen fra Ole Jensen vises nu på mindesiden.' });
    await visible(page.getByText('Der er intet skjult.'));

    await tab(page, 'Afvist').click();
    expect(await namesIn(page, 'Afvist')).toEqual(['Birthe Lund']);
    expect(await list(page, 'Afvist').getByRole('button').count()).toBe(0);

    // What the server holds, and what the page shows after a reload.
    expect(await serverList(family, 'pending')).toEqual([]);
    expect(await serverList(family, 'approved')).toEqual(['Ole Jensen', 'Lone Holm', 'Jens Brandt']);
    expect(await serverList(family, 'rejected')).toEqual(['Birthe Lund']);
    expect(await serverList(family, 'hidden')).toEqual([]);
    const shown = await callApi<{ posts: Post[] }>(e2e.server, 'GET', `/api/memorials/${family.memorial.id}/posts`);
    expect(shown.body.posts.map((post) => post.name).sort()).toEqual(['Jens Brandt', 'Lone Holm', 'Ole Jensen']);
    await page.reload();
    await visible(page.getByText('Der er ingen hilsner, der venter på dig.'));
    await tab(page, 'Godkendt').click();
    expect(await namesIn(page, 'Godkendt')).toEqual(['Ole Jensen', 'Lone Holm', 'Jens Brandt']);
  });

  test('a co-admin rejects several at once after a question', async () => {
    const family = await memorialWithPosts('Aksel Brandt');
    const { page, context } = e2e;
    await consentGiven(page);
    await signInBrowser(context, e2e.server, family.coadmin);
    await openAdmin(page, family.memorial);

    await page.getByRole('checkbox', { name: 'Vælg lys fra Birthe Lund' }).check();
    await page.getByRole('checkbox', { name: 'Vælg hilsen fra Ole Jensen' }).check();
    expect(await page.getByRole('checkbox', { name: 'Vælg alle' }).evaluate((box: HTMLInputElement) => box.indeterminate)).toBe(true);
    await page.getByRole('button', { name: 'Afvis valgte' }).click();
    const dialog = await visible(page.getByRole('dialog', { name: 'Afvis 2 indlæg?' }));
    // "Annuller" leaves everything as it was.
    await dialog.getByRole('button', { name: 'Annuller' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await serverList(family, 'rejected')).toEqual([]);

    await page.getByRole('button', { name: 'Afvis valgte' }).click();
    await visible(page.getByRole('dialog', { name: 'Afvis 2 indlæg?' })).then((d) => d.getByRole('button', { name: 'Afvis dem' }).click());
    await expectToast(page, 'Afvist', { description: '2 indlæg er afvist og bliver ikke vist på mindesiden.' });
    expect(await namesIn(page, 'Venter på godkendelse')).toEqual(['Lone Holm', 'Jens Brandt']);
    expect(await serverList(family, 'rejected')).toEqual(['Birthe Lund', 'Ole Jensen']);
  });

  test('when the server refuses, the post comes back and the toast says why', async () => {
    const family = await memorialWithPosts('Bent Olsen');
    const { page, context } = e2e;
    await consentGiven(page);
    await signInBrowser(context, e2e.server, family.owner);
    await openAdmin(page, family.memorial);
    await visible(list(page, 'Venter på godkendelse'));

    // Deleted in another window meanwhile: the server refuses every decision.
    expect((await callApi(e2e.server, 'DELETE', `/api/memorials/${family.memorial.id}`, { session: family.ownerSession })).status).toBe(204);
    // The decision, and the lists asked for again after it.
    e2e.expectBrowserError(/status of 400 .*\/posts\/moderat(e|ion)/);
    await page.getByRole('button', { name: 'Godkend hilsen fra Ole Jensen' }).click();
    await expectToast(page, 'Fejl ved opdatering', { description: 'Mindesiden er slettet. Gendan den først.', destructive: true });
    expect(await namesIn(page, 'Venter på godkendelse')).toEqual(['Birthe Lund', 'Ole Jensen', 'Lone Holm', 'Jens Brandt']);
  });

  test('the settings are saved on the server and are there after a reload', async () => {
    const family = await memorialWithPosts('Else Kristensen');
    const { page, context } = e2e;
    await consentGiven(page);
    await signInBrowser(context, e2e.server, family.owner);
    await openAdmin(page, family.memorial);

    const candles = page.getByRole('switch', { name: 'Tænd lys med det samme' });
    expect(await candles.getAttribute('aria-checked')).toBe('false');
    await candles.click();
    await expectToast(page, 'Indstillinger gemt');
    expect(await page.getByRole('radio', { name: /^Alle/ }).isChecked()).toBe(true);
    await page.locator('label').filter({ has: page.getByRole('radio', { name: /^Ingen lige nu/ }) }).click();
    await expectToast(page, 'Indstillinger gemt');

    // Polled: the first save's toast can still be showing when the second's is awaited.
    const saved = () => callApi<PostSettings>(e2e.server, 'GET', `/api/memorials/${family.memorial.id}/post-settings`, { session: family.ownerSession });
    await expect.poll(async () => (await saved()).body).toEqual({ candlesAutoApprove: true, whoMayPost: 'nobody' });
    // And it is the rule now: nobody may write.
    expect((await callApi(e2e.server, 'POST', `/api/memorials/${family.memorial.id}/candles`, { body: { name: 'Birthe Lund' } })).status).toBe(403);

    await page.reload();
    await visible(page.getByRole('heading', { level: 2, name: 'Indstillinger' }));
    expect(await page.getByRole('switch', { name: 'Tænd lys med det samme' }).getAttribute('aria-checked')).toBe('true');
    expect(await page.getByRole('radio', { name: /^Ingen lige nu/ }).isChecked()).toBe(true);

    await page.locator('label').filter({ has: page.getByRole('radio', { name: /^Kun brugere, der er logget ind/ }) }).click();
    await expectToast(page, 'Indstillinger gemt');
    await page.getByRole('switch', { name: 'Tænd lys med det samme' }).click();
    await expectToast(page, 'Indstillinger gemt');
    await page.reload();
    await visible(page.getByRole('heading', { level: 2, name: 'Indstillinger' }));
    expect(await page.getByRole('switch', { name: 'Tænd lys med det samme' }).getAttribute('aria-checked')).toBe('false');
    expect(await page.getByRole('radio', { name: /^Kun brugere, der er logget ind/ }).isChecked()).toBe(true);
  });

  test('a stranger signed in is told the page is not theirs; a visitor is sent to log in', async () => {
    const family = await memorialWithPosts('Aase Nielsen');
    const stranger = await registerAccount(e2e.server);
    const { page, context } = e2e;
    await consentGiven(page);

    await page.goto(`/memorial/${family.memorial.slug}/admin`);
    await waitForPath(page, '/login', `?redirect=${encodeURIComponent(`/memorial/${family.memorial.slug}/admin`)}`);

    await signInBrowser(context, e2e.server, stranger);
    // By id as well as by slug.
    await page.goto(`/memorial/${family.memorial.id}/admin`);
    await visible(page.getByRole('heading', { level: 1, name: 'Det her er for mindesidens administratorer' }));
    await visible(page.getByRole('link', { name: 'Se mindesiden' }));
    expect(await page.getByRole('tablist').count()).toBe(0);
    expect(await page.content()).not.toContain('Birthe Lund');
  });

  test('passes axe in the light and the dark theme, and fits a 360 px phone', async () => {
    const family = await memorialWithPosts('Karl Holm');
    const { page, context } = e2e;
    await consentGiven(page);
    await signInBrowser(context, e2e.server, family.owner);
    for (const theme of ['light', 'dark']) {
      await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
      await page.setViewportSize({ width: 360, height: 740 });
      await openAdmin(page, family.memorial, `?tema=${theme}`);
      await visible(list(page, 'Venter på godkendelse'));
      await visible(page.getByRole('switch'));
      expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(theme === 'dark');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      // Every button, tab, switch and tick box of the page's content is a tap target of at least 44 px.
      const targets = await page.locator('main button, main label:has(input[type=checkbox])').evaluateAll((nodes) => nodes.map((n) => [n.textContent, n.getBoundingClientRect().height] as const));
      for (const [text, height] of targets) expect(height, `height of "${text}"`).toBeGreaterThanOrEqual(44);
      await expectNoAxeViolations(page);

      await page.getByRole('checkbox', { name: 'Vælg alle' }).check();
      await page.getByRole('button', { name: 'Afvis valgte' }).click();
      await visible(page.getByRole('dialog'));
      await expectNoAxeViolations(page);
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      await tab(page, 'Afvist').click();
      await visible(page.getByText('Der er intet afvist.'));
      await expectNoAxeViolations(page);
    }
  });
});
