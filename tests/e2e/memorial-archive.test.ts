/**
 * The memorial as an archive (issue 26 item 1): the owner of a memorial with a life story, a
 * timeline, captioned photos, approved words and lit candles finds "Hent mindesiden som arkiv" on
 * the edit page (#arkiv goes straight to it), reads what the archive holds, and downloads the ZIP.
 * Unpacked on the disk, it opens in a browser with no network at all: the name and the epitaph,
 * every part by its navigation, every photo in the gallery drawn from the archive's own files, axe
 * passing, and the JSON copy naming the person. A memorial too large to send at once is ordered
 * instead: the page says it is being made, turns ready by itself, the e-mail links back to the
 * section, and the finished ZIP is fetched from there. A co-admin sees the section; a viewer cannot
 * open the edit page, and the server refuses them the archive.
 *
 * With MINDESTED_SCREENSHOTS set, the section is photographed at 360 and 1280 px, light and dark,
 * and the archive's front page and gallery at 360 px, into .scratch/.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SESSION_COOKIE } from '../../src/shared/constants';
import type { MediaItem } from '../../src/shared/media';
import { ARCHIVE_MESSAGES, ARCHIVE_START_PAGE, type ArchiveSummary, archiveSummaryUrl, archiveZipUrl, readyArchiveUrl } from '../../src/shared/memorial-archive';
import type { Memorial } from '../../src/shared/memorials';
import type { Post } from '../../src/shared/posts-api';
import { expectNoAxeViolations } from '../support/browser';
import { type Account, callApi, login, registerAccount, signInBrowser } from '../support/e2e-api';
import { setupE2e } from '../support/e2e-suite';
import { consentGiven, visible } from '../support/e2e-ui';
import { type ImageDir, createImageDir, writeImage } from '../support/images';
import { linkIn } from '../support/smtp-capture';
import { readZip } from '../support/zip';

const e2e = setupE2e({ qrCodes: 6 });
let images: ImageDir;
let work: string;
beforeAll(async () => {
  images = await createImageDir();
  work = await mkdtemp(path.join(tmpdir(), 'mindested-archive-'));
});
afterAll(async () => {
  await images.cleanup();
  await rm(work, { recursive: true, force: true });
});

const SHOTS = process.env.MINDESTED_SCREENSHOTS ? path.resolve('.scratch') : null;

const NAME = 'Karen Margrethe Jensen';
const EPITAPH = 'Hun plantede roser, hvor hun kom frem';
const PHOTOS = [
  { file: 'haven.jpg', caption: 'Karen i rosenhaven, 1968', width: 1200, height: 900 },
  { file: 'bryllup.jpg', caption: 'Brylluppet i Vejle Kirke', width: 900, height: 1200 },
  { file: 'strand.png', caption: 'Sommer ved Vejle Fjord', width: 1000, height: 700 },
];

interface Family {
  owner: Account;
  session: string;
  memorial: Memorial;
}

async function sessionOf(account: Account): Promise<string> {
  const { status, session } = await login(e2e.server, account.username, account.password);
  if (status !== 200 || !session) throw new Error(`logging in ${account.username} failed: ${status}`);
  return session;
}

/** A memorial with all the parts an archive carries, its words and candles approved by the family. */
async function fullMemorial(): Promise<Family> {
  const { server } = e2e;
  const owner = await registerAccount(server, { fullName: 'Mette Jensen' });
  const session = await sessionOf(owner);
  const created = await callApi<Memorial>(server, 'POST', '/api/memorials', {
    session,
    body: {
      name: NAME,
      birthDate: '1941-03-02',
      deathDate: '2023-11-30',
      birthPlace: 'Vejle',
      deathPlace: 'Fredericia',
      epitaph: EPITAPH,
      lifeStory: '<h2>Barndom</h2><p>Karen voksede op på en gård ved Vejle Å og lærte tidligt at passe dyr og have.</p><h2>Familien</h2><p>Hun fik tre børn og syv børnebørn.</p>',
      timeline: [
        { date: '1941-03-02', title: 'Født i Vejle', text: 'Den yngste af fire søskende.' },
        { date: '1963', title: 'Gift med Aksel', text: '' },
        { date: '1970-08', title: 'Flyttede til Fredericia', text: 'Huset på Kongensgade med den store have.' },
      ],
    },
  });
  expect(created.status).toBe(201);
  const memorial = created.body;

  for (const photo of PHOTOS) {
    const file = await writeImage(images.dir, photo.file, photo.file.endsWith('.png') ? 'png' : 'jpeg', { width: photo.width, height: photo.height });
    const form = new FormData();
    form.set('caption', photo.caption);
    form.set('file', new Blob([await readFile(file)], { type: photo.file.endsWith('.png') ? 'image/png' : 'image/jpeg' }), photo.file);
    const uploaded = await fetch(`${server.baseUrl}/api/memorials/${memorial.id}/media`, { method: 'POST', headers: { origin: server.baseUrl, cookie: `${SESSION_COOKIE}=${session}` }, body: form });
    expect(uploaded.status).toBe(201);
    const item = (await uploaded.json()) as MediaItem;
    if (photo === PHOTOS[0]) expect((await callApi(server, 'PUT', `/api/memorials/${memorial.id}`, { session, body: { portraitId: item.id } })).status).toBe(200);
  }

  // What visitors leave waits for the family; the archive carries what they approved.
  const leave = async (kind: string, body: Record<string, string>) => {
    const response = await callApi<Post>(server, 'POST', `/api/memorials/${memorial.id}/${kind}`, { body });
    expect(response.status).toBe(201);
    return response.body.id;
  };
  const ids = [
    await leave('guestbook', { name: 'Ole fra nabohuset', message: 'Tak for alle kopperne kaffe over hækken.' }),
    await leave('memories', { name: 'Lise', message: 'Sommeren 1978, da du lærte mig at binde en buket.' }),
    await leave('candles', { name: 'Birthe Lund', message: 'Vi savner dig.' }),
    await leave('candles', { name: 'Jens' }),
  ];
  expect((await callApi(server, 'POST', `/api/memorials/${memorial.id}/posts/moderate`, { session, body: { ids, action: 'approve' } })).status).toBe(200);

  const fresh = await callApi<Memorial>(server, 'GET', `/api/memorials/${memorial.id}`, { session });
  return { owner, session, memorial: fresh.body };
}

const archiveSection = (page: Page) => page.getByRole('region', { name: 'Hent mindesiden som arkiv' });

/** The section at a phone's width and a desk's, passing axe; with MINDESTED_SCREENSHOTS, pictures of both themes. */
async function checkSection(page: Page, section: Locator, name: string) {
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${width} px`).toBeLessThanOrEqual(width);
    await expectNoAxeViolations(page);
    if (!SHOTS) continue;
    await mkdir(SHOTS, { recursive: true });
    // The theme switched at once: a picture of a colour transition's first frame shows nothing.
    const steady = await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; }' });
    for (const theme of ['light', 'dark'] as const) {
      await page.evaluate((dark) => document.documentElement.classList.toggle('dark', dark), theme === 'dark');
      await section.screenshot({ path: path.join(SHOTS, `${name}-${width}-${theme}.png`) });
    }
    await page.evaluate(() => document.documentElement.classList.remove('dark'));
    await steady.evaluate((element) => (element as Element).remove());
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/**
 * Unpacks the ZIP the way a person's computer does: with Debian's unzip where it is installed (a
 * reader that shares nothing with the server's writer, and checks every file's checksum), else
 * with the tests' own reader.
 */
async function unpack(zip: string, into: string): Promise<string[]> {
  await mkdir(into, { recursive: true });
  if (existsSync('/usr/bin/unzip')) {
    const result = spawnSync('/usr/bin/unzip', ['-q', zip, '-d', into], { encoding: 'utf8' });
    expect(result.status, result.stderr).toBe(0);
  } else {
    for (const entry of readZip(await readFile(zip))) {
      if (entry.name.endsWith('/')) continue;
      await mkdir(path.dirname(path.join(into, entry.name)), { recursive: true });
      await writeFile(path.join(into, entry.name), entry.data);
    }
  }
  const files = await readdir(into, { recursive: true, withFileTypes: true });
  return files.filter((file) => file.isFile()).map((file) => path.relative(into, path.join(file.parentPath, file.name)).split(path.sep).join('/'));
}

/**
 * A browser context with no network, for the archive's files: any request that is not for a file
 * on the disk is refused and noted in `problems` (the archive must need nothing from anywhere).
 */
async function offlineBrowser(browser: Browser, problems: string[], options: { bypassCSP?: boolean } = {}): Promise<BrowserContext> {
  const context = await browser.newContext({ locale: 'da-DK', viewport: { width: 1280, height: 900 }, ...options });
  await context.setOffline(true);
  await context.route('**', (route) => {
    const url = route.request().url();
    if (url.startsWith('file:')) return route.continue();
    problems.push(`a request left the archive: ${url}`);
    return route.abort('internetdisconnected');
  });
  return context;
}

/** Notes in `problems` what goes wrong in an archive's page: an error, or a file it asked for and did not get. */
function watch(page: Page, problems: string[]) {
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('requestfailed', (request) => problems.push(`failed: ${request.url()} (${request.failure()?.errorText ?? ''})`));
}

/** The address of the archive's page `name`, by the link to it in the page's navigation. */
const partPageOf = (page: Page, name: string) =>
  page
    .getByRole('navigation', { name: 'Mindesidens dele' })
    .getByRole('link', { name, exact: true })
    .evaluate((link) => (link as HTMLAnchorElement).href);

describe('the memorial as an archive', () => {
  test('the owner downloads the ZIP, and it opens from the disk with no network: every part, every photo', async () => {
    const { page, context, server } = e2e;
    const { owner, session, memorial } = await fullMemorial();
    const summary = await callApi<ArchiveSummary>(server, 'GET', archiveSummaryUrl(memorial.id), { session });
    expect(summary.status).toBe(200);
    expect(summary.body).toMatchObject({ photos: 3, videos: 0, songs: 0, words: 2, candles: 2, delivery: 'download', background: null });

    await consentGiven(page);
    await signInBrowser(context, server, owner);
    await page.setViewportSize({ width: 360, height: 740 });
    // The link the archive's e-mail carries: the page goes to the section once it is drawn.
    await page.goto(`/edit-memorial/${memorial.slug}#arkiv`);
    const section = await visible(archiveSection(page));
    await visible(section.getByRole('heading', { level: 2, name: 'Hent mindesiden som arkiv' }));
    await expect.poll(() => section.evaluate((element) => Math.round(element.getBoundingClientRect().top))).toBeLessThan(200);
    const contents = await visible(section.getByText(/^Arkivet rummer /));
    expect(await contents.innerText()).toMatch(/^Arkivet rummer 3 billeder, 2 hilsner og 2 tændte lys og fylder (under\s1\sMB|ca\.\s\d+(,\d)?\sMB)\.$/);
    await visible(section.getByText('også hvis Mindested en dag ikke findes mere', { exact: false }));
    await visible(section.getByText('(JSON)', { exact: false }));
    // The page's list of parts leads here too.
    expect(await page.getByRole('navigation', { name: 'Dele af mindesiden' }).getByRole('link', { name: 'Arkiv' }).getAttribute('href')).toBe('#arkiv');

    const download = section.getByRole('link', { name: 'Hent arkivet (ZIP)' });
    expect(await download.getAttribute('href')).toBe(archiveZipUrl(memorial.id));
    const box = await download.boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(44);
    await checkSection(page, section, 'archive-download');

    // By the keyboard, as a person without a mouse takes it.
    const downloaded = page.waitForEvent('download');
    await download.focus();
    await page.keyboard.press('Enter');
    const zipFile = await downloaded;
    expect(zipFile.suggestedFilename()).toMatch(new RegExp(`^mindeside-${memorial.slug}-\\d{4}-\\d{2}-\\d{2}\\.zip$`));
    const zipPath = path.join(work, zipFile.suggestedFilename());
    await zipFile.saveAs(zipPath);
    expect(await zipFile.failure()).toBeNull();

    const site = path.join(work, 'udpakket');
    const files = await unpack(zipPath, site);
    expect(files).toContain(ARCHIVE_START_PAGE);
    expect(files).toContain('style.css');
    expect(files).toContain('data/mindeside.json');
    const data = JSON.parse(await readFile(path.join(site, 'data/mindeside.json'), 'utf8')) as { memorial: object; gallery: { caption: string; file: string }[] };
    expect(data.memorial).toMatchObject({ name: NAME, epitaph: EPITAPH, birthDate: '1941-03-02', deathDate: '2023-11-30' });
    expect(data.gallery.map((item) => item.caption)).toEqual(PHOTOS.map((photo) => photo.caption));
    // Each photo the JSON names is a file in the archive.
    for (const item of data.gallery) expect(files).toContain(item.file);

    // The archive on the disk, in a browser of its own that has no network at all.
    const start = pathToFileURL(path.join(site, ARCHIVE_START_PAGE)).href;
    const problems: string[] = [];
    const offline = await offlineBrowser(context.browser()!, problems);
    try {
      const archive = await offline.newPage();
      watch(archive, problems);
      await archive.goto(start);
      await visible(archive.getByRole('heading', { level: 1, name: NAME }));
      await visible(archive.getByText(EPITAPH));
      await visible(archive.getByRole('img', { name: `Portræt af ${NAME}` }));
      expect(await archive.getByRole('img', { name: `Portræt af ${NAME}` }).evaluate((image) => (image as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);

      // Every part of the memorial by the archive's own navigation, each a page headed by its name.
      const nav = archive.getByRole('navigation', { name: 'Mindesidens dele' });
      const parts = await nav
        .getByRole('link')
        .evaluateAll((links) => links.map((link) => ({ name: (link.textContent ?? '').trim(), href: (link as HTMLAnchorElement).href })));
      expect(parts[0]).toEqual({ name: 'Forside', href: start });
      const pages = parts.slice(1);
      // The parts this memorial has (no family tree, no music): no page for what is not there.
      expect(pages.map((part) => part.name)).toEqual(['Livshistorie', 'Livslinje', 'Billeder og film', 'Hilsner og lys']);
      for (const part of pages) {
        expect(part.href, part.name).toMatch(/^file:.*\.html$/);
        await nav.getByRole('link', { name: part.name, exact: true }).click();
        await archive.waitForURL(part.href);
        await visible(archive.getByRole('heading', { level: 1, name: part.name, exact: true }));
        expect(await nav.getByRole('link', { name: part.name, exact: true }).getAttribute('aria-current')).toBe('page');
      }
      const partPage = (name: RegExp) => pages.find((part) => name.test(part.name))!.href;

      // The gallery: one picture for each photo, each drawn from the archive's own file.
      await archive.goto(partPage(/^Billeder/));
      const pictures = archive.getByRole('main').locator('img');
      await expect.poll(() => pictures.count()).toBe(PHOTOS.length);
      for (const picture of await pictures.all()) {
        await picture.scrollIntoViewIfNeeded();
        await expect.poll(() => picture.evaluate((image) => (image as HTMLImageElement).complete && (image as HTMLImageElement).naturalWidth > 0)).toBe(true);
        expect(await picture.evaluate((image) => (image as HTMLImageElement).currentSrc)).toMatch(/^file:/);
      }
      for (const photo of PHOTOS) await visible(archive.getByText(photo.caption).first());

      // The life story, the timeline and what visitors left, as the family wrote and approved it.
      await archive.goto(partPage(/^Livshistorie$/));
      await visible(archive.getByRole('heading', { level: 2, name: 'Barndom' }));
      await visible(archive.getByText('Karen voksede op på en gård ved Vejle Å', { exact: false }));
      await archive.goto(partPage(/linje$/));
      await visible(archive.getByRole('heading', { level: 2, name: 'Flyttede til Fredericia' }));
      await visible(archive.getByText('2. marts 1941'));
      await archive.goto(partPage(/^Hilsner/));
      await visible(archive.getByText('Tak for alle kopperne kaffe over hækken.'));
      await visible(archive.getByText('Sommeren 1978, da du lærte mig at binde en buket.'));
      await visible(archive.getByText('Birthe Lund'));
    } finally {
      await offline.close();
    }

    // Axe on the same pages. The archive's pages refuse any style or script but their own files
    // (their Content-Security-Policy), and axe's check puts both into the page: it looks in a
    // browser that lets it, with the same files and still no network. Its errors are not watched
    // here: axe asks for the style sheet by XMLHttpRequest, which a file:// page may not do.
    const inspecting = await offlineBrowser(context.browser()!, problems, { bypassCSP: true });
    try {
      const archive = await inspecting.newPage();
      await archive.goto(start);
      await visible(archive.getByRole('heading', { level: 1, name: NAME }));
      await expectNoAxeViolations(archive);
      await archive.getByRole('navigation', { name: 'Mindesidens dele' }).getByRole('link', { name: 'Billeder og film', exact: true }).click();
      await visible(archive.getByRole('heading', { level: 1, name: 'Billeder og film' }));
      for (const picture of await archive.getByRole('main').locator('img').all()) await picture.scrollIntoViewIfNeeded();
      await expectNoAxeViolations(archive);
      await archive.getByRole('navigation', { name: 'Mindesidens dele' }).getByRole('link', { name: 'Hilsner og lys', exact: true }).click();
      await visible(archive.getByRole('heading', { level: 1, name: 'Hilsner og lys' }));
      await expectNoAxeViolations(archive);
      if (SHOTS) {
        await archive.setViewportSize({ width: 360, height: 800 });
        await archive.goto(start);
        await archive.screenshot({ path: path.join(SHOTS, 'archive-site-index-360.png'), fullPage: true });
        await archive.goto(await partPageOf(archive, 'Billeder og film'));
        await archive.screenshot({ path: path.join(SHOTS, 'archive-site-gallery-360.png'), fullPage: true });
      }
    } finally {
      await inspecting.close();
    }
    expect(problems).toEqual([]);
  });

  test('a memorial too large to send at once is ordered, turns ready on the page, is e-mailed, and is fetched from the section', async () => {
    const { page, context, server } = e2e;
    const owner = await registerAccount(server, { fullName: 'Aksel Winther' });
    const session = await sessionOf(owner);
    const created = await callApi<Memorial>(server, 'POST', '/api/memorials', { session, body: { name: 'Gudrun Winther', birthDate: '1929-09-12', deathDate: '2021-02-03', epitaph: 'Altid med en sang' } });
    expect(created.status).toBe(201);
    const memorial = created.body;

    // More than ARCHIVE_DIRECT_MAX_BYTES of uploads is more than a journey should carry; the server's
    // own test (archive/memorial-archive.test.ts) decides 'mail' by size. Here only that one word of
    // the server's answer is changed; the order, the job, the e-mail and the download are all real.
    await page.route(`**${archiveSummaryUrl(memorial.id)}`, async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, json: { ...((await response.json()) as ArchiveSummary), delivery: 'mail' } });
    });
    await consentGiven(page);
    await signInBrowser(context, server, owner);
    await page.goto(`/edit-memorial/${memorial.slug}#arkiv`);
    const section = await visible(archiveSection(page));
    await visible(section.getByText('Mindesiden fylder så meget, at vi laver arkivet i ro og mag', { exact: false }));
    expect(await section.getByRole('link', { name: 'Hent arkivet (ZIP)' }).count()).toBe(0);

    const order = section.getByRole('button', { name: 'Bestil arkivet', exact: true });
    expect((await order.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await order.click();
    const status = section.getByRole('status');
    await visible(status.getByText('Vi er ved at lave arkivet.'));
    await visible(status.getByText('Du får en e-mail, når det er klar', { exact: false }));
    // The button is gone; the words that replace it have the focus.
    expect(await status.evaluate((element) => element === document.activeElement)).toBe(true);

    const mail = await server.mail.waitFor((each) => each.to.includes(owner.email) && each.subject.includes('er klar'), 60_000);
    const link = new URL(linkIn(mail, '/edit-memorial/'));
    expect(`${link.origin}${link.pathname}${link.hash}`).toBe(`${server.baseUrl}/edit-memorial/${memorial.slug}#arkiv`);

    // The page asks again by itself while it waits, and turns ready without a reload.
    await status.getByText('Arkivet er klar til at blive hentet.').waitFor({ timeout: 30_000 });
    const { background } = (await callApi<ArchiveSummary>(server, 'GET', archiveSummaryUrl(memorial.id), { session })).body;
    expect(background).toMatchObject({ state: 'ready' });
    const lastDay = new Intl.DateTimeFormat('da-DK', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Copenhagen' }).format(new Date(background!.expiresAt!));
    expect((await status.innerText()).replace(/\s+/g, ' ')).toContain(`Det kan hentes til og med ${lastDay}.`);
    const fetchReady = section.getByRole('link', { name: 'Hent arkivet (ZIP)' });
    expect(await fetchReady.getAttribute('href')).toBe(readyArchiveUrl(memorial.id));
    await checkSection(page, section, 'archive-ready');

    const downloaded = page.waitForEvent('download');
    await fetchReady.click();
    const zipFile = await downloaded;
    expect(zipFile.suggestedFilename()).toMatch(new RegExp(`^mindeside-${memorial.slug}-\\d{4}-\\d{2}-\\d{2}\\.zip$`));
    const zipPath = path.join(work, `bestilt-${zipFile.suggestedFilename()}`);
    await zipFile.saveAs(zipPath);
    const files = await unpack(zipPath, path.join(work, 'bestilt'));
    expect(files).toContain(ARCHIVE_START_PAGE);
    const data = JSON.parse(await readFile(path.join(work, 'bestilt', 'data/mindeside.json'), 'utf8')) as { memorial: object };
    expect(data.memorial).toMatchObject({ name: 'Gudrun Winther', epitaph: 'Altid med en sang' });
  });

  test('a co-admin sees the section; a viewer cannot open the edit page, and the server refuses them the archive', async () => {
    const { page, context, server } = e2e;
    const owner = await registerAccount(server);
    const coadmin = await registerAccount(server, { fullName: 'Jens Brandt' });
    const viewer = await registerAccount(server, { fullName: 'Sofie Holm' });
    const session = await sessionOf(owner);
    const created = await callApi<Memorial>(server, 'POST', '/api/memorials', { session, body: { name: 'Poul Brandt', birthDate: '1930-01-05', deathDate: '2022-06-17' } });
    expect(created.status).toBe(201);
    const memorial = created.body;
    for (const [account, role] of [
      [coadmin, 'coadmin'],
      [viewer, 'viewer'],
    ] as const) {
      expect((await callApi(server, 'POST', `/api/memorials/${memorial.id}/members`, { session, body: { usernameOrEmail: account.username, role } })).status).toBe(201);
    }

    await consentGiven(page);
    await signInBrowser(context, server, coadmin);
    await page.goto(`/edit-memorial/${memorial.slug}`);
    const section = await visible(archiveSection(page));
    await visible(section.getByText('Der er endnu ingen billeder, film, sange eller hilsner', { exact: false }));
    expect(await section.getByRole('link', { name: 'Hent arkivet (ZIP)' }).getAttribute('href')).toBe(archiveZipUrl(memorial.id));

    const other = await e2e.openAnotherBrowser();
    await signInBrowser(other.context, server, viewer);
    await other.page.goto(`/edit-memorial/${memorial.slug}`);
    await visible(other.page.getByRole('heading', { level: 1, name: 'Du kan ikke redigere denne mindeside' }));
    expect(await other.page.getByRole('heading', { name: 'Hent mindesiden som arkiv' }).count()).toBe(0);
    const viewerSession = await sessionOf(viewer);
    for (const url of [archiveSummaryUrl(memorial.id), archiveZipUrl(memorial.id)]) {
      const refused = await callApi<{ message: string }>(server, 'GET', url, { session: viewerSession });
      expect(refused.status, url).toBe(403);
      expect(refused.body.message).toBe(ARCHIVE_MESSAGES.adminsOnly);
    }
  });
});
