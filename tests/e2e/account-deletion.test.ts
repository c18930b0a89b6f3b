/**
 * Deleting one's own account (GDPR article 17; issue 26): on a phone, an owner of two memorials
 * (one with a co-admin, one without) who wrote a greeting on someone else's memorial chooses on
 * /gdpr-data-request what becomes of each, asks for the link, opens it from the e-mail, confirms
 * and gets a receipt, signed out. Afterwards the co-admin owns the first memorial, the second is
 * gone for visitors, the greeting stands as "Anonym", the old password no longer logs in, and the
 * link says it is spent. The same link in another person's browser is unknown to them. Every page
 * on the way passes axe and fits 360 px.
 */
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { ANONYMOUS_NAME, DELETION_LINK_HOURS, deletionMessages } from '../../src/shared/account-deletion';
import type { Memorial } from '../../src/shared/memorials';
import type { Post } from '../../src/shared/posts-api';
import { expectNoAxeViolations } from '../support/browser';
import { type Account, browserSession, callApi, login, registerAccount, signInBrowser } from '../support/e2e-api';
import { setupE2e } from '../support/e2e-suite';
import { consentGiven, expectFieldError, visible } from '../support/e2e-ui';
import { linkIn } from '../support/smtp-capture';

const e2e = setupE2e({ qrCodes: 6 });

async function sessionOf(account: Account): Promise<string> {
  const { status, session } = await login(e2e.server, account.username, account.password);
  if (status !== 200 || !session) throw new Error(`logging in ${account.username} failed: ${status}`);
  return session;
}

async function memorialOf(session: string, name: string): Promise<Memorial> {
  const created = await callApi<Memorial>(e2e.server, 'POST', '/api/memorials', { session, body: { name, birthDate: '1936-02-14', deathDate: '2024-10-03' } });
  expect(created.status).toBe(201);
  return created.body;
}

/** The page fits a 360 px phone and passes axe. */
async function fitsAndPasses(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectNoAxeViolations(page);
}

/** The radio button is drawn as a card (ChoiceCards): a person taps the card. */
const tapChoice = (page: Page, name: string) =>
  page
    .locator('label')
    .filter({ has: page.getByRole('radio', { name: new RegExp(`^${name}`) }) })
    .click();

describe('deleting one’s own account', () => {
  test('chosen on /gdpr-data-request, confirmed from the e-mail: memorials handed on or deleted, posts anonymised, signed out for good', async () => {
    const { page, context, server } = e2e;
    const owner = await registerAccount(server, { fullName: 'Birthe Lund' });
    const son = await registerAccount(server, { fullName: 'Mikkel Lund' });
    const neighbour = await registerAccount(server, { fullName: 'Grethe Holm' });
    const ownerSession = await sessionOf(owner);
    const father = await memorialOf(ownerSession, 'Erik Lund');
    const aunt = await memorialOf(ownerSession, 'Anna Lund');
    expect((await callApi(server, 'POST', `/api/memorials/${father.id}/members`, { session: ownerSession, body: { usernameOrEmail: son.username, role: 'coadmin' } })).status).toBe(201);
    const neighbourSession = await sessionOf(neighbour);
    const poul = await memorialOf(neighbourSession, 'Poul Holm');
    // Written while signed in, so the greeting is hers.
    const greeting = await callApi<Post>(server, 'POST', `/api/memorials/${poul.id}/guestbook`, { session: ownerSession, body: { name: 'Birthe', message: 'Tak for alle årene på Kirkevej.' } });
    expect(greeting.status).toBe(201);

    await consentGiven(page);
    await signInBrowser(context, server, owner);
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/gdpr-data-request');
    const section = page.getByRole('main').getByRole('region', { name: 'Slet din konto' });
    await visible(section.getByRole('group', { name: 'Mindesiden for Erik Lund' }));
    // Anna Lund's memorial has no co-admin: it can only go, and the page says how to hand it on instead.
    const withoutCoAdmins = section.getByRole('group', { name: 'Mindesiden for Anna Lund' });
    await visible(withoutCoAdmins.getByText('Mindesiden har ingen medadministratorer', { exact: false }));
    expect(await withoutCoAdmins.getByRole('link', { name: 'Adgang for mindesiden' }).getAttribute('href')).toBe(`/edit-memorial/${aunt.slug}#adgang`);
    expect(await withoutCoAdmins.getByRole('radio').count()).toBe(0);
    await visible(section.getByText('Intet bliver slettet, før du har klikket på linket i e-mailen og bekræftet.'));
    await fitsAndPasses(page);

    // Nothing chosen: each question says what it needs, and focus goes to the first.
    const send = section.getByRole('button', { name: 'Send mig et link til at slette kontoen' });
    await send.click();
    const handToSon = section.getByRole('radio', { name: /^Giv den til Mikkel Lund/ });
    await expectFieldError(handToSon, deletionMessages.memorialMissing);
    await expectFieldError(section.getByRole('radio', { name: /^Lad dem stå som/ }), deletionMessages.postsMissing);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('value'))).toBe((await handToSon.getAttribute('value'))!);
    await fitsAndPasses(page);
    expect(server.mail.messages.filter((mail) => mail.text.includes('/gdpr-data-request/slet/'))).toEqual([]);

    // Erik Lund's memorial to her son by a tap; her posts "Anonym" by the keyboard.
    await tapChoice(page, 'Giv den til Mikkel Lund');
    expect(await handToSon.isChecked()).toBe(true);
    expect(await handToSon.getAttribute('aria-invalid')).toBeNull();
    const anonymise = section.getByRole('radio', { name: new RegExp(`^Lad dem stå som »${ANONYMOUS_NAME}«`) });
    await anonymise.focus();
    await page.keyboard.press('Space');
    expect(await anonymise.isChecked()).toBe(true);
    await send.click();

    const sent = await visible(section.getByRole('status').filter({ hasText: owner.email }));
    expect(await sent.innerText()).toContain(`Linket virker i ${DELETION_LINK_HOURS} timer.`);
    await fitsAndPasses(page);

    const mail = await server.mail.waitFor((each) => each.to.includes(owner.email) && each.text.includes('/gdpr-data-request/slet/'));
    const link = linkIn(mail, '/gdpr-data-request/slet/');
    expect(new URL(link).origin).toBe(server.baseUrl);

    // The link in someone else's browser, signed in as someone else: unknown to them, nothing shown.
    const other = await e2e.openAnotherBrowser();
    await signInBrowser(other.context, server, son);
    other.expectBrowserError(/status of 404 .*\/api\/gdpr\/account-deletion\//);
    await other.page.goto(link);
    await visible(other.page.getByRole('heading', { level: 1, name: 'Linket virker ikke' }));
    await visible(other.page.getByText(deletionMessages.linkUnknown));
    expect(await other.page.getByRole('main').innerText()).not.toContain('Erik Lund');

    // Her own browser: what will happen, as she chose it.
    await page.goto(link);
    const main = page.getByRole('main');
    await visible(main.getByRole('heading', { level: 1, name: 'Slet din konto' }));
    const plan = (await visible(main.getByRole('list'))).getByRole('listitem');
    await visible(plan.filter({ hasText: 'Mindesiden for Erik Lund bliver givet videre til Mikkel Lund, som bliver ejer.' }));
    await visible(plan.filter({ hasText: 'Mindesiden for Anna Lund bliver slettet med alle billeder, videoer og musik.' }));
    await visible(plan.filter({ hasText: `Dine lys, hilsner og minder (1 indlæg) bliver stående med navnet »${ANONYMOUS_NAME}«.` }));
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex, nofollow');
    await fitsAndPasses(page);

    // Asked once more; "Nej, behold den" would leave everything as it is.
    await main.getByRole('button', { name: 'Slet min konto for altid' }).click();
    const dialog = await visible(page.getByRole('dialog', { name: 'Vil du slette din konto for altid?' }));
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Ja, slet min konto' }).click();

    await visible(main.getByRole('heading', { level: 1, name: 'Din konto er slettet' }));
    await visible(main.getByText('Vi har sendt en kvittering til din e-mail.'));
    const receipt = await main.locator('dl').evaluate((list) => [...list.querySelectorAll('dt')].map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`));
    expect(receipt).toEqual(['Mindesider givet videre: 1', 'Mindesider slettet: 1', `Indlæg, der nu står som »${ANONYMOUS_NAME}«: 1`]);
    expect(await main.getByRole('link', { name: 'Til forsiden' }).getAttribute('href')).toBe('/');
    await fitsAndPasses(page);
    // Signed out: the cookie is gone, and the header offers to log in.
    expect(await browserSession(context, server)).toBeNull();
    expect((await callApi(server, 'GET', `/api/user?t=${Date.now()}`, { session: ownerSession })).status).toBe(401);
    // The receipt, by e-mail too.
    await server.mail.waitFor((each) => each.to.includes(owner.email) && /er slettet/.test(each.subject));

    // What stays: the son owns his father's memorial; the aunt's is gone; the greeting is "Anonym".
    const asSon = await callApi<Memorial>(server, 'GET', `/api/memorials/${father.id}`, { session: await sessionOf(son) });
    expect(asSon.status).toBe(200);
    expect(asSon.body.viewer.role).toBe('owner');
    // Purged at once; its address keeps saying so to visitors (decision 0034).
    expect((await callApi(server, 'GET', `/api/memorials/${aunt.slug}`)).status).toBe(410);
    const queue = await callApi<{ posts: Post[] }>(server, 'GET', `/api/memorials/${poul.id}/posts/moderation`, { session: neighbourSession });
    expect(queue.body.posts.map((post) => ({ id: post.id, name: post.name }))).toEqual([{ id: greeting.body.id, name: ANONYMOUS_NAME }]);
    expect((await login(server, owner.username, owner.password)).status).toBe(401);

    // The link again, in the son's browser: spent.
    other.expectBrowserError(/status of 410 .*\/api\/gdpr\/account-deletion\//);
    await other.page.goto(link);
    await visible(other.page.getByText(deletionMessages.linkUsed));
    await expectNoAxeViolations(other.page);
  });

  test('a visitor who opens the link is asked to log in and brought back', async () => {
    const { page } = e2e;
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/gdpr-data-request/slet/et-link-fra-en-e-mail');
    const main = page.getByRole('main');
    await visible(main.getByRole('heading', { level: 1, name: 'Log ind for at slette din konto' }));
    expect(await main.getByRole('link', { name: 'Log ind' }).getAttribute('href')).toBe(`/login?redirect=${encodeURIComponent('/gdpr-data-request/slet/et-link-fra-en-e-mail')}`);
    await fitsAndPasses(page);
  });
});
