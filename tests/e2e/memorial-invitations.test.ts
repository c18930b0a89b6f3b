/**
 * Co-admin invitations by e-mail (issue 6): the owner invites an address on /edit-memorial/{slug};
 * the invitee follows the link from the captured e-mail, makes an account there and lands as
 * co-admin, able to open "Hilsner og lys"; someone who has an account logs in from the invitation
 * and comes back to accept it; the owner withdraws an invitation after a question, and its link
 * then says so. The invitation page passes axe in both themes and fits a 360 px phone.
 */
import { describe, expect, test } from 'vitest';
import type { Memorial } from '../../src/shared/memorials';
import { expectNoAxeViolations } from '../support/browser';
import { type Account, callApi, registerAccount, signInBrowser } from '../support/e2e-api';
import { setupE2e } from '../support/e2e-suite';
import { consentGiven, expectToast, fillLogin, visible, waitForPath } from '../support/e2e-ui';
import { linkIn } from '../support/smtp-capture';

const e2e = setupE2e({ qrCodes: 6 });

async function memorialOf(name: string): Promise<{ memorial: Memorial; owner: Account; session: string }> {
  const owner = await registerAccount(e2e.server, { fullName: 'Inger Holm' });
  const { session } = await callApi(e2e.server, 'POST', `/api/login?t=${Date.now()}`, { body: { username: owner.username, password: owner.password } });
  const created = await callApi<Memorial>(e2e.server, 'POST', '/api/memorials', { session, body: { name, birthDate: '1938-04-11', deathDate: '2024-08-19' } });
  expect(created.status).toBe(201);
  return { memorial: created.body, owner, session: session! };
}

async function invitationLink(email: string): Promise<string> {
  const mail = await e2e.server.mail.waitFor((m) => m.to.includes(email));
  const link = linkIn(mail, '/invitation/');
  expect(link.startsWith(`${e2e.server.baseUrl}/invitation/`)).toBe(true);
  return link;
}

async function inviteByApi(memorial: Memorial, session: string, email: string): Promise<string> {
  expect((await callApi(e2e.server, 'POST', `/api/memorials/${memorial.id}/invitations`, { session, body: { email } })).status).toBe(201);
  return invitationLink(email);
}

describe('co-admin invitations', () => {
  test('the owner invites an address; the invitee makes an account from the e-mail and lands as co-admin', async () => {
    const { memorial, owner } = await memorialOf('Aksel Brandt');
    const { page, context } = e2e;
    await consentGiven(page);
    await signInBrowser(context, e2e.server, owner);
    await page.goto(`/edit-memorial/${memorial.slug}#adgang`);
    await visible(page.getByRole('heading', { level: 3, name: 'Invitér en medadministrator' }));
    await visible(page.getByText('Ingen invitationer venter på svar.'));

    // A bad address is explained at the field.
    const field = page.getByLabel('E-mailadresse');
    await field.fill('jens.brandt');
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await visible(page.getByRole('alert').filter({ hasText: 'Skriv en gyldig e-mailadresse, fx navn@eksempel.dk.' }));

    const email = `jens.brandt${Date.now()}@eksempel.dk`;
    await field.fill(email);
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await expectToast(page, 'Invitationen er sendt', { description: `Vi har sendt en e-mail til ${email}. Linket i den virker i 7 dage.` });
    const waiting = await visible(page.getByRole('list', { name: 'Invitationer, der venter' }));
    await visible(waiting.getByText(email, { exact: true }));
    expect(await field.inputValue()).toBe('');

    // The invitee, in a browser of their own, follows the link from the e-mail.
    const link = await invitationLink(email);
    const invitee = await e2e.openAnotherBrowser();
    await consentGiven(invitee.page);
    await invitee.page.goto(link);
    await visible(invitee.page.getByRole('heading', { level: 1, name: 'Du er inviteret' }));
    await visible(invitee.page.getByText('Inger Holm har inviteret dig til at hjælpe med mindesiden for Aksel Brandt.'));
    const shownEmail = invitee.page.getByLabel('E-mail', { exact: true });
    expect(await shownEmail.inputValue()).toBe(email);
    expect(await shownEmail.getAttribute('readonly')).not.toBeNull();

    await invitee.page.getByLabel('Fulde navn').fill('Jens Brandt');
    await invitee.page.getByLabel('Brugernavn').fill(`jens${Date.now()}`);
    await invitee.page.getByLabel('Adgangskode', { exact: true }).fill('syrener-i-maj');
    await invitee.page.getByLabel('Gentag adgangskode').fill('syrener-i-maj');
    await invitee.page.getByRole('button', { name: 'Opret konto og tag imod' }).click();
    await expectToast(invitee.page, 'Du er nu medadministrator', { description: 'Du kan nu hjælpe med mindesiden for Aksel Brandt.' });
    await waitForPath(invitee.page, `/memorial/${memorial.slug}`);

    await invitee.page.goto(`/memorial/${memorial.slug}/admin`);
    await visible(invitee.page.getByRole('heading', { level: 1, name: 'Hilsner og lys' }));

    // The owner sees the new co-admin, and the invitation no longer waits.
    await page.reload();
    const members = await visible(page.getByRole('list', { name: 'Personer med adgang' }));
    await visible(members.getByRole('listitem').filter({ hasText: 'Jens Brandt' }).getByText('Medadministrator', { exact: true }));
    await visible(page.getByText('Ingen invitationer venter på svar.'));

    // The link is spent, and says so.
    await invitee.page.goto(link);
    await visible(invitee.page.getByRole('heading', { level: 1, name: 'Invitationen kan ikke bruges' }));
    await visible(invitee.page.getByText('Invitationen er allerede taget imod.', { exact: false }));
  });

  test('someone with an account logs in from the invitation, comes back and accepts it', async () => {
    const { memorial, session } = await memorialOf('Else Kristensen');
    const daughter = await registerAccount(e2e.server, { fullName: 'Hanne Kristensen' });
    const link = await inviteByApi(memorial, session, daughter.email);
    const { page } = e2e;
    await consentGiven(page);
    await page.goto(link);
    await visible(page.getByText(`Der findes allerede en konto med ${daughter.email}.`, { exact: false }));
    await page.getByRole('main').getByRole('link', { name: 'Log ind' }).click();
    await waitForPath(page, '/login');
    await (await fillLogin(page, daughter.username, daughter.password)).submit.click();
    await waitForPath(page, new URL(link).pathname);
    await visible(page.getByText('Du er logget ind som', { exact: false }));
    await page.getByRole('button', { name: 'Tag imod' }).click();
    await expectToast(page, 'Du er nu medadministrator');
    await waitForPath(page, `/memorial/${memorial.slug}`);
    await page.goto(`/memorial/${memorial.slug}/admin`);
    await visible(page.getByRole('heading', { level: 1, name: 'Hilsner og lys' }));
  });

  test('the owner withdraws an invitation after a question, and its link says so', async () => {
    const { memorial, owner, session } = await memorialOf('Karl Munk');
    const email = `withdrawn${Date.now()}@eksempel.dk`;
    const link = await inviteByApi(memorial, session, email);
    const { page, context } = e2e;
    await consentGiven(page);
    await signInBrowser(context, e2e.server, owner);
    await page.goto(`/edit-memorial/${memorial.slug}#adgang`);
    const waiting = await visible(page.getByRole('list', { name: 'Invitationer, der venter' }));
    await waiting.getByRole('button', { name: `Træk tilbage invitationen til ${email}` }).click();
    const dialog = await visible(page.getByRole('dialog', { name: 'Træk invitationen tilbage?' }));
    await dialog.getByRole('button', { name: 'Træk tilbage' }).click();
    await expectToast(page, 'Invitationen er trukket tilbage');
    await visible(page.getByText('Ingen invitationer venter på svar.'));
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Invitationer, der venter');

    await page.goto(link);
    await visible(page.getByRole('heading', { level: 1, name: 'Invitationen kan ikke bruges' }));
    await visible(page.getByText('Invitationen gælder ikke længere.', { exact: false }));
  });

  test('the invitation page passes axe in the light and the dark theme, and fits a 360 px phone', async () => {
    const { memorial, session } = await memorialOf('Birthe Lund');
    const link = await inviteByApi(memorial, session, `birthe${Date.now()}@eksempel.dk`);
    const { page } = e2e;
    await consentGiven(page);
    for (const theme of ['light', 'dark']) {
      await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
      await page.setViewportSize({ width: 360, height: 740 });
      await page.goto(`${link}?tema=${theme}`);
      await visible(page.getByRole('heading', { level: 1, name: 'Du er inviteret' }));
      expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(theme === 'dark');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      // The button that matters is a large tap target.
      const submit = page.getByRole('button', { name: 'Opret konto og tag imod' });
      expect((await submit.boundingBox())!.height).toBeGreaterThanOrEqual(44);
      await expectNoAxeViolations(page);
      // By keyboard: Enter in a field sends the form, and what is missing is said at the field.
      await page.getByLabel('Fulde navn').focus();
      await page.keyboard.press('Enter');
      await visible(page.getByRole('alert').filter({ hasText: 'Skriv dit fulde navn.' }));
      await expectNoAxeViolations(page);
    }
  });
});
