/**
 * A paid plaque order becomes a laser job and the family sees their order move on (issue 23 items
 * 5 and 7), in Chromium against the production server: a family orders a plaque by bank transfer
 * (through the API, as the order form sends it) and an admin marks the transfer received; a
 * production worker finds the plaque on the floor's screen (/production) with its preview, takes a
 * package of codes to the printer there too, starts the engraving, opens the job on
 * /admin/laser-engraving (the preview decodes to the code's address, the SVG downloads under the
 * code's name), marks it done with a tracking number, and the family's /orders shows the plaque
 * sent. A job by hand fails with a reason and is run again. axe at a phone's and a desk's width.
 * With MINDESTED_SCREENSHOTS set, the pages are photographed into .scratch/ light and dark.
 */
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { formatCode, parseCode } from '../../src/shared/qr-code';
import { expectNoAxeViolations } from '../support/browser';
import { callApi, login, registerAccount, signInBrowser } from '../support/e2e-api';
import { INVOICING_ENV, type CreatedOrder, placeOrder } from '../support/e2e-money';
import { createAdmin, useSession, verifiedStaffSession } from '../support/e2e-staff';
import { setupE2e } from '../support/e2e-suite';
import { consentGiven, expectToast, visible } from '../support/e2e-ui';
import { decodePng } from '../support/qr-decode';

const e2e = setupE2e({ qrCodes: 3, env: { ...INVOICING_ENV, STRIPE_SECRET_KEY: '' } });
const shots = process.env.MINDESTED_SCREENSHOTS ? '.scratch' : null;

const delivery = { name: 'Ole Lund', address: 'Kirkebakken 7', postcode: '5000', town: 'Odense C' };
const tracking = 'PostNord 00370712345678';

interface World {
  family: Awaited<ReturnType<typeof registerAccount>>;
  order: CreatedOrder;
  code: string;
  /** The production worker's session, past the second factor. */
  worker: string;
  admin: string;
  packageId: string;
  jobId: string;
}
let world: World;

beforeAll(async () => {
  const { server } = e2e;
  // The CLI restarts the embedded database's server: the admin first, before anyone signs in.
  const adminAccount = await createAdmin(server, 'Birthe Bagkontor');
  const { session: admin } = await verifiedStaffSession(server, adminAccount);

  // A family whose memorial has their code, and a plaque ordered for it, paid by transfer.
  const family = await registerAccount(server, { fullName: 'Ole Lund' });
  const { session } = await login(server, family.username, family.password);
  const memorial = await callApi<{ id: string }>(server, 'POST', '/api/memorials', { session: session!, body: { name: 'Grethe Lund', birthDate: '1932-03-02', deathDate: '2021-10-11' } });
  expect((await callApi(server, 'POST', `/api/qr-codes/${family.qrCode}/link`, { session: session!, body: { memorial: memorial.body.id } })).status).toBe(200);
  const order = await placeOrder(server, session!, { kind: 'plaque', memorialId: memorial.body.id, productSlug: 'plade-staal-8', lines: ['Grethe Lund', '1932 – 2021'], delivery });
  expect((await callApi(server, 'POST', `/api/admin/orders/${order.order.id}/mark-paid`, { session: admin })).status).toBe(200);

  // A production worker: an account the admin gives the production role.
  const workerAccount = await registerAccount(server, { fullName: 'Lars Laser' });
  const { session: workerLogin } = await login(server, workerAccount.username, workerAccount.password);
  const me = await callApi<{ id: string }>(server, 'GET', `/api/user?t=${Date.now()}`, { session: workerLogin! });
  expect((await callApi(server, 'POST', `/api/admin/users/${me.body.id}/role`, { session: admin, body: { role: 'production' } })).status).toBe(200);
  const { session: worker } = await verifiedStaffSession(server, workerAccount);

  const pkg = await callApi<{ id: string }>(server, 'POST', '/api/admin/qr-packages', { session: admin, body: { name: 'Stenhuggeriet, december', size: 3 } });
  expect(pkg.status).toBe(201);
  const queue = await callApi<{ jobs: { id: string; code: string; order: { id: string } | null }[] }>(server, 'GET', '/api/admin/production', { session: worker });
  const job = queue.body.jobs.find((j) => j.order?.id === order.order.id)!;
  expect(job.code).toBe(parseCode(family.qrCode));
  world = { family, order, code: job.code, worker, admin, packageId: pkg.body.id, jobId: job.id };
}, 180_000);

/** The picture has arrived and is drawn, not broken. */
async function expectImageLoaded(page: Page, selector: string) {
  const image = page.locator(selector).first();
  await image.scrollIntoViewIfNeeded();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 10_000 }).toBe(true);
}

/** The page as it is now, at a phone's and a desk's width, light and dark (the theme switched in place, so an open dialog stays). */
async function photograph(page: Page, name: string) {
  if (!shots) return;
  mkdirSync(shots, { recursive: true });
  const before = page.viewportSize();
  for (const dark of [false, true]) {
    await page.evaluate((on) => {
      document.documentElement.classList.toggle('dark', on);
      document.documentElement.style.colorScheme = on ? 'dark' : 'light';
    }, dark);
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: `${shots}/laser-${name}-${width}-${dark ? 'dark' : 'light'}.png`, fullPage: true, animations: 'disabled' });
    }
  }
  await page.evaluate(() => document.documentElement.classList.remove('dark'));
  if (before) await page.setViewportSize(before);
}

describe('a paid plaque on the production floor', () => {
  test('is engraved from the queue and the laser page, marked done, and the family sees it sent', async () => {
    const { page, server } = e2e;
    const { order, code, worker, jobId } = world;
    const number = order.order.number;
    const shown = formatCode(code);
    await consentGiven(page);
    await useSession(page.context(), server, worker);
    await page.setViewportSize({ width: 1280, height: 900 });

    // The floor's screen: both lists, the plaque with its preview, who has started what.
    await page.goto('/production');
    await visible(page.getByRole('heading', { level: 1, name: 'Produktion' }));
    const packages = page.getByRole('region', { name: /^Pakker til tryk/ });
    const plaques = page.getByRole('region', { name: /^Plader til gravering/ });
    const plaque = plaques.getByRole('listitem').filter({ hasText: shown });
    await visible(plaque.getByText(`ordre ${number}, Ole Lund`, { exact: false }));
    await visible(plaque.getByText('Grethe Lund · 1932 – 2021', { exact: true }));
    await expectImageLoaded(page, `img[src="/api/admin/laser-jobs/${jobId}/face.png"]`);
    await photograph(page, 'floor');

    // A package to print: the worker takes it to the printer; the queue says so.
    const pkg = packages.getByRole('listitem').filter({ hasText: 'Stenhuggeriet, december' });
    await visible(pkg.getByText('Ingen er gået i gang endnu'));
    expect(await pkg.getByRole('link', { name: /Udskriftsark til Stenhuggeriet, december/ }).getAttribute('href')).toBe(`/api/admin/qr-packages/${world.packageId}/print.pdf`);
    await pkg.getByRole('button', { name: 'Gå i gang', exact: true }).click();
    const taking = await visible(page.getByRole('dialog', { name: 'Gå i gang med Stenhuggeriet, december?' }));
    await taking.getByRole('button', { name: 'Gå i gang', exact: true }).click();
    await expectToast(page, 'Du har taget Stenhuggeriet, december');
    await visible(pkg.getByText('Lars Laser', { exact: true }));

    // The plaque goes on the laser; the order goes into production.
    await plaque.getByRole('button', { name: 'Start gravering', exact: true }).click();
    const starting = await visible(page.getByRole('dialog', { name: `Start gravering af plade ${shown}?` }));
    await visible(starting.getByText(`Ordre ${number} sættes i produktion, og Ole Lund får en e-mail om det.`));
    await starting.getByRole('button', { name: 'Start gravering', exact: true }).click();
    await expectToast(page, `Graveringen af plade ${shown} er startet`, { description: `Ordre ${number} er sat i produktion.` });
    await visible(plaque.getByText('Graveres', { exact: true }));

    // The laser page: the job on the laser, opened with its preview, file and history.
    await page.getByRole('link', { name: 'Bagkontoret' }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'Produktion' }));
    await page.getByRole('navigation', { name: 'Bagkontoret' }).getByRole('link', { name: 'Lasergravering' }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'Lasergravering' }));
    await page.getByRole('navigation', { name: 'Status' }).getByRole('link', { name: /^Graveres/ }).click();
    await page.getByRole('main').getByRole('link', { name: `Plade ${shown}` }).first().click();
    const opened = await visible(page.getByRole('region', { name: `Plade ${shown}` }));
    await visible(opened.getByText('Rustfrit stål, 8 × 8 cm').first());
    await visible(opened.getByRole('link', { name: `Ordre ${number}` }));
    await expectImageLoaded(page, `img[alt^="Forhåndsvisning af plade ${shown} som laseren"]`);
    const preview = await page.request.get(`${server.baseUrl}/api/admin/laser-jobs/${jobId}/face.png`);
    expect(await decodePng(await preview.body())).toEqual([`${server.baseUrl}/qr/${code}`]);
    const download = opened.getByRole('link', { name: `Hent SVG til plade ${shown}` });
    const svg = await page.request.get(new URL((await download.getAttribute('href'))!, server.baseUrl).href);
    expect(svg.headers()['content-disposition']).toBe(`attachment; filename="plade-${shown}-staal-80x80mm.svg"`);
    expect(await svg.text()).toMatch(/<svg[^>]* width="80mm" height="80mm"/);
    await photograph(page, 'job');

    // Done: the plaque is posted with its tracking number, and the order is sent.
    await opened.getByRole('button', { name: 'Færdig', exact: true }).click();
    const finishing = await visible(page.getByRole('dialog', { name: `Er plade ${shown} færdig?` }));
    await finishing.getByLabel('Sporingsnummer (valgfrit)').fill(tracking);
    await finishing.getByRole('button', { name: 'Markér som færdig', exact: true }).click();
    await expectToast(page, `Plade ${shown} er færdig`, { description: `Ordre ${number} er markeret som afsendt, og Ole Lund har fået besked.` });
    await visible(opened.getByText(tracking, { exact: true }));
    await visible(opened.getByText('Afsendt', { exact: false }).first());

    // The order's own page says where its plaque stands, and leads back to the job.
    await opened.getByRole('link', { name: `Ordre ${number}` }).click();
    await visible(page.getByRole('heading', { level: 1, name: `Ordre ${number}` }));
    const facts = page.getByRole('region', { name: 'Ordren' });
    await visible(facts.getByText('Færdig', { exact: true }));
    await photograph(page, 'order');
    await facts.getByRole('link', { name: 'Åbn laserjobbet' }).click();
    await visible(page.getByRole('region', { name: `Plade ${shown}` }));

    // The family's own page: the plaque is sent, with the tracking number.
    const family = await e2e.openAnotherBrowser();
    await signInBrowser(family.context, server, world.family);
    await consentGiven(family.page);
    await family.page.setViewportSize({ width: 360, height: 780 });
    await family.page.goto('/orders');
    const main = family.page.getByRole('main');
    await main.getByRole('link', { name: /QR-plade.*Grethe Lund.*Afsendt/ }).click();
    await visible(main.getByText(tracking));
    // And their e-mail at each step.
    await expect
      .poll(() => server.mail.messages.filter((m) => m.to.includes(world.family.email)).map((m) => m.subject), { timeout: 10_000 })
      .toEqual(expect.arrayContaining(['Din bestilling er i produktion', 'Din bestilling er sendt']));
  }, 180_000);

  test('a job by hand: checked as it is typed, fails with a reason, and is run again', async () => {
    const { page, server } = e2e;
    await consentGiven(page);
    await useSession(page.context(), server, world.worker);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/admin/laser-engraving');
    await visible(page.getByRole('heading', { level: 1, name: 'Lasergravering' }));

    await page.getByRole('button', { name: 'Nyt job', exact: true }).click();
    const making = await visible(page.getByRole('dialog', { name: 'Nyt laserjob' }));
    await making.getByLabel('QR-kode').fill('ABC');
    await making.getByText('Sort granit', { exact: true }).click();
    await making.getByLabel('Linje 1').fill('Karen Margrethe Jensen Andersen');
    await visible(making.getByText('Linje 1 er for lang til en plade på 5 × 5 cm', { exact: false }));
    await making.getByText('8 × 8 cm', { exact: true }).click();
    await photograph(page, 'new-job');
    await making.getByRole('button', { name: 'Lav jobbet', exact: true }).click();
    await visible(making.getByText('Skriv QR-koden, der skal graveres', { exact: false }));
    await making.getByLabel('QR-kode').fill(formatCode(world.code).toLowerCase());
    await making.getByLabel('Linje 1').fill('Karen Jensen');
    await making.getByRole('button', { name: 'Lav jobbet', exact: true }).click();
    await expectToast(page, `Nyt job: plade ${formatCode(world.code)}`);
    const opened = await visible(page.getByRole('region', { name: `Plade ${formatCode(world.code)}` }));
    await visible(opened.getByText('Sort granit, 8 × 8 cm').first());
    await visible(opened.getByText('Ingen: lavet i hånden'));

    await opened.getByRole('button', { name: 'Start gravering', exact: true }).click();
    await (await visible(page.getByRole('dialog', { name: /^Start gravering af plade/ }))).getByRole('button', { name: 'Start gravering' }).click();
    await visible(opened.getByRole('button', { name: 'Fejlet', exact: true }));
    await opened.getByRole('button', { name: 'Fejlet', exact: true }).click();
    const failing = await visible(page.getByRole('dialog', { name: /^Fejlede graveringen af plade/ }));
    await failing.getByRole('button', { name: 'Markér som fejlet', exact: true }).click();
    await visible(failing.getByText('Skriv hvad der gik galt', { exact: false }));
    await failing.getByLabel('Hvad gik galt?').fill('Granitten revnede i hjørnet');
    await failing.getByRole('button', { name: 'Markér som fejlet', exact: true }).click();
    await expectToast(page, `Plade ${formatCode(world.code)} er markeret som fejlet`);
    await visible(opened.getByText('Granitten revnede i hjørnet').first());

    await opened.getByRole('button', { name: 'Kør igen', exact: true }).click();
    const again = await visible(page.getByRole('dialog', { name: /^Kør plade .* igen\?$/ }));
    await visible(again.getByText('Jobbet kommer tilbage i køen som forsøg 2.'));
    await again.getByRole('button', { name: 'Kør igen', exact: true }).click();
    await expectToast(page, `Plade ${formatCode(world.code)} er sat i kø igen`, { description: 'Forsøg 2.' });
    await visible(opened.getByRole('button', { name: 'Start gravering', exact: true }));
  }, 120_000);

  test.each([360, 1280])('axe finds no violations on the production pages at %i px', async (width) => {
    const { page, server } = e2e;
    await consentGiven(page);
    await useSession(page.context(), server, world.worker);
    await page.setViewportSize({ width, height: 900 });
    const pages: [string, string][] = [
      ['/production', 'Produktion'],
      ['/admin/qr-production', 'Produktion'],
      ['/admin/laser-engraving', 'Lasergravering'],
      [`/admin/laser-engraving?status=done&job=${world.jobId}`, 'Lasergravering'],
    ];
    for (const [path, heading] of pages) {
      await page.goto(path);
      await visible(page.getByRole('heading', { level: 1, name: heading }));
      await page.waitForLoadState('networkidle');
      await expectNoAxeViolations(page);
    }
    await page.goto('/admin/qr-production');
    if (width === 1280) await photograph(page, 'queue');
    await page.getByRole('button', { name: 'Markér som produceret', exact: true }).first().click();
    await visible(page.getByRole('dialog', { name: /^Er .* produceret\?$/ }));
    await expectNoAxeViolations(page);
  }, 120_000);
});
