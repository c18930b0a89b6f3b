/**
 * Creating a memorial by each of the three ways (issue 4, "Creating"), and editing it (issue 4,
 * "Editing"), as a family does it in Chromium: the wizard whose draft survives a reload, a blank
 * page, a template, and the edit page's parts each saved on its own, seen afterwards on the
 * memorial itself. Every page is checked with axe and at 360 px.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import type { Memorial } from '../../src/shared/memorials';
import { generateCode } from '../../src/shared/qr-code';
import { expectNoAxeViolations } from '../support/browser';
import { callApi, registerAccount, signInBrowser, type Account } from '../support/e2e-api';
import { setupE2e } from '../support/e2e-suite';
import { expectToast, visible, waitForPath } from '../support/e2e-ui';
import { type ImageDir, createImageDir, writeImage } from '../support/images';

const e2e = setupE2e({ qrCodes: 10 });
let images: ImageDir;
beforeAll(async () => {
  images = await createImageDir();
});
afterAll(() => images.cleanup());

async function signedIn(): Promise<Account> {
  const account = await registerAccount(e2e.server);
  await signInBrowser(e2e.context, e2e.server, account);
  return account;
}

async function readMemorial(account: Account, slug: string): Promise<Memorial> {
  const { session } = await callApi(e2e.server, 'POST', `/api/login?t=${Date.now()}`, { body: { username: account.username, password: account.password } });
  const response = await callApi<Memorial>(e2e.server, 'GET', `/api/memorials/${slug}`, { session });
  expect(response.status).toBe(200);
  return response.body;
}

async function expectFitsPhone(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth), 'no sideways scrolling at 360 px').toBeLessThanOrEqual(360);
}

describe('creating a memorial', () => {
  test('the three ways are offered, and a visitor is told to log in first', async () => {
    const { page } = e2e;
    await page.goto('/create-memorial');
    await visible(page.getByText('Log ind for at oprette en mindeside', { exact: true }));
    await page.goto('/create-memorial/blank');
    await waitForPath(page, '/login', `?redirect=${encodeURIComponent('/create-memorial/blank')}`);

    await signedIn();
    await page.goto('/create-memorial');
    await visible(page.getByRole('heading', { name: 'Opret en mindeside', level: 1 }));
    for (const way of ['Trin for trin', 'Ud fra en skabelon', 'Blank side']) await visible(page.getByRole('heading', { name: way, level: 2 }));
    expect(await page.getByText('Log ind for at oprette en mindeside').count()).toBe(0);
    await expectNoAxeViolations(page);
  });

  test('step by step: the draft survives a reload, and the finished memorial shows everything', async () => {
    const account = await signedIn();
    const { page } = e2e;
    await page.setViewportSize({ width: 360, height: 760 });
    await page.goto('/create-memorial');
    await page.getByRole('link', { name: /Trin for trin/ }).click();
    await waitForPath(page, '/create-memorial/guided');
    await visible(page.getByText('Trin 1 af 6: Personen'));
    await expectFitsPhone(page);
    await expectNoAxeViolations(page);

    // Step 1 refuses an empty name with the server's own words, then creates the memorial.
    await page.getByRole('button', { name: 'Gem og fortsæt' }).click();
    await visible(page.getByText('Skriv navnet på den, siden handler om.'));
    await page.getByLabel('Fulde navn').fill('Else Marie Nørgaard');
    await page.getByLabel('Mindeord (valgfrit)').fill('Tak for alt');
    await page.getByRole('button', { name: 'Gem og fortsæt' }).click();
    await visible(page.getByText('Trin 2 af 6: Datoer og steder'));
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Datoer og steder');

    // Typed but not sent, then the page is reloaded: the words are still there.
    await page.getByLabel('Født', { exact: true }).fill('1938-02-11');
    await page.getByLabel('Død', { exact: true }).fill('2024-09-03');
    await page.getByLabel('Fødested (valgfrit)').fill('Holstebro');
    await page.waitForTimeout(600);
    await page.reload();
    await visible(page.getByText('Velkommen tilbage', { exact: true }));
    await visible(page.getByText('Trin 2 af 6: Datoer og steder'));
    expect(await page.getByLabel('Fødested (valgfrit)').inputValue()).toBe('Holstebro');
    expect(await page.getByLabel('Født', { exact: true }).inputValue()).toBe('1938-02-11');
    await page.getByLabel('Kirkegård (valgfrit)').fill('Holstebro Kirkegård');
    await page.getByRole('button', { name: 'Gem og fortsæt' }).click();

    // The portrait: a real photo, sent and made the portrait.
    await visible(page.getByText('Trin 3 af 6: Portræt'));
    await visible(page.getByRole('button', { name: 'Spring over' }));
    await page.locator('input[type=file]').setInputFiles(await writeImage(images.dir, 'else.jpg', 'jpeg', { width: 1200, height: 1500 }));
    await visible(page.getByText('Portrættet er gemt.'));
    await visible(page.getByRole('img', { name: 'Portræt af Else Marie Nørgaard' }));
    await page.getByRole('button', { name: 'Gem og fortsæt' }).click();

    // The life story in the rich-text editor, with a heading and bold words.
    await visible(page.getByText('Trin 4 af 6: Livshistorie'));
    const story = page.getByRole('textbox', { name: 'Livshistorien' });
    await story.click();
    await page.getByRole('button', { name: 'Overskrift', exact: true }).click();
    await page.keyboard.type('Barndom');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Else voksede op på en gård ved ');
    await page.getByRole('button', { name: 'Fed' }).click();
    await page.keyboard.type('Storåen');
    await page.getByRole('button', { name: 'Gem og fortsæt' }).click();

    // The timeline: one event, its Danish date written as the stored form.
    await visible(page.getByText('Trin 5 af 6: Livslinje'));
    await page.getByRole('button', { name: 'Tilføj begivenhed' }).click();
    await page.getByLabel('Hvornår').fill('14.6.1960');
    await page.getByLabel('Overskrift').fill('Gift med Aksel');
    await page.getByLabel('Overskrift').press('Tab');
    expect(await page.getByLabel('Hvornår').inputValue()).toBe('1960-06-14');
    await page.getByRole('button', { name: 'Gem og fortsæt' }).click();

    // Hidden until the family chooses; they choose "Skjult".
    await visible(page.getByText('Trin 6 af 6: Hvem kan se siden?'));
    await expectNoAxeViolations(page);
    await page.getByText('Skjult', { exact: true }).click();
    await page.getByRole('button', { name: 'Gør mindesiden færdig' }).click();
    await expectToast(page, 'Mindesiden er klar', { description: 'I kan altid tilføje flere billeder og minder.' });

    // Its address reads like the demo's: the name and the years, made when the dates came, and no
    // private random end once the family has opened it.
    await waitForPath(page, '/memorial/else-marie-noergaard-1938-2024');
    const memorial = await readMemorial(account, new URL(page.url()).pathname.split('/')[2]!);
    expect(memorial).toMatchObject({ birthDate: '1938-02-11', deathDate: '2024-09-03', birthPlace: 'Holstebro', privacy: 'unlisted', epitaph: 'Tak for alt' });
    expect(memorial.restingPlace.cemetery).toBe('Holstebro Kirkegård');
    expect(memorial.lifeStory).toBe('<h2>Barndom</h2><p>Else voksede op på en gård ved <strong>Storåen</strong></p>');
    expect(memorial.timeline).toEqual([{ date: '1960-06-14', title: 'Gift med Aksel', text: '' }]);
    expect(memorial.portraitId).toBe(memorial.media[0]!.id);
    await visible(page.getByRole('heading', { name: 'Else Marie Nørgaard', level: 1 }));
    await visible(page.getByText('Tak for alt'));
    await visible(page.getByRole('heading', { name: 'Barndom' }));
    await visible(page.getByText('Storåen'));
    await visible(page.getByText('Gift med Aksel'));
    await visible(page.getByRole('img', { name: 'Portræt af Else Marie Nørgaard' }));


    // The finished wizard starts afresh next time.
    await page.goto('/create-memorial/guided');
    await visible(page.getByText('Trin 1 af 6: Personen'));
    expect(await page.getByLabel('Fulde navn').inputValue()).toBe('');
  });

  test('a blank page: a name and dates, then on to the edit page', async () => {
    const account = await signedIn();
    const { page } = e2e;
    await page.setViewportSize({ width: 360, height: 760 });
    await page.goto('/create-memorial/blank');
    await visible(page.getByRole('heading', { name: 'Blank mindeside' }));
    await expectFitsPhone(page);
    await expectNoAxeViolations(page);
    await page.getByLabel('Fulde navn').fill('Hans Peter Dahl');
    await page.getByLabel('Født', { exact: true }).fill('1950-05-01');
    await page.getByLabel('Død', { exact: true }).fill('1949-01-01');
    await page.getByRole('button', { name: 'Opret mindesiden' }).click();
    await visible(page.getByText('Dødsdatoen kan ikke ligge før fødselsdatoen.'));
    await page.getByLabel('Død', { exact: true }).fill('2025-01-01');
    await page.getByText('Privat', { exact: true }).click();
    await page.getByRole('button', { name: 'Opret mindesiden' }).click();
    await expectToast(page, 'Mindesiden er oprettet', { description: 'Nu kan I fylde den ud i jeres eget tempo.' });
    // A private memorial's address ends in random characters (docs/decisions/0021).
    await page.waitForURL((url) => /^\/edit-memorial\/hans-peter-dahl-1950-2025-[0-9a-z]{8}$/.test(url.pathname));
    await visible(page.getByRole('heading', { name: 'Hans Peter Dahl', level: 1 }));
    const slug = new URL(page.url()).pathname.split('/').pop()!;
    expect(await readMemorial(account, slug)).toMatchObject({ privacy: 'private', birthDate: '1950-05-01', lifeStory: '' });
  });

  test('from a template: its headings and questions come along, and the edit page reminds the family of them', async () => {
    const account = await signedIn();
    const { page } = e2e;
    await page.goto('/create-memorial/template');
    await visible(page.getByRole('heading', { name: 'Mindeside ud fra en skabelon' }));
    await expectNoAxeViolations(page);
    await page.getByText('Hænder, have og natur', { exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('skabelon') === 'haender-og-have');
    await page.getByLabel('Fulde navn').fill('Niels Bak');
    await page.getByRole('button', { name: 'Opret mindesiden' }).click();
    await page.waitForURL((url) => url.pathname === '/edit-memorial/niels-bak');
    await visible(page.getByText('Skabelonens hjælpetekster står der stadig'));
    const story = page.getByRole('textbox', { name: 'Livshistorien' });
    await visible(story.getByRole('heading', { name: 'Det, der blev lavet med hænderne' }));
    const memorial = await readMemorial(account, 'niels-bak');
    expect(memorial).toMatchObject({ theme: 'lys', layout: 'enhanced' });
    expect(memorial.lifeStory).toContain('<h2>Ude i naturen</h2>');
  });
});

describe('editing a memorial', () => {
  test('each part saves on its own, and the memorial page shows the result', async () => {
    const account = await signedIn();
    const { page } = e2e;
    const { session } = await callApi(e2e.server, 'POST', `/api/login?t=${Date.now()}`, { body: { username: account.username, password: account.password } });
    await callApi(e2e.server, 'POST', '/api/memorials', { session, body: { name: 'Inger Holm', birthDate: '1944-08-08', deathDate: '2023-03-03' } });

    await page.goto('/edit-memorial/inger-holm-1944-2023');
    await visible(page.getByRole('heading', { name: 'Inger Holm', level: 1 }));
    await expectNoAxeViolations(page);

    // The person: a new epitaph and place.
    const person = page.locator('#personen');
    await person.getByLabel('Dødssted (valgfrit)').fill('Ribe');
    await person.getByLabel('Mindeord (valgfrit)').fill('Altid i vores hjerter');
    await visible(person.getByText('Du har ændringer, der ikke er gemt.'));
    await person.getByRole('button', { name: 'Gem ændringer' }).click();
    await visible(person.getByText('Gemt', { exact: true }));

    // The life story: a pasted script is not kept; the words are.
    const storySection = page.locator('#livshistorie');
    const story = storySection.getByRole('textbox', { name: 'Livshistorien' });
    await story.click();
    await page.keyboard.type('Inger var lærer i Ribe i 40 år.');
    await storySection.getByRole('button', { name: 'Gem ændringer' }).click();
    await visible(storySection.getByText('Gemt', { exact: true }));

    // The timeline: two events put in date order.
    const timeline = page.locator('#livslinje');
    await timeline.getByRole('button', { name: 'Tilføj begivenhed' }).click();
    await timeline.getByLabel('Hvornår').nth(0).fill('1970');
    await timeline.getByLabel('Overskrift').nth(0).fill('Lærer ved Ribe Katedralskole');
    await timeline.getByRole('button', { name: 'Tilføj begivenhed' }).click();
    await timeline.getByLabel('Hvornår').nth(1).fill('juni 1965');
    await timeline.getByLabel('Overskrift').nth(1).fill('Student');
    await timeline.getByLabel('Overskrift').nth(1).press('Tab');
    await timeline.getByRole('button', { name: 'Sortér efter dato' }).click();
    // Asked until the sorted list is drawn: read at once, CI once found the first field still empty.
    await expect.poll(() => timeline.getByLabel('Overskrift').nth(0).inputValue()).toBe('Student');
    await timeline.getByRole('button', { name: 'Gem ændringer' }).click();
    await visible(timeline.getByText('Gemt', { exact: true }));

    // A wrong date is refused at its field, in Danish.
    await timeline.getByLabel('Hvornår').nth(1).fill('engang');
    await timeline.getByRole('button', { name: 'Gem ændringer' }).click();
    await visible(timeline.getByText('Skriv et årstal eller en dato (ÅÅÅÅ eller ÅÅÅÅ-MM-DD).'));
    await timeline.getByLabel('Hvornår').nth(1).fill('1970');
    await timeline.getByRole('button', { name: 'Gem ændringer' }).click();
    await visible(timeline.getByText('Gemt', { exact: true }));

    // The resting place with a position typed with Danish decimal commas.
    const grave = page.locator('#gravsted');
    await grave.getByLabel('Kirkegård').fill('Ribe Kirkegård');
    await grave.getByLabel('Gravens position på kortet (valgfrit)').fill('55,3275 8,7620');
    await visible(grave.getByRole('link', { name: /Se positionen på kortet/ }));
    await grave.getByRole('button', { name: 'Gem ændringer' }).click();
    await visible(grave.getByText('Gemt', { exact: true }));

    // Theme and layout: Premium's themes are there, marked and not to be chosen on a free memorial.
    const looks = page.locator('#udseende');
    for (const premiumTheme of ['Skov', 'Hav', 'Rosa']) expect(await looks.getByRole('radio', { name: new RegExp(`^${premiumTheme}`) }).isDisabled()).toBe(true);
    expect(await looks.getByText('Premium', { exact: true }).count()).toBe(3);
    expect(await looks.getByRole('link', { name: 'Læs om Premium' }).getAttribute('href')).toBe('/subscription');
    await looks.getByText('Skumring', { exact: true }).click();
    await looks.getByRole('button', { name: 'Gem ændringer' }).click();
    await visible(looks.getByText('Gemt', { exact: true }));

    // Privacy saves at once.
    await page.locator('#adgang').getByText('Skjult', { exact: true }).click();
    await expectToast(page, 'Indstillinger gemt', { description: 'Mindesiden er nu skjult.' });

    const saved = await readMemorial(account, 'inger-holm-1944-2023');
    expect(saved).toMatchObject({ deathPlace: 'Ribe', epitaph: 'Altid i vores hjerter', theme: 'skumring', privacy: 'unlisted', lifeStory: '<p>Inger var lærer i Ribe i 40 år.</p>' });
    expect(saved.timeline.map((event) => [event.date, event.title])).toEqual([
      ['1965-06', 'Student'],
      ['1970', 'Lærer ved Ribe Katedralskole'],
    ]);
    expect(saved.restingPlace).toEqual({ cemetery: 'Ribe Kirkegård', section: '', graveNumber: '', latitude: 55.3275, longitude: 8.762 });

    await page.goto('/memorial/inger-holm-1944-2023');
    await visible(page.getByText('Altid i vores hjerter'));
    await visible(page.getByText('Inger var lærer i Ribe i 40 år.'));
    await visible(page.getByText('Lærer ved Ribe Katedralskole'));
    await visible(page.getByRole('link', { name: /Find graven/ }));
    expect(await page.locator('[data-memorial-theme]').first().getAttribute('data-memorial-theme')).toBe('skumring');
  });

  test('a new address moves the page; a taken one is refused at the field', async () => {
    const account = await signedIn();
    const { page } = e2e;
    const { session } = await callApi(e2e.server, 'POST', `/api/login?t=${Date.now()}`, { body: { username: account.username, password: account.password } });
    await callApi(e2e.server, 'POST', '/api/memorials', { session, body: { name: 'Ole Friis' } });
    await callApi(e2e.server, 'POST', '/api/memorials', { session, body: { name: 'Ole Friis Andersen' } });

    await page.setViewportSize({ width: 360, height: 760 });
    await page.goto('/edit-memorial/ole-friis');
    await visible(page.getByRole('heading', { name: 'Ole Friis', level: 1 }));
    await expectFitsPhone(page);
    const address = page.locator('#adresse');
    e2e.expectBrowserError(/status of 409/);
    await address.getByLabel('Adresse').fill('ole-friis-andersen');
    await address.getByRole('button', { name: 'Skift adresse' }).click();
    await visible(address.getByRole('alert'));
    await address.getByLabel('Adresse').fill('far-ole');
    await address.getByRole('button', { name: 'Skift adresse' }).click();
    await page.waitForURL((url) => url.pathname === '/edit-memorial/far-ole');
    await expectToast(page, 'Indstillinger gemt', { description: /far-ole$/ });
    expect((await readMemorial(account, 'far-ole')).name).toBe('Ole Friis');

    // A code's shape is no address, and says why at the field.
    e2e.expectBrowserError(/status of 400/);
    await address.getByLabel('Adresse').fill(generateCode(randomBytes).toLowerCase());
    await address.getByRole('button', { name: 'Skift adresse' }).click();
    await visible(address.getByText('Adressen ligner en QR-kode og kan derfor ikke bruges.', { exact: false }));

    // Made private, the page moves to an address with a random end, and the family is told it.
    await page.getByText('Privat', { exact: true }).click();
    await page.waitForURL((url) => /^\/edit-memorial\/far-ole-[0-9a-z]{8}$/.test(url.pathname));
    await expectToast(page, 'Indstillinger gemt', { description: /^Mindesiden er nu privat\. Den har nu adressen .*\/memorial\/far-ole-[0-9a-z]{8}$/ });
    await visible(address.getByText('Da mindesiden er privat, får adressen otte tilfældige tegn til sidst', { exact: false }));
    await page.reload();
    await visible(page.getByRole('heading', { name: 'Ole Friis', level: 1 }));
  });

  test('someone who may not edit is told so, and an owner can delete and restore', async () => {
    const owner = await registerAccount(e2e.server);
    const { session } = await callApi(e2e.server, 'POST', `/api/login?t=${Date.now()}`, { body: { username: owner.username, password: owner.password } });
    await callApi(e2e.server, 'POST', '/api/memorials', { session, body: { name: 'Grethe Lind' } });
    const { page } = e2e;

    await signedIn();
    await page.goto('/edit-memorial/grethe-lind');
    await visible(page.getByRole('heading', { name: 'Du kan ikke redigere denne mindeside' }));

    const ownerBrowser = await e2e.openAnotherBrowser();
    await signInBrowser(ownerBrowser.context, e2e.server, owner);
    const ownerPage = ownerBrowser.page;
    await ownerPage.goto('/edit-memorial/grethe-lind');
    await ownerPage.getByRole('button', { name: 'Slet mindesiden' }).click();
    const dialog = await visible(ownerPage.getByRole('dialog', { name: 'Slet mindesiden for Grethe Lind?' }));
    await dialog.getByRole('button', { name: 'Ja, slet mindesiden' }).click();
    await expectToast(ownerPage, 'Mindesiden er slettet', { description: 'Du kan gendanne den fra din profil i 30 dage.' });
    await ownerPage.waitForURL((url) => url.pathname === '/profile');
    const listed = ownerPage.getByRole('region', { name: 'Mine mindesider' }).or(ownerPage.locator('section', { has: ownerPage.getByRole('heading', { name: 'Mine mindesider' }) }));
    await visible(listed.getByText(/Slettet\. Kan gendannes til/));
    // To visitors it is gone, and said to be (decision 0034), until it is restored.
    expect((await callApi(e2e.server, 'GET', '/api/memorials/grethe-lind')).status).toBe(410);
    await listed.getByRole('button', { name: 'Gendan Grethe Lind' }).click();
    await expectToast(ownerPage, 'Mindesiden er gendannet', { description: 'Den kan ses igen som før.' });
    await visible(listed.getByRole('link', { name: 'Rediger mindesiden for Grethe Lind' }));
    expect((await callApi(e2e.server, 'GET', '/api/memorials/grethe-lind')).status).toBe(200);
  });
});
