/**
 * What a family found by trying the product (issue 19, item 7), each in Chromium with axe:
 * the way from their own memorial page to editing it and to "Hilsner og lys" (never in the HTML
 * every visitor shares), gallery photos with their captions and a text alternative, "Log ind" and
 * "Opret konto" in a visitor's header on a memorial page, a cut-off e-mail link explained like an
 * unknown one, and a toast that leaves a phone's screen free.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SESSION_COOKIE } from '../../src/shared/constants';
import type { Memorial } from '../../src/shared/memorials';
import { expectNoAxeViolations } from '../support/browser';
import { type Account, callApi, registerAccount, signInBrowser } from '../support/e2e-api';
import { setupE2e } from '../support/e2e-suite';
import { animationsSettled, expectToast, toastTitled, visible } from '../support/e2e-ui';
import { type ImageDir, createImageDir, writeImage } from '../support/images';

const e2e = setupE2e({ qrCodes: 6 });
let images: ImageDir;
beforeAll(async () => {
  images = await createImageDir();
});
afterAll(() => images.cleanup());

async function sessionOf(account: Account): Promise<string> {
  const { session } = await callApi(e2e.server, 'POST', `/api/login?t=${Date.now()}`, { body: { username: account.username, password: account.password } });
  return session!;
}

async function ownMemorial(fields: object = {}) {
  const owner = await registerAccount(e2e.server);
  const session = await sessionOf(owner);
  const created = await callApi<Memorial>(e2e.server, 'POST', '/api/memorials', { session, body: { name: 'Aksel Bundgaard', birthDate: '1931-04-09', deathDate: '2022-12-01', ...fields } });
  expect(created.status).toBe(201);
  return { owner, session, memorial: created.body };
}

async function uploadPhoto(memorialId: string, session: string, name: string, caption: string) {
  const form = new FormData();
  form.set('caption', caption);
  form.set('file', new Blob([await readFile(await writeImage(images.dir, name, 'jpeg', { width: 1200, height: 900 }))], { type: 'image/jpeg' }), name);
  const response = await fetch(`${e2e.server.baseUrl}/api/memorials/${memorialId}/media`, {
    method: 'POST',
    headers: { origin: e2e.server.baseUrl, cookie: `${SESSION_COOKIE}=${session}` },
    body: form,
  });
  expect(response.status).toBe(201);
}

const fitsPhone = async (page: Page) => expect(await page.evaluate(() => document.documentElement.scrollWidth), 'no sideways scrolling at 360 px').toBeLessThanOrEqual(360);

describe('the family on its own memorial page', () => {
  test('the owner and a co-admin get "Rediger mindesiden" and "Hilsner og lys"; a visitor never, not even in the HTML', async () => {
    const { owner, session, memorial } = await ownMemorial();
    const coadmin = await registerAccount(e2e.server);
    expect((await callApi(e2e.server, 'POST', `/api/memorials/${memorial.id}/members`, { session, body: { usernameOrEmail: coadmin.username, role: 'coadmin' } })).status).toBe(201);
    const { page, context } = e2e;

    // A visitor: the page every visitor shares carries no way to edit, before or after it comes alive.
    const html = await (await fetch(`${e2e.server.baseUrl}/memorial/${memorial.slug}`)).text();
    expect(html).toContain('Aksel Bundgaard');
    for (const text of ['Rediger mindesiden', 'Hilsner og lys', '/edit-memorial/', `/memorial/${memorial.slug}/admin`]) expect(html).not.toContain(text);
    await page.goto(`/memorial/${memorial.slug}`);
    await visible(page.getByRole('heading', { level: 1, name: 'Aksel Bundgaard' }));
    await page.mouse.move(20, 20);
    await page.waitForLoadState('networkidle');
    expect(await page.getByRole('navigation', { name: 'Din mindeside' }).count()).toBe(0);

    // The owner, on a phone: a calm bar with two large buttons that fit 360 px.
    await page.setViewportSize({ width: 360, height: 740 });
    await signInBrowser(context, e2e.server, owner);
    await page.goto(`/memorial/${memorial.slug}`);
    const bar = await visible(page.getByRole('navigation', { name: 'Din mindeside' }));
    const edit = bar.getByRole('link', { name: 'Rediger mindesiden' });
    const posts = bar.getByRole('link', { name: 'Hilsner og lys' });
    expect(await edit.getAttribute('href')).toBe(`/edit-memorial/${memorial.slug}`);
    expect(await posts.getAttribute('href')).toBe(`/memorial/${memorial.slug}/admin`);
    for (const link of [edit, posts]) expect((await link.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await fitsPhone(page);
    await expectNoAxeViolations(page);
    await edit.click();
    await page.waitForURL((url) => url.pathname === `/edit-memorial/${memorial.slug}`);
    await page.goBack();
    await page.getByRole('navigation', { name: 'Din mindeside' }).getByRole('link', { name: 'Hilsner og lys' }).click();
    await page.waitForURL((url) => url.pathname === `/memorial/${memorial.slug}/admin`);

    // A co-admin too, in the dark theme.
    const other = await e2e.openAnotherBrowser();
    await other.page.addInitScript(() => localStorage.setItem('theme', 'dark'));
    await signInBrowser(other.context, e2e.server, coadmin);
    await other.page.goto(`/memorial/${memorial.slug}`);
    await visible(other.page.getByRole('navigation', { name: 'Din mindeside' }).getByRole('link', { name: 'Hilsner og lys' }));
    await expectNoAxeViolations(other.page);
  });
});

describe('the gallery', () => {
  test('each photo has its caption under it and as its text, or "Billede N af <name>" without one', async () => {
    const { session, memorial } = await ownMemorial({ name: 'Ruth Vestergaard' });
    await uploadPhoto(memorial.id, session, 'hoest.jpg', 'Høsten på Fyn, 1958');
    await uploadPhoto(memorial.id, session, 'uden.jpg', '');
    const { page } = e2e;
    await page.setViewportSize({ width: 360, height: 740 });
    // As the server drew it for visitors, before the page comes alive.
    await page.goto(`/memorial/${memorial.slug}`);
    const gallery = page.getByRole('region', { name: 'Billeder og film' });
    await visible(gallery.getByRole('img', { name: 'Høsten på Fyn, 1958', exact: true }));
    await visible(gallery.getByRole('img', { name: 'Billede 2 af Ruth Vestergaard', exact: true }));
    // The caption is read under the photo, not only in the lightbox.
    const caption = await visible(gallery.getByRole('listitem').first().getByText('Høsten på Fyn, 1958', { exact: true }));
    const [photoBox, captionBox] = await Promise.all([gallery.getByRole('img', { name: 'Høsten på Fyn, 1958' }).boundingBox(), caption.boundingBox()]);
    expect(captionBox!.y).toBeGreaterThanOrEqual(photoBox!.y + photoBox!.height);
    expect(await gallery.getByRole('listitem').nth(1).innerText()).toBe('');
    await fitsPhone(page);
    await expectNoAxeViolations(page);
  });
});

describe('a visitor’s header on a memorial page', () => {
  test('shows "Log ind" and "Opret konto" from the first paint, and still once the page is alive', async () => {
    const { memorial, owner } = await ownMemorial({ name: 'Egon Lund' });
    const { page, context } = e2e;
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`/memorial/${memorial.slug}`);
    const header = page.getByRole('banner');
    const login = await visible(header.getByRole('link', { name: 'Log ind', exact: true }));
    const register = await visible(header.getByRole('link', { name: 'Opret konto', exact: true }));
    expect(await login.getAttribute('href')).toBe('/login');
    expect(await register.getAttribute('href')).toBe('/register');
    // The visitor reaches for the page: the app takes it over and the links stay.
    await page.getByRole('heading', { level: 1 }).hover();
    await page.mouse.move(30, 30);
    await page.waitForLoadState('networkidle');
    await visible(header.getByRole('link', { name: 'Log ind', exact: true }));
    await visible(header.getByRole('link', { name: 'Opret konto', exact: true }));
    await expectNoAxeViolations(page);

    // The family's own page is drawn for them: their account, never "Log ind".
    await signInBrowser(context, e2e.server, owner);
    await page.goto(`/memorial/${memorial.slug}`);
    await visible(header.getByRole('link', { name: 'Min profil' }));
    expect(await header.getByRole('link', { name: 'Log ind', exact: true }).count()).toBe(0);
  });
});

describe('a link cut short in the e-mail', () => {
  test('/setup/{token} and /invitation/{token} explain it like an unknown link, not with a validation text', async () => {
    const { page } = e2e;
    // The browser reports the refused look-ups themselves; the pages answer them.
    e2e.expectBrowserError(/status of 400 .*\/api\/setup\/Xk3v9\)$/);
    e2e.expectBrowserError(/status of 404 .*\/api\/invitations\/Xk3v9\)$/);
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/setup/Xk3v9');
    await visible(page.getByRole('heading', { name: 'Linket kan ikke bruges' }));
    await visible(page.getByText('Linket er ikke gyldigt. Tjek at hele adressen fra e-mailen er med, eller tilmeld dig igen med QR-koden.'));
    expect(await page.getByText(/Skal være mindst/).count()).toBe(0);
    await expectNoAxeViolations(page);

    await page.goto('/invitation/Xk3v9');
    await visible(page.getByRole('heading', { name: 'Linket kan ikke bruges' }));
    await visible(page.getByText('Linket til invitationen er ikke gyldigt. Tjek at hele adressen fra e-mailen er med, eller bed om en ny invitation.'));
    expect(await page.getByText(/Skal være mindst/).count()).toBe(0);
    await expectNoAxeViolations(page);
  });
});

describe('a toast on a phone', () => {
  test('"Indstillinger gemt" is a short strip at the top, not a third of the screen', async () => {
    const { page } = e2e;
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/');
    await page.getByRole('region', { name: 'Vi bruger cookies' }).getByRole('button', { name: 'Indstillinger', exact: true }).click();
    const dialog = await visible(page.getByRole('dialog', { name: 'Cookie-indstillinger' }));
    await dialog.getByRole('button', { name: 'Gem indstillinger' }).click();
    const toast = await expectToast(page, 'Indstillinger gemt');
    await animationsSettled(page);
    const box = (await toast.boundingBox())!;
    expect(box.y).toBeLessThan(20);
    expect(box.height, `toast height ${box.height} px`).toBeLessThanOrEqual(740 * 0.15);
    const close = toastTitled(page, 'Indstillinger gemt').getByRole('button', { name: 'Luk besked' });
    expect((await close.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await fitsPhone(page);
    await expectNoAxeViolations(page);
  });
});
