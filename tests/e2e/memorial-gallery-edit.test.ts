/**
 * A family managing the photos of a memorial on /edit-memorial/{slug}: two real photos chosen in
 * the file picker travel with progress and appear as thumbnails, a caption is saved on Enter, one
 * becomes the portrait, the order changes by keyboard-reachable buttons, a text file dressed as a
 * .jpg is refused with the server's Danish reason beside it while the rest carries on, a photo is
 * deleted after a question that names it, and the memorial page shows the outcome. Also a YouTube
 * link, checked before it is sent. axe and a 360 px phone throughout.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { MEDIA_MESSAGES } from '../../src/shared/media-limits';
import type { Memorial } from '../../src/shared/memorials';
import { PREMIUM_MESSAGES } from '../../src/shared/premium';
import { expectNoAxeViolations } from '../support/browser';
import { callApi, registerAccount, signInBrowser } from '../support/e2e-api';
import { premiumForGoodSql } from '../support/e2e-data';
import { setupE2e } from '../support/e2e-suite';
import { animationsSettled, expectFieldError, expectToast, UI_TIMEOUT_MS, visible } from '../support/e2e-ui';
import { type ImageDir, createImageDir, writeImage, writeTextFile } from '../support/images';

const e2e = setupE2e({ qrCodes: 2 });
let images: ImageDir;
beforeAll(async () => {
  images = await createImageDir();
});
afterAll(() => images.cleanup());

/** An account signed in in the test's browser, with a memorial of its own and no photos yet. */
async function memorialWithoutPhotos(name: string) {
  const account = await registerAccount(e2e.server);
  const session = await signInBrowser(e2e.context, e2e.server, account);
  const created = await callApi<Memorial>(e2e.server, 'POST', '/api/memorials', { session, body: { name, birthDate: '1940-03-02', deathDate: '2023-11-20' } });
  expect(created.status).toBe(201);
  const read = async () => (await callApi<Memorial>(e2e.server, 'GET', `/api/memorials/${created.body.id}`, { session })).body;
  return { memorial: created.body, read };
}

const noSideScroll = (page: typeof e2e.page) => page.evaluate(() => document.documentElement.scrollWidth);

describe('managing the gallery on the edit page', () => {
  test('upload, caption, portrait, order, a refused file and a deletion, seen on the memorial page', async () => {
    const { memorial, read } = await memorialWithoutPhotos('Else Marie Holm');
    const { page } = e2e;
    await page.setViewportSize({ width: 360, height: 780 });
    await page.goto(`/edit-memorial/${memorial.slug}`);
    const gallery = await visible(page.getByRole('region', { name: 'Billeder og film' }));
    await visible(gallery.getByText('Her er endnu ingen billeder.', { exact: false }));
    await visible(gallery.getByText('højst 25 MB og 50 megapixels pr. billede', { exact: false }));

    // Two real photos through the file picker; the first is held at the server's door, so the
    // row's state while it travels can be seen.
    const beach = await writeImage(images.dir, 'strand.jpg', 'jpeg', { width: 1600, height: 1200 });
    const garden = await writeImage(images.dir, 'have.png', 'png', { width: 900, height: 1200 });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      '**/api/memorials/*/media',
      async (route) => {
        await gate;
        await route.continue();
      },
      { times: 1 },
    );
    await gallery.locator('input[type="file"]').setInputFiles([beach, garden]);
    const uploads = gallery.getByRole('list', { name: 'Filer der uploades' });
    const beachRow = uploads.getByRole('listitem').filter({ hasText: 'strand.jpg' });
    const gardenRow = uploads.getByRole('listitem').filter({ hasText: 'have.png' });
    await visible(gardenRow.getByText('Venter på at blive sendt...'));
    await visible(beachRow.getByRole('button', { name: 'Annuller upload af strand.jpg' }));
    await visible(beachRow.getByRole('progressbar', { name: 'Upload af strand.jpg' }).or(beachRow.getByText('Behandler billedet...')));
    release();
    await visible(beachRow.getByText('Tilføjet til galleriet'));
    await visible(gardenRow.getByText('Tilføjet til galleriet'));
    expect(await uploads.getByRole('progressbar').count()).toBe(0);

    const card = (title: string) => gallery.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
    await visible(card('Billede 1 af 2'));
    await visible(card('Billede 2 af 2'));
    // The thumbnails are real images the browser has decoded (lazy ones once scrolled to).
    for (const thumbnail of await gallery.locator('picture img').all()) {
      await thumbnail.scrollIntoViewIfNeeded();
      await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: UI_TIMEOUT_MS }).toBe(true);
    }
    expect(await gallery.locator('picture img').count()).toBe(2);
    const [beachItem, gardenItem] = (await read()).media;
    expect(beachItem?.height).toBe(1200);
    expect(gardenItem?.width).toBe(900);

    // A caption, saved on Enter with a quiet confirmation.
    const caption = gallery.getByLabel('Billedtekst til billede 1', { exact: true });
    await caption.fill('Stranden ved Skagen, 1978');
    await caption.press('Enter');
    await visible(card('Billede 1 af 2').getByRole('status').getByText('Gemt'));
    expect((await read()).media[0]?.caption).toBe('Stranden ved Skagen, 1978');

    // The second photo becomes the portrait, marked on its card.
    const portraitButton = gallery.getByRole('button', { name: 'Brug som portræt, billede 2' });
    await portraitButton.click();
    await expect.poll(() => portraitButton.getAttribute('aria-pressed')).toBe('true');
    await visible(card('Billede 2 af 2').getByText('Portræt', { exact: true }));
    expect((await read()).portraitId).toBe(gardenItem!.id);
    expect(await gallery.getByRole('button', { name: 'Brug som portræt, billede 1' }).getAttribute('aria-pressed')).toBe('false');

    // The portrait moves first, by keyboard; focus stays with it and the move is announced.
    await gallery.getByRole('button', { name: 'Flyt billede 2 tidligere' }).focus();
    await page.keyboard.press('Enter');
    await visible(card('Billede 1 af 2').getByText('Portræt', { exact: true }));
    await visible(gallery.getByRole('status').filter({ hasText: 'Billede 2 er flyttet til plads 1 af 2.' }));
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toContain('Senere');
    await expect.poll(async () => (await read()).media.map((item) => item.id)).toEqual([gardenItem!.id, beachItem!.id]);
    expect(await noSideScroll(page)).toBeLessThanOrEqual(360);
    await expectNoAxeViolations(page);

    // A text file named .jpg is refused beside its name, with the server's reason.
    e2e.expectBrowserError(/status of 400 .*\/api\/memorials\/[^/]+\/media\)$/);
    await gallery.locator('input[type="file"]').setInputFiles(await writeTextFile(images.dir, 'notat.jpg'));
    await visible(uploads.getByRole('listitem').filter({ hasText: 'notat.jpg' }).getByText(MEDIA_MESSAGES.unsupported));
    await expectToast(page, 'Fejl ved upload', { description: `notat.jpg: ${MEDIA_MESSAGES.unsupported}`, destructive: true });
    expect((await read()).media).toHaveLength(2);

    // The beach photo is deleted after a question that names it.
    await gallery.getByRole('button', { name: 'Slet billede 2' }).click();
    const dialog = await visible(page.getByRole('dialog', { name: 'Slet billedet?' }));
    expect(await dialog.innerText()).toContain('billede 2 (»Stranden ved Skagen, 1978«) fra mindesiden for Else Marie Holm');
    await animationsSettled(page);
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Slet billedet' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await visible(card('Billede 1 af 1'));
    expect(await gallery.getByText('Stranden ved Skagen, 1978').count()).toBe(0);
    const after = await read();
    expect(after.media.map((item) => item.id)).toEqual([gardenItem!.id]);
    expect(after.portraitId).toBe(gardenItem!.id);

    // The memorial page shows what the family made.
    await page.goto(`/memorial/${memorial.slug}`);
    await visible(page.getByRole('img', { name: 'Portræt af Else Marie Holm' }));
    await visible(page.getByRole('button', { name: /^Vis billede 1 af 1/ }));
    expect(await page.getByRole('button', { name: /Stranden ved Skagen/ }).count()).toBe(0);
  });

  test('a YouTube film by its link, and a wrong link refused in Danish before it is sent', async () => {
    const { memorial, read } = await memorialWithoutPhotos('Aksel Nørgaard');
    const { page } = e2e;
    await page.goto(`/edit-memorial/${memorial.slug}`);
    const gallery = await visible(page.getByRole('region', { name: 'Billeder og film' }));
    const link = gallery.getByLabel('Link til en film på YouTube', { exact: true });
    const add = gallery.getByRole('button', { name: 'Tilføj film' });

    await link.fill('https://vimeo.com/123456');
    await add.click();
    await expectFieldError(link, 'Linket er ikke en YouTube-video. Kopiér adressen fra YouTube og prøv igen.');
    await link.fill('');
    await add.click();
    await expectFieldError(link, 'Indsæt linket til filmen på YouTube.');
    expect((await read()).media).toHaveLength(0);

    // Films are Premium's: a free memorial says so, at the field and with the way to Premium.
    await visible(gallery.getByText('Film hører til Premium, og med Premium er der plads til alle billederne.', { exact: false }));
    expect(await gallery.getByRole('link', { name: 'Læs om Premium' }).getAttribute('href')).toBe('/subscription');
    e2e.expectBrowserError(/status of 403 .*\/media\)$/);
    await link.fill('https://youtu.be/dQw4w9WgXcQ');
    await add.click();
    await expectFieldError(link, PREMIUM_MESSAGES.video);
    expect((await read()).media).toHaveLength(0);

    // With Premium (here for good, as if bought) the same link is taken. On the embedded database
    // the server steps aside for the SQL, and the open page's service worker misses its check.
    e2e.expectBrowserError(/An unknown error occurred when fetching the script/);
    await e2e.server.sql(premiumForGoodSql(memorial.id));
    await add.click();
    await visible(gallery.getByRole('heading', { name: 'YouTube-film 1 af 1', exact: true }));
    expect(await link.inputValue()).toBe('');
    // A film cannot be a portrait or be cropped.
    expect(await gallery.getByRole('button', { name: /Brug som portræt/ }).count()).toBe(0);
    expect(await gallery.getByRole('link', { name: /Beskær eller drej/ }).count()).toBe(0);
    const [film] = (await read()).media;
    expect(film?.kind).toBe('youtube');
    expect(film?.youtubeId).toBe('dQw4w9WgXcQ');
    await expectNoAxeViolations(page);
  });
});
