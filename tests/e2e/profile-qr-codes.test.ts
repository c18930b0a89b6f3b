/**
 * "Mine QR-koder" on /profile (issue 5, "Lock and lists"): a family sees the code they registered
 * with, locks a second code typed off a card, is refused a code someone else holds and a mistyped
 * one, links their code to two memorials for a shared stone, unlinks it, releases the second code,
 * and fetches the code as a picture that decodes (zbarimg) to the stone's address. The section
 * passes axe in both themes and fits a 360 px phone.
 */
import { describe, expect, test } from 'vitest';
import { formatCode } from '../../src/shared/qr-code';
import { expectNoAxeViolations } from '../support/browser';
import { callApi, registerAccount, signInBrowser } from '../support/e2e-api';
import { setupE2e } from '../support/e2e-suite';
import { consentGiven, expectFieldError, expectToast, visible } from '../support/e2e-ui';
import { decodePng } from '../support/qr-decode';

const e2e = setupE2e({ qrCodes: 4 });

describe('Mine QR-koder', () => {
  test('lock, refuse, link to a shared stone, unlink, release, and the code as a picture', async () => {
    const family = await registerAccount(e2e.server, { fullName: 'Hanne Holm' });
    const neighbour = await registerAccount(e2e.server);
    const { session } = await callApi(e2e.server, 'POST', `/api/login?t=${Date.now()}`, { body: { username: family.username, password: family.password } });
    for (const name of ['Anna Holm', 'Poul Holm']) expect((await callApi(e2e.server, 'POST', '/api/memorials', { session, body: { name } })).status).toBe(201);
    const card = e2e.server.takeCode();

    const { page, context } = e2e;
    await consentGiven(page);
    await signInBrowser(context, e2e.server, family);
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/profile');
    const section = await visible(page.getByRole('region', { name: 'Mine QR-koder' }));
    const items = section.getByRole('listitem').filter({ has: page.locator('.code-text') });
    await visible(items.filter({ hasText: formatCode(family.qrCode) }).getByText('Låst til din konto'));

    // A typo is caught before anything is sent; someone else's code is refused by the server.
    const field = section.getByRole('textbox', { name: 'QR-kode' });
    await field.fill('ABCDE-FGHJK');
    await section.getByRole('button', { name: 'Lås koden' }).click();
    await expectFieldError(field, 'Skriv de 10 tegn fra koden, fx 7K3QM-XR8D2, eller indsæt adressen fra koden. Tjek, at alle tegn er med.');
    e2e.expectBrowserError(/status of 409 .*\/api\/qr-codes\/.+\/lock/);
    await field.fill(neighbour.qrCode);
    await section.getByRole('button', { name: 'Lås koden' }).click();
    await expectToast(page, 'Fejl ved låsning', { description: /^QR-koden er allerede låst til en anden konto/, destructive: true });

    // The card's code, typed as people do: lower case, with the hyphen.
    await field.fill(formatCode(card).toLowerCase());
    await section.getByRole('button', { name: 'Lås koden' }).click();
    await expectToast(page, 'QR-kode låst', { description: `Koden ${formatCode(card)} er nu låst til din konto.` });
    await expect.poll(() => items.count()).toBe(2);
    expect(await field.inputValue()).toBe('');

    // One stone, two people: the registration code opens both memorials.
    const own = items.filter({ hasText: formatCode(family.qrCode) });
    await own.getByRole('button', { name: `Knyt til mindeside (kode ${formatCode(family.qrCode)})` }).click();
    await own.getByRole('button', { name: 'Knyt koden' }).click();
    await visible(own.getByRole('alert').filter({ hasText: 'Vælg den mindeside, stenen skal åbne.' }));
    await own.getByRole('checkbox', { name: 'Anna Holm' }).check();
    await own.getByRole('checkbox', { name: 'Poul Holm' }).check();
    await expectNoAxeViolations(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await own.getByRole('button', { name: 'Knyt koden' }).click();
    await expectToast(page, 'Mindesiden er valgt', { description: `Stenen med koden ${formatCode(family.qrCode)} åbner nu mindesiden for Anna Holm og Poul Holm.` });
    await visible(own.getByText('Tilknyttet mindeside'));
    await visible(own.getByRole('link', { name: 'Poul Holm' }));

    // The picture to print decodes to the stone's address.
    await own.getByText('Hent koden som billede').click();
    const pngHref = await (await visible(own.getByRole('link', { name: 'PNG (1200 px)' }))).getAttribute('href');
    const png = await page.request.get(pngHref!);
    expect(png.status()).toBe(200);
    expect(await decodePng(await png.body())).toEqual([`${e2e.server.baseUrl}/qr/${family.qrCode}`]);

    // Unlink, after a second thought.
    await own.getByRole('button', { name: `Fjern tilknytning (kode ${formatCode(family.qrCode)})` }).click();
    await visible(own.getByText(/^Fjern tilknytningen\? Stenen med koden/));
    await own.getByRole('button', { name: 'Ja, fjern tilknytningen' }).click();
    await expectToast(page, 'Tilknytning fjernet');
    await visible(own.getByText('Ikke knyttet til en mindeside endnu.'));

    // Release the card's code: it leaves the list, and the server lets it go.
    const cardItem = items.filter({ hasText: formatCode(card) });
    await cardItem.getByRole('button', { name: `Frigiv koden ${formatCode(card)}` }).click();
    await cardItem.getByRole('button', { name: 'Fortryd' }).click();
    await cardItem.getByRole('button', { name: `Frigiv koden ${formatCode(card)}` }).click();
    await cardItem.getByRole('button', { name: 'Ja, frigiv koden' }).click();
    await expectToast(page, 'QR-kode frigivet');
    await expect.poll(() => items.count()).toBe(1);
    const { body } = await callApi<{ code: string }[]>(e2e.server, 'GET', '/api/user/locked-qr-codes', { session });
    expect(body.map((c) => c.code)).toEqual([family.qrCode]);
  });

  test('passes axe in the dark theme on a desktop, and says so when the family has no codes', async () => {
    const family = await registerAccount(e2e.server);
    const { session } = await callApi(e2e.server, 'POST', `/api/login?t=${Date.now()}`, { body: { username: family.username, password: family.password } });
    expect((await callApi(e2e.server, 'POST', `/api/qr-codes/${family.qrCode}/unlock`, { session })).status).toBe(204);

    const { page, context } = e2e;
    await consentGiven(page);
    await page.context().addInitScript(() => localStorage.setItem('theme', 'dark'));
    await signInBrowser(context, e2e.server, family);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/profile');
    const section = await visible(page.getByRole('region', { name: 'Mine QR-koder' }));
    await visible(section.getByText(/^Du har ingen QR-koder endnu\./));
    await expectNoAxeViolations(page);
  });
});
