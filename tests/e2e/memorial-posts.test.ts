/**
 * What visitors leave on a memorial page (issue 6 item 1, the visitor's side): a candle and a
 * greeting wait for the family and are seen only by the one who left them; once approved, the
 * candle burns for everyone in the server's own HTML; a rejected greeting never shows; what a
 * visitor wrote is text, never markup; the family's words can be written only by its members; and
 * the sections pass axe with their forms open at 360 px, light and dark.
 */
import { mkdirSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import type { Memorial } from '../../src/shared/memorials';
import type { Post } from '../../src/shared/posts-api';
import { expectNoAxeViolations } from '../support/browser';
import { type Account, callApi, registerAccount, signInBrowser } from '../support/e2e-api';
import { setupE2e } from '../support/e2e-suite';
import { expectToast, openAlive, visible } from '../support/e2e-ui';

const e2e = setupE2e({ qrCodes: 6 });

async function createMemorial(fields: object): Promise<{ memorial: Memorial; owner: Account; session: string }> {
  const owner = await registerAccount(e2e.server);
  const { session } = await callApi(e2e.server, 'POST', `/api/login?t=${Date.now()}`, { body: { username: owner.username, password: owner.password } });
  const created = await callApi<Memorial>(e2e.server, 'POST', '/api/memorials', { session, body: fields });
  expect(created.status).toBe(201);
  return { memorial: created.body, owner, session: session! };
}

async function moderate(memorial: Memorial, session: string, ids: string[], action: 'approve' | 'reject') {
  const response = await callApi(e2e.server, 'POST', `/api/memorials/${memorial.id}/posts/moderate`, { session, body: { ids, action } });
  expect(response.status).toBe(200);
}

async function pending(memorial: Memorial, session: string): Promise<Post[]> {
  const response = await callApi<{ posts: Post[] }>(e2e.server, 'GET', `/api/memorials/${memorial.id}/posts/moderation`, { session });
  return response.body.posts;
}

const candles = (page: Page) => page.getByRole('region', { name: 'Tænd et lys' });
const guestbook = (page: Page) => page.getByRole('region', { name: 'Gæstebog' });

describe('posts on the memorial page', () => {
  test('a candle and a greeting wait, seen only by their writer, until the family decides', async () => {
    const { memorial, session } = await createMemorial({ name: 'Ejnar Holm', birthDate: '1938-02-11', deathDate: '2024-03-01' });
    const { page } = e2e;
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(`/memorial/${memorial.slug}`);
    await visible(candles(page).getByText('Tænd det første lys'));

    // The first tap takes the page over and opens the form.
    await candles(page).getByRole('button', { name: 'Tænd dit lys' }).click();
    await candles(page).getByLabel('Dit navn').fill('Lise Holm');
    await candles(page).getByLabel('Hilsen (valgfri)').fill('Tak for alle søndagene.');
    await candles(page).getByRole('button', { name: 'Tænd lyset' }).click();
    await visible(candles(page).getByRole('status').getByText('Tak. Dit lys tændes, når familien har set det.'));
    const myCandle = candles(page).getByRole('listitem').filter({ hasText: 'Lise Holm' });
    await visible(myCandle.getByText('Venter på godkendelse'));
    await visible(myCandle.getByText('Tak for alle søndagene.'));
    // Not lit yet: the count still invites the first.
    await visible(candles(page).getByText('Tænd det første lys'));

    await guestbook(page).getByRole('button', { name: 'Skriv i gæstebogen' }).click();
    await guestbook(page).getByLabel('Dit navn').fill('Lise Holm');
    await guestbook(page).getByLabel('Din hilsen').fill('Du lærte mig at sejle.');
    await guestbook(page).getByRole('button', { name: 'Skriv i gæstebogen' }).click();
    await visible(guestbook(page).getByText('Du lærte mig at sejle.'));
    await visible(guestbook(page).getByRole('listitem').getByText('Venter på godkendelse'));

    // Another visitor sees neither, before or after the page is taken over.
    const other = await e2e.openAnotherBrowser();
    await openAlive(other.page, `/memorial/${memorial.slug}`);
    await visible(candles(other.page).getByText('Tænd det første lys'));
    expect(await other.page.getByText('Lise Holm').count()).toBe(0);
    expect(await other.page.getByText('Venter på godkendelse').count()).toBe(0);

    // The owner lights the candle and turns the greeting away.
    const waiting = await pending(memorial, session);
    expect(waiting.map((post) => post.kind).sort()).toEqual(['candle', 'guestbook']);
    await moderate(memorial, session, [waiting.find((post) => post.kind === 'candle')!.id], 'approve');
    await moderate(memorial, session, [waiting.find((post) => post.kind === 'guestbook')!.id], 'reject');

    // The candle burns in the server's own page, for the writer and for anyone.
    const html = await (await fetch(`${e2e.server.baseUrl}/memorial/${memorial.slug}`)).text();
    expect(html).toContain('Der er tændt 1 lys');
    expect(html).toContain('Tak for alle søndagene.');
    expect(html).not.toContain('Du lærte mig at sejle.');

    await page.reload();
    await visible(candles(page).getByText('Der er tændt 1 lys'));
    const lit = candles(page).getByRole('listitem').filter({ hasText: 'Lise Holm' });
    await visible(lit.getByText('Tak for alle søndagene.'));
    await page.getByRole('heading', { level: 1 }).hover();
    await page.waitForLoadState('networkidle');
    expect(await page.getByText('Venter på godkendelse').count()).toBe(0);
    expect(await page.getByText('Du lærte mig at sejle.').count()).toBe(0);
  });

  test('what a visitor wrote is shown as text, never run', async () => {
    const { memorial, session } = await createMemorial({ name: 'Bodil Sand' });
    const evil = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>';
    const left = await callApi<Post>(e2e.server, 'POST', `/api/memorials/${memorial.id}/guestbook`, { body: { name: evil, message: evil } });
    expect(left.status).toBe(201);
    await moderate(memorial, session, [left.body.id], 'approve');

    const { page } = e2e;
    await page.goto(`/memorial/${memorial.slug}`);
    const entry = guestbook(page).getByRole('listitem');
    await visible(entry.getByText(evil, { exact: true }));
    await visible(entry.getByText(`– ${evil}`, { exact: true }));
    expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
    // And once the app has the page.
    await openAlive(page, `/memorial/${memorial.slug}`);
    await visible(guestbook(page).getByRole('listitem').getByText(evil, { exact: true }));
    expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
  });

  test('the family’s words: a form for members only, shown to everyone once approved', async () => {
    const { memorial, owner, session } = await createMemorial({ name: 'Knud Berg' });
    const { page, context } = e2e;
    await openAlive(page, `/memorial/${memorial.slug}`);
    await visible(guestbook(page));
    expect(await page.getByRole('region', { name: 'Mindeord fra familien' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Skriv mindeord' }).count()).toBe(0);

    await signInBrowser(context, e2e.server, owner);
    await page.goto(`/memorial/${memorial.slug}`);
    const tributes = page.getByRole('region', { name: 'Mindeord fra familien' });
    await tributes.getByRole('button', { name: 'Skriv mindeord' }).click();
    // The account's name is written in already.
    expect(await tributes.getByLabel('Dit navn').inputValue()).toBe(owner.fullName);
    await tributes.getByLabel('Jeres mindeord').fill('Far, du var vores faste punkt.');
    await tributes.getByRole('button', { name: 'Tilføj mindeord' }).click();
    await visible(tributes.getByRole('listitem').getByText('Venter på godkendelse'));

    const [tribute] = await pending(memorial, session);
    await moderate(memorial, session, [tribute!.id], 'approve');
    const visitor = await e2e.openAnotherBrowser();
    await visitor.page.goto(`/memorial/${memorial.slug}`);
    const shown = visitor.page.getByRole('region', { name: 'Mindeord fra familien' });
    await visible(shown.getByText('Far, du var vores faste punkt.'));
    expect(await shown.getByRole('button').count()).toBe(0);
  });

  test('a link to the candles (the anniversary letter’s) lands on them, for a visitor and for the signed-in family', async () => {
    const { memorial, owner } = await createMemorial({ name: 'Ellen Vang', lifeStory: `<p>${'Hun elskede haven og de lange sommeraftener. '.repeat(60)}</p>` });
    const { page, context } = e2e;
    await page.setViewportSize({ width: 360, height: 740 });
    const heading = page.getByRole('heading', { name: 'Tænd et lys' });
    // Scrolled to: the heading's top within the window (a jump to it may leave it a fraction of a pixel above).
    const inView = async () => {
      await visible(heading);
      await expect.poll(async () => (await heading.boundingBox())?.y ?? -100).toBeGreaterThan(-1);
      expect((await heading.boundingBox())!.y).toBeLessThan(740);
    };
    await page.goto(`/memorial/${memorial.slug}#taend-et-lys`);
    await inView();

    // The family's page is drawn after its data arrives, too late for the browser's own jump.
    await signInBrowser(context, e2e.server, owner);
    await page.goto('/');
    await page.goto(`/memorial/${memorial.slug}#taend-et-lys`);
    await inView();
  });

  test('who may post: a login link for visitors, a calm line when nobody may, a toast when refused', async () => {
    const { memorial, session } = await createMemorial({ name: 'Gerda Vang' });
    const settings = (whoMayPost: string) => callApi(e2e.server, 'PATCH', `/api/memorials/${memorial.id}/post-settings`, { session, body: { whoMayPost } });
    const { page } = e2e;

    await openAlive(page, `/memorial/${memorial.slug}`);
    await candles(page).getByRole('button', { name: 'Tænd dit lys' }).click();
    await candles(page).getByLabel('Dit navn').fill('Ole');
    // The family closes the page for posts while the form is open: the server says no, in a toast, and the text stays.
    expect((await settings('nobody')).status).toBe(200);
    e2e.expectBrowserError(/status of 403/);
    await candles(page).getByRole('button', { name: 'Tænd lyset' }).click();
    await expectToast(page, 'Fejl ved tænding af lys', { description: 'Mindesiden tager ikke imod lys og hilsner lige nu.', destructive: true });
    expect(await candles(page).getByLabel('Dit navn').inputValue()).toBe('Ole');

    await openAlive(page, `/memorial/${memorial.slug}`);
    await visible(candles(page).getByText('Familien tager ikke imod lys og hilsner på mindesiden lige nu.'));
    expect(await page.getByRole('button', { name: /Tænd dit lys|Skriv i gæstebogen|Del et minde/ }).count()).toBe(0);

    expect((await settings('users')).status).toBe(200);
    await openAlive(page, `/memorial/${memorial.slug}`);
    const link = await visible(candles(page).getByRole('link', { name: 'Log ind for at tænde et lys' }));
    expect(await link.getAttribute('href')).toBe(`/login?redirect=${encodeURIComponent(`/memorial/${memorial.slug}`)}`);
    await visible(guestbook(page).getByRole('link', { name: 'Log ind for at skrive i gæstebogen' }));
  });

  test('the sections pass axe with their forms open, fit 360 px, light and dark', async () => {
    const { memorial, session } = await createMemorial({ name: 'Agnes Møller', birthDate: '1931-07-04', deathDate: '2023-12-24', epitaph: 'Hun holdt lyset tændt' });
    for (const [name, message] of [['Peter', 'Vi tænker på dig.'], ['Hanne', '']]) {
      const left = await callApi<Post>(e2e.server, 'POST', `/api/memorials/${memorial.id}/candles`, { body: { name, message } });
      await moderate(memorial, session, [left.body.id], 'approve');
    }
    const greeting = await callApi<Post>(e2e.server, 'POST', `/api/memorials/${memorial.id}/guestbook`, {
      body: { name: 'Familien Berg', message: 'Tak for de mange år som nabo.\nDine roser blomstrer stadig.' },
    });
    const memory = await callApi<Post>(e2e.server, 'POST', `/api/memorials/${memorial.id}/memories`, { body: { name: 'Søren', message: 'Sommeren 1978 i kolonihaven, hvor du lærte mig at plante kartofler.' } });
    await moderate(memorial, session, [greeting.body.id, memory.body.id], 'approve');

    const { page } = e2e;
    const shots = process.env.MINDESTED_SCREENSHOTS ? '.scratch' : null;
    if (shots) mkdirSync(shots, { recursive: true });
    for (const theme of ['light', 'dark']) {
      await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
      for (const width of shots ? [360, 1280] : [360]) {
        await page.setViewportSize({ width, height: 800 });
        for (const layout of shots ? ['classic', 'enhanced'] : ['classic']) {
          await openAlive(page, `/${layout}-memorial/${memorial.slug}`);
          await candles(page).getByRole('button', { name: 'Tænd dit lys' }).click();
          await visible(candles(page).getByLabel('Dit navn'));
          await guestbook(page).getByRole('button', { name: 'Skriv i gæstebogen' }).click();
          await visible(guestbook(page).getByLabel('Din hilsen'));
          await page.waitForLoadState('networkidle');
          expect(await page.evaluate(() => document.documentElement.scrollWidth), `${width} px, ${theme}`).toBeLessThanOrEqual(width);
          await expectNoAxeViolations(page);
          if (shots) {
            const sections = page.locator('.memorial-posts');
            await sections.scrollIntoViewIfNeeded();
            await page.emulateMedia({ reducedMotion: 'reduce' });
            await sections.screenshot({ path: `${shots}/posts-${layout}-${width}-${theme}.png`, animations: 'disabled' });
            await page.emulateMedia({ reducedMotion: 'no-preference' });
          }
        }
      }
    }
    // The buttons a finger reaches for are at least 44 px tall.
    const heights = await page.locator('.memorial-posts button, .memorial-posts input:not([tabindex="-1"]), .memorial-posts textarea').evaluateAll((elements) => elements.map((e) => e.getBoundingClientRect().height));
    expect(Math.min(...heights)).toBeGreaterThanOrEqual(44);
  });
});
