/**
 * The family tree (issue 24) in Chromium against the production server, on a 360 px phone: a
 * family builds the tree around their memorial's person (a grandparent through a parent, a partner
 * with his own memorial, a child) and takes a mistake back with the toast's "Fortryd"; a GEDCOM file
 * with Danish letters and a half-sibling comes in through its preview; and a visitor walks the tree
 * by touch and by keyboard, card view and full-screen chart, to a person with their own memorial,
 * seeing a living person's first name only. axe checks the card view, the chart and the memorial
 * page's "Familie".
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { SESSION_COOKIE } from '../../src/shared/constants';
import { FAMILY_TREE_MESSAGES } from '../../src/shared/family-tree';
import type { CloseFamily } from '../../src/shared/family-tree-api';
import type { Memorial } from '../../src/shared/memorials';
import { expectNoAxeViolations, watchContext } from '../support/browser';
import { type Account, callApi, registerAccount, signInBrowser } from '../support/e2e-api';
import { premiumForGoodSql } from '../support/e2e-data';
import { setupE2e } from '../support/e2e-suite';
import { animationsSettled, consentGiven, expectFieldError, expectToast, openAlive, visible, waitForPath } from '../support/e2e-ui';

const e2e = setupE2e({ qrCodes: 2 });

/** The family's account and their memorials: Karen's (with Premium) and her husband Poul's. */
let family: { account: Account; session: string; karen: Memorial; poul: Memorial } | undefined;

async function theFamily() {
  if (family) return family;
  const account = await registerAccount(e2e.server, { fullName: 'Lone Jensen' });
  const { session } = await callApi(e2e.server, 'POST', `/api/login?t=${Date.now()}`, { body: { username: account.username, password: account.password } });
  const make = async (body: object) => (await callApi<Memorial>(e2e.server, 'POST', '/api/memorials', { session, body })).body;
  const karen = await make({ name: 'Karen Jensen', birthDate: '1941-03-12', deathDate: '2023-01-05' });
  const poul = await make({ name: 'Poul Jensen', birthDate: '1938-06-02', deathDate: '2020-10-20' });
  await e2e.server.sql(premiumForGoodSql(karen.id));
  family = { account, session: session!, karen, poul };
  return family;
}

/** The element with focus, as "BUTTON: its text". */
const focused = (page: Page) => page.evaluate(() => `${document.activeElement?.tagName}: ${document.activeElement?.textContent?.trim()}`);
const dialogNamed = (page: Page, name: string) => page.getByRole('dialog', { name });
const group = (page: Page, name: string) => page.getByRole('region', { name });

/** Fills the person form that is open and adds. */
async function addPerson(page: Page, title: string, fields: { given: string; surname: string; sex?: 'Kvinde' | 'Mand'; born?: string; died?: string; extra?: (form: Locator) => Promise<void> }) {
  const form = await visible(dialogNamed(page, title));
  await form.getByLabel('Fornavne').fill(fields.given);
  await form.getByLabel('Efternavn').fill(fields.surname);
  if (fields.sex) await form.locator('label').filter({ has: page.getByRole('radio', { name: fields.sex, exact: true }) }).click();
  if (fields.born) await form.getByRole('textbox', { name: 'Født' }).fill(fields.born);
  if (fields.died) await form.getByRole('textbox', { name: 'Død', exact: true }).fill(fields.died);
  await fields.extra?.(form);
  await form.getByRole('button', { name: 'Tilføj', exact: true }).click();
  await form.waitFor({ state: 'hidden' });
}

describe('the family builds the tree', () => {
  test('on a phone: a grandparent through a parent, a partner with his own memorial, a child, and a mistake taken back', async () => {
    const { account, karen, poul } = await theFamily();
    const { page } = e2e;
    await page.setViewportSize({ width: 360, height: 740 });
    await consentGiven(page);
    await signInBrowser(page.context(), e2e.server, account);

    await page.goto(`/family-tree/${karen.slug}`);
    await visible(page.getByRole('heading', { level: 2, name: 'Karen Jensen' }));
    await visible(page.getByRole('heading', { name: 'Begynd med at tilføje forældre, partner og børn' }));
    await visible(page.getByText('1941–2023', { exact: true }));
    await expectNoAxeViolations(page);

    // A mother, whose date is read as typed, and a date that is no date is said so.
    await page.getByRole('button', { name: 'Tilføj forælder' }).click();
    const parentForm = await visible(dialogNamed(page, 'Tilføj forælder'));
    const born = parentForm.getByRole('textbox', { name: 'Født' });
    await born.fill('30.2.1915');
    await parentForm.getByLabel('Fornavne').click();
    await expectFieldError(born, FAMILY_TREE_MESSAGES.date);
    await born.fill('ca. 1915');
    await visible(parentForm.getByText('Forstået som: ca. 1915'));
    await animationsSettled(page);
    await expectNoAxeViolations(page);
    await addPerson(page, 'Tilføj forælder', { given: 'Marie', surname: 'Jensen', sex: 'Kvinde', died: '1990' });
    await expectToast(page, 'Marie Jensen er tilføjet');
    const mother = await visible(group(page, 'Forældre').getByRole('link', { name: /Marie Jensen/ }));
    expect(await mother.innerText()).toContain('ca. 1915–1990');

    // From the mother's card, her own mother: Karen's grandmother.
    await mother.click();
    await visible(page.getByRole('heading', { level: 2, name: 'Marie Jensen' }));
    expect(new URL(page.url()).searchParams.get('person')).toMatch(/^[0-9a-f-]{36}$/);
    await page.getByRole('button', { name: 'Tilføj forælder' }).click();
    await addPerson(page, 'Tilføj forælder', { given: 'Ane', surname: 'Sørensen', sex: 'Kvinde', born: '4.11.1890', died: '1960' });
    await visible(group(page, 'Forældre').getByRole('link', { name: /Ane Sørensen/ }));
    await visible(group(page, 'Børn').getByRole('link', { name: /Karen Jensen/ }));
    // Karen's father, added as her mother's husband, then chosen from the tree as Karen's parent:
    // he joins the family Karen is a child of, beside her mother, rather than a family of his own.
    await page.getByRole('button', { name: 'Tilføj partner' }).click();
    await addPerson(page, 'Tilføj partner', { given: 'Niels', surname: 'Jensen', sex: 'Mand', born: '1912', died: '1985' });
    await visible(group(page, 'Partnere').getByRole('link', { name: /Niels Jensen/ }));
    await page.getByRole('link', { name: 'Tilbage til Karen Jensen' }).click();
    await visible(page.getByRole('heading', { level: 2, name: 'Karen Jensen' }));
    await page.getByRole('button', { name: 'Tilføj forælder' }).click();
    const existingForm = await visible(dialogNamed(page, 'Tilføj forælder'));
    await existingForm.locator('label').filter({ has: page.getByRole('radio', { name: 'En, der allerede er i stamtræet', exact: true }) }).click();
    const choose = await visible(existingForm.getByLabel('Vælg person'));
    await existingForm.getByRole('button', { name: 'Tilføj', exact: true }).click();
    await expectFieldError(choose, 'Vælg en person.');
    await expect.poll(() => choose.isEnabled()).toBe(true);
    await choose.selectOption({ label: 'Niels Jensen, 1912–1985' });
    await animationsSettled(page);
    await expectNoAxeViolations(page);
    await existingForm.getByRole('button', { name: 'Tilføj', exact: true }).click();
    await existingForm.waitFor({ state: 'hidden' });
    await expectToast(page, 'Niels Jensen er sat ind som forælder');
    await visible(group(page, 'Forældre').getByRole('link', { name: /Niels Jensen/ }));

    // Her husband, who has his own memorial.
    await page.getByRole('button', { name: 'Tilføj partner' }).click();
    await addPerson(page, 'Tilføj partner', {
      given: 'Poul',
      surname: 'Jensen',
      sex: 'Mand',
      born: '2.6.1938',
      died: '20.10.2020',
      extra: async (form) => {
        await form.locator('label').filter({ has: page.getByRole('radio', { name: 'Gift', exact: true }) }).click();
        await form.getByLabel('Egen mindeside').fill(`${e2e.server.baseUrl}/memorial/${poul.slug}`);
      },
    });
    const husband = await visible(group(page, 'Partnere').getByRole('link', { name: /Poul Jensen/ }));
    expect(await husband.innerText()).toContain('Gift');

    // Their son, living; then the same son once more by mistake, taken back with the toast's "Fortryd".
    await page.getByRole('button', { name: 'Tilføj barn' }).click();
    await addPerson(page, 'Tilføj barn', { given: 'Lars', surname: 'Jensen', sex: 'Mand', born: '1968' });
    await visible(group(page, 'Børn').getByRole('link', { name: /Lars Jensen/ }));
    await page.getByRole('button', { name: 'Tilføj barn' }).click();
    await addPerson(page, 'Tilføj barn', { given: 'Lars', surname: 'Jensen', sex: 'Mand', born: '1968' });
    await expect.poll(() => group(page, 'Børn').getByRole('link', { name: /Lars Jensen/ }).count()).toBe(2);
    const toast = await expectToast(page, 'Lars Jensen er tilføjet');
    await toast.getByRole('button', { name: 'Fortryd' }).click();
    await expectToast(page, 'Lars Jensen er fjernet igen', { description: 'Ændringen er fortrudt.' });
    await expect.poll(() => group(page, 'Børn').getByRole('link', { name: /Lars Jensen/ }).count()).toBe(1);

    // A son taken out of the family by mistake comes back with the page's own "Fortryd", after the toast.
    await group(page, 'Børn').getByRole('button', { name: 'Fjern som barn af Karen Jensen' }).click();
    await expectToast(page, 'Lars Jensen er ikke længere barn af Karen Jensen');
    await expect.poll(() => group(page, 'Børn').count()).toBe(0);
    await page.getByRole('button', { name: 'Fortryd sidste ændring' }).click();
    await expectToast(page, 'Lars Jensen er igen barn af Karen Jensen');
    await visible(group(page, 'Børn').getByRole('link', { name: /Lars Jensen/ }));
    expect(await page.getByRole('button', { name: 'Fortryd sidste ændring' }).count()).toBe(0);

    // What the server holds: Karen, her parents and a grandmother, her husband and one son.
    const close = await callApi<CloseFamily>(e2e.server, 'GET', `/api/memorials/${karen.slug}/family-tree/close`, { session: family!.session });
    expect(close.body.parents.map((p) => p.givenNames)).toEqual(['Marie', 'Niels']);
    // One family, both parents in it.
    expect(new Set(close.body.parents.map((p) => p.familyId)).size).toBe(1);
    expect(close.body.partners.map((p) => [p.givenNames, p.partnership, p.linkedMemorial?.slug])).toEqual([['Poul', 'married', poul.slug]]);
    expect(close.body.children.map((p) => p.givenNames)).toEqual(['Lars']);
    expect(close.body.size).toBe(6);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });

  test('a GEDCOM file with Danish letters comes in through its preview, half-sibling and all', async () => {
    const { account } = await theFamily();
    const { page } = e2e;
    const { body: ella } = await callApi<Memorial>(e2e.server, 'POST', '/api/memorials', { session: family!.session, body: { name: 'Ella Østergård', birthDate: '1952-08-14', deathDate: '2024-02-01' } });
    await e2e.server.sql(premiumForGoodSql(ella.id));
    await page.setViewportSize({ width: 360, height: 740 });
    await consentGiven(page);
    await signInBrowser(page.context(), e2e.server, account);
    await page.goto(`/family-tree/${ella.slug}`);
    await visible(page.getByRole('heading', { level: 2, name: 'Ella Østergård' }));

    // Ella's father Hans married twice: Søren, of his first marriage, is her half-brother.
    const gedcom = [
      '0 HEAD',
      '1 SOUR Gramps',
      '1 GEDC',
      '2 VERS 5.5.1',
      '2 FORM LINEAGE-LINKED',
      '1 CHAR UTF-8',
      '0 @I1@ INDI',
      '1 NAME Ella /Østergård/',
      '1 SEX F',
      '1 BIRT',
      '2 DATE 14 AUG 1952',
      '2 PLAC Ærøskøbing',
      '0 @I2@ INDI',
      '1 NAME Hans /Østergård/',
      '1 SEX M',
      '1 BIRT',
      '2 DATE ABT 1920',
      '1 DEAT',
      '2 DATE 1988',
      '0 @I3@ INDI',
      '1 NAME Åse /Kjærgaard/',
      '1 SEX F',
      '1 BIRT',
      '2 DATE 1925',
      '1 DEAT',
      '2 DATE 2001',
      '0 @I4@ INDI',
      '1 NAME Bodil /Brøndum/',
      '1 SEX F',
      '1 BIRT',
      '2 DATE 1918',
      '1 DEAT',
      '2 DATE 1947',
      '0 @I5@ INDI',
      '1 NAME Søren /Østergård/',
      '1 SEX M',
      '1 BIRT',
      '2 DATE 1945',
      '1 DEAT',
      '2 DATE 2010',
      '1 BURI',
      '2 PLAC Ærøskøbing Kirkegård',
      '0 @F1@ FAM',
      '1 HUSB @I2@',
      '1 WIFE @I3@',
      '1 CHIL @I1@',
      '1 MARR',
      '2 DATE 1950',
      '0 @F2@ FAM',
      '1 HUSB @I2@',
      '1 WIFE @I4@',
      '1 CHIL @I5@',
      '0 TRLR',
      '',
    ].join('\r\n');
    await page.locator('input[type="file"][accept*=".ged"]').setInputFiles({ name: 'østergård.ged', mimeType: 'application/octet-stream', buffer: Buffer.from(gedcom, 'utf8') });
    const preview = await visible(page.getByRole('group', { name: 'Det her er i østergård.ged' }));
    const text = (await preview.innerText()).replace(/\s+/g, ' ');
    expect(text).toContain('Personer 5');
    expect(text).toContain('Familier 2');
    expect(text).toContain('UTF-8');
    expect(text).toContain('Gramps');
    expect(text).toContain('Åse Kjærgaard');
    expect(text).toContain('Bodil Brøndum');
    const who = preview.getByLabel('Hvem i filen er Ella Østergård?');
    expect(await who.locator('option:checked').innerText()).toMatch(/^Ella Østergård/);
    // What the tree does not hold (a burial) is named, not silently dropped.
    await preview.getByText('Det her kommer ikke med (1)').click();
    await visible(preview.getByText('Begravelser (1) tages ikke med.'));
    await expectNoAxeViolations(page);
    await preview.getByRole('button', { name: /^Importér/ }).click();
    await expectToast(page, 'Stamtræet er importeret', { description: '4 personer og 2 familier er kommet med.' });

    await visible(group(page, 'Forældre').getByRole('link', { name: /Åse Kjærgaard/ }));
    await visible(group(page, 'Forældre').getByRole('link', { name: /Hans Østergård/ }));
    const halfBrother = await visible(group(page, 'Søskende').getByRole('link', { name: /Søren Østergård/ }));
    expect(await halfBrother.innerText()).toContain('Halvbror');

    // And out again, for another program: the download is the tree as a GEDCOM file.
    const href = await page.getByRole('link', { name: 'Hent som GEDCOM-fil' }).getAttribute('href');
    const download = await fetch(`${e2e.server.baseUrl}${href}`, { headers: { cookie: `${SESSION_COOKIE}=${family!.session}` } });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toContain('.ged');
    const exported = await download.text();
    expect(exported).toMatch(/^(\uFEFF)?0 HEAD/);
    expect(exported).toContain('Åse /Kjærgaard/');
  });
});

describe('a visitor walks the tree', () => {
  test('by touch on a phone: cards, the full-screen chart, a living person by first name only, and on to a linked memorial', async () => {
    const { karen, poul } = await theFamily();
    const browser = e2e.page.context().browser()!;
    const touch = await watchContext(await browser.newContext({ baseURL: e2e.server.baseUrl, locale: 'da-DK', viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true }));
    try {
      const { page } = touch;
      await consentGiven(page);

      // The memorial page's "Familie", once the page is alive.
      await openAlive(page, `/memorial/${karen.slug}`);
      const section = page.getByRole('region', { name: 'Familie' });
      await visible(section.getByRole('link', { name: /Poul Jensen/ }));
      await section.scrollIntoViewIfNeeded();
      await expectNoAxeViolations(page);
      await section.getByRole('link', { name: 'Se stamtræet' }).tap();
      await waitForPath(page, `/family-tree/${karen.slug}`);

      // Lars is living: his first name, and why no more.
      await (await visible(group(page, 'Børn').getByRole('link', { name: /^Lars/ }))).tap();
      await visible(page.getByRole('heading', { level: 2, name: 'Lars', exact: true }));
      await visible(page.getByText('Levende personer vises kun med fornavn.', { exact: false }));
      expect(await page.locator('main').innerText()).not.toContain('1968');
      expect(await page.getByRole('button', { name: 'Tilføj barn' }).count()).toBe(0);
      await page.getByRole('link', { name: 'Tilbage til Karen Jensen' }).tap();
      await visible(page.getByRole('heading', { level: 2, name: 'Karen Jensen' }));
      await expectNoAxeViolations(page);

      // The chart, full screen: a tap on Poul opens his sheet, and his memorial from there.
      await page.getByRole('button', { name: 'Vis hele stamtræet' }).tap();
      const chart = await visible(page.getByRole('dialog', { name: 'Stamtræet omkring Karen Jensen' }));
      // The chart alone catches the fingers (pinch, drag); the page keeps its own.
      expect(await chart.locator('.touch-none').evaluate((node) => getComputedStyle(node).touchAction)).toBe('none');
      expect(await page.evaluate(() => getComputedStyle(document.body).touchAction)).toBe('auto');
      const grandmother = await visible(chart.getByRole('button', { name: /Ane Sørensen/ }));
      expect((await grandmother.boundingBox())!.height).toBeGreaterThanOrEqual(44);
      await animationsSettled(page);
      await expectNoAxeViolations(page);
      await chart.getByRole('button', { name: /Poul Jensen/ }).tap();
      const sheet = await visible(page.getByRole('dialog', { name: 'Poul Jensen' }));
      await sheet.getByRole('link', { name: /Gå til mindesiden/ }).tap();
      await waitForPath(page, `/memorial/${poul.slug}`);
      await visible(page.getByRole('heading', { level: 1, name: 'Poul Jensen' }));
      // Closed with the page it lived on: nothing holds the new page's scrolling.
      expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden');
      const problems = touch.takeUnexpectedProblems();
      expect(problems).toEqual([]);
    } finally {
      await touch.close();
    }
  });

  test('arrives drawn by the server, the family written in, and comes alive at the first tap', async () => {
    const { karen, poul } = await theFamily();
    const response = await fetch(`${e2e.server.baseUrl}/family-tree/${karen.slug}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(`data-rendered="/family-tree/${karen.slug}"`);
    expect(html).toContain('id="family-tree-data"');
    const heading = /<h2 id="valgt-person"[^>]*>([\s\S]*?)<\/h2>/.exec(html)?.[1]?.replace(/<[^>]*>/g, '');
    expect(heading).toBe('Karen Jensen');
    expect(html).toContain('<meta name="robots" content="noindex" />');
    // Lars is living: his birth year is in neither the page nor the data it carries.
    expect(html).not.toContain('1968');
    // Without Premium there is no tree to draw, and the status says so.
    expect((await fetch(`${e2e.server.baseUrl}/family-tree/${poul.slug}`)).status).toBe(404);

    const browser = e2e.page.context().browser()!;
    const touch = await watchContext(await browser.newContext({ baseURL: e2e.server.baseUrl, locale: 'da-DK', viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true }));
    try {
      const { page } = touch;
      await consentGiven(page);
      const asked: string[] = [];
      page.on('request', (request) => asked.push(new URL(request.url()).pathname));
      await page.goto(`/family-tree/${karen.slug}`);
      await visible(page.getByRole('heading', { level: 2, name: 'Karen Jensen' }));
      // Karen's family came with the page: nothing was asked for it.
      expect(asked.filter((path) => path.endsWith('/family-tree/close'))).toEqual([]);
      // The first tap starts the app and is answered (by the app, or by the server's next page
      // when the link was followed before the app was alive): Lars in focus.
      await (await visible(group(page, 'Børn').getByRole('link', { name: /^Lars/ }))).tap();
      await visible(page.getByRole('heading', { level: 2, name: 'Lars', exact: true }));
      expect(new URL(page.url()).searchParams.get('person')).toMatch(/^[0-9a-f-]{36}$/);
      expect(touch.takeUnexpectedProblems()).toEqual([]);
    } finally {
      await touch.close();
    }
  });

  test('by keyboard: Tab and Enter into the chart, arrows move it, Escape closes it, and a person’s sheet leads to their memorial', async () => {
    const { karen, poul } = await theFamily();
    const { page } = e2e;
    await consentGiven(page);
    await page.goto(`/family-tree/${karen.slug}`);
    const open = await visible(page.getByRole('button', { name: 'Vis hele stamtræet' }));
    await open.focus();
    await page.keyboard.press('Enter');
    const chart = await visible(page.getByRole('dialog', { name: 'Stamtræet omkring Karen Jensen' }));
    // Focus starts on Karen herself; arrows move the drawing, not the page.
    await expect.poll(() => focused(page)).toMatch(/^BUTTON: KJKaren Jensen1941–2023$/);
    const layer = chart.locator('ul[aria-label="Personer i stamtræet"]').locator('..');
    const before = await layer.evaluate((node) => (node as HTMLElement).style.transform);
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => layer.evaluate((node) => (node as HTMLElement).style.transform)).not.toBe(before);
    await page.keyboard.press('0');
    await expect.poll(() => layer.evaluate((node) => (node as HTMLElement).style.transform)).toBe(before);
    // The mouse: the wheel zooms, a drag moves; "Tilbage til start" puts it back.
    const box = (await chart.locator('.touch-none').boundingBox())!;
    await page.mouse.move(box.x + 40, box.y + box.height - 40);
    await page.mouse.wheel(0, -400);
    await expect.poll(() => layer.evaluate((node) => (node as HTMLElement).style.transform)).toMatch(/scale\((?!1\))/);
    await page.mouse.down();
    await page.mouse.move(box.x + 140, box.y + box.height - 90, { steps: 5 });
    await page.mouse.up();
    await chart.getByRole('button', { name: 'Tilbage til start' }).click();
    await expect.poll(() => layer.evaluate((node) => (node as HTMLElement).style.transform)).toBe(before);
    await page.getByRole('button', { name: /Karen Jensen/ }).focus();

    // Escape closes it, focus goes back, and the page scrolls as before.
    await page.keyboard.press('Escape');
    await chart.waitFor({ state: 'hidden' });
    await expect.poll(() => focused(page)).toBe('BUTTON: Vis hele stamtræet');
    await page.mouse.wheel(0, 600);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);

    // Again, and Tab goes from person to person, top to bottom, to Poul.
    await page.keyboard.press('Enter');
    await visible(chart);
    const reached: string[] = [];
    for (let i = 0; i < 8 && !reached.at(-1)?.includes('Poul Jensen'); i++) {
      await page.keyboard.press('Tab');
      reached.push(await focused(page));
    }
    expect(reached.at(-1)).toContain('Poul Jensen');
    await page.keyboard.press('Enter');
    await visible(page.getByRole('dialog', { name: 'Poul Jensen' }));
    // The sheet starts on its first button (Radix passes over links), his memorial's link just before it.
    await expect.poll(() => focused(page)).toBe('BUTTON: Vis nærmeste familie');
    await page.keyboard.press('Shift+Tab');
    expect(await focused(page)).toBe('A: Gå til mindesiden om Poul Jensen');
    await page.keyboard.press('Enter');
    await waitForPath(page, `/memorial/${poul.slug}`);
    await visible(page.getByRole('heading', { level: 1, name: 'Poul Jensen' }));
  });

  test('at an address the memorial had before leads to today’s, and says so once the memorial is deleted', async () => {
    const { session } = await theFamily();
    const hanne = (await callApi<Memorial>(e2e.server, 'POST', '/api/memorials', { session, body: { name: 'Hanne Jensen', birthDate: '1950-02-01', deathDate: '2024-03-04' } })).body;
    await e2e.server.sql(premiumForGoodSql(hanne.id));
    const renamed = await callApi<Memorial>(e2e.server, 'PUT', `/api/memorials/${hanne.id}`, { session, body: { slug: 'hanne-jensen-mormor' } });
    expect(renamed.status).toBe(200);
    const moved = await fetch(`${e2e.server.baseUrl}/family-tree/${hanne.slug}?person=${hanne.id}`, { redirect: 'manual' });
    expect(moved.status).toBe(301);
    expect(moved.headers.get('location')).toBe(`/family-tree/hanne-jensen-mormor?person=${hanne.id}`);
    expect((await fetch(`${e2e.server.baseUrl}/family-tree/hanne-jensen-mormor`)).status).toBe(200);
    // The family is led on too, to the app at today's address.
    const family = await fetch(`${e2e.server.baseUrl}/family-tree/${hanne.slug}`, { redirect: 'manual', headers: { cookie: `${SESSION_COOKIE}=${session}` } });
    expect(family.status).toBe(301);
    expect(family.headers.get('location')).toBe('/family-tree/hanne-jensen-mormor');

    expect((await callApi(e2e.server, 'DELETE', `/api/memorials/${hanne.id}`, { session })).status).toBe(204);
    for (const slug of [hanne.slug, 'hanne-jensen-mormor']) {
      const gone = await fetch(`${e2e.server.baseUrl}/family-tree/${slug}`);
      expect(gone.status).toBe(410);
      expect(await gone.text()).toContain('<title>Mindesiden er slettet – Mindested</title>');
    }
  });
});
