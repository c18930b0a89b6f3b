/**
 * E-mail to a memorial's administrators (issue 6, item 4, by e-mail): a visitor lights a candle and
 * writes a greeting; the owner gets one e-mail (read from the SMTP capture) with approve and reject
 * links, opens the approve link for the candle and the reject link for the greeting in a browser
 * that is not logged in, confirms each, and the visitor's page then shows only the candle. A used
 * link says so. Axe on the decision page and on /profile's e-mail choices, light and dark; the
 * decision page and the choices fit 360 and 1280 px; with MINDESTED_SCREENSHOTS set, the e-mail's
 * HTML, the decision page and the choices are photographed into .scratch/ at both, light and dark.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { DANISH_MONTHS } from '../../src/shared/danish-dates';
import type { Memorial } from '../../src/shared/memorials';
import { expectNoAxeViolations } from '../support/browser';
import { callApi, registerAccount, signInBrowser } from '../support/e2e-api';
import { setupE2e } from '../support/e2e-suite';
import { animationsSettled, consentGiven, expectToast, visible } from '../support/e2e-ui';
import { ROOT } from '../support/server-process';

const e2e = setupE2e({ qrCodes: 3 });
const SHOTS = process.env.MINDESTED_SCREENSHOTS ? path.join(ROOT, '.scratch') : null;

/** At 360 and 1280 px: nothing wider than the screen; with SHOTS, a screenshot in each theme. */
async function photograph(page: Page, name: string) {
  if (SHOTS) mkdirSync(SHOTS, { recursive: true });
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: width === 360 ? 740 : 900 });
    for (const theme of SHOTS ? ['light', 'dark'] : []) {
      await page.evaluate((dark) => document.documentElement.classList.toggle('dark', dark), theme === 'dark');
      // Colours change with a short transition: photograph the settled page.
      await animationsSettled(page);
      await page.screenshot({ path: path.join(SHOTS!, `${name}-${width}-${theme}.png`), fullPage: true });
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }
  await page.evaluate(() => document.documentElement.classList.remove('dark'));
}

async function axeBothThemes(page: Page) {
  await expectNoAxeViolations(page);
  await page.evaluate(() => document.documentElement.classList.add('dark'));
  await expectNoAxeViolations(page);
  await page.evaluate(() => document.documentElement.classList.remove('dark'));
}

const candles = (page: Page) => page.getByRole('region', { name: 'Tænd et lys' });
const guestbook = (page: Page) => page.getByRole('region', { name: 'Gæstebog' });

describe('e-mail to the family about new posts', () => {
  test('the owner approves the candle and rejects the greeting from the e-mail', async () => {
    const family = await registerAccount(e2e.server, { fullName: 'Hanne Holm' });
    const { session } = await callApi(e2e.server, 'POST', `/api/login?t=${Date.now()}`, { body: { username: family.username, password: family.password } });
    const memorial = (await callApi<Memorial>(e2e.server, 'POST', '/api/memorials', { session, body: { name: 'Poul Holm' } })).body;

    // The visitor, on the memorial page.
    const { page } = e2e;
    await consentGiven(page);
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(`/memorial/${memorial.slug}`);
    await candles(page).getByRole('button', { name: 'Tænd dit lys' }).click();
    await candles(page).getByLabel('Dit navn').fill('Ida Holm');
    await candles(page).getByLabel('Hilsen (valgfri)').fill('Tak for alle søndagene.');
    await candles(page).getByRole('button', { name: 'Tænd lyset' }).click();
    await visible(candles(page).getByRole('status').getByText('Tak. Dit lys tændes, når familien har set det.'));
    await guestbook(page).getByRole('button', { name: 'Skriv i gæstebogen' }).click();
    await guestbook(page).getByLabel('Dit navn').fill('Ole <b>Jensen</b>');
    await guestbook(page).getByLabel('Din hilsen').fill('<script>alert("hej")</script> Du lærte mig at sejle.');
    await guestbook(page).getByRole('button', { name: 'Skriv i gæstebogen' }).click();
    await visible(guestbook(page).getByRole('listitem').getByText('Venter på godkendelse'));

    // One e-mail with both, once the visitor has gone quiet.
    const mail = await e2e.server.mail.waitFor((m) => m.to.includes(family.email), 40_000);
    expect(mail.subject).toBe('2 nye hilsner og lys på mindesiden for Poul Holm');
    expect(mail.html).toContain('&lt;script&gt;alert(&quot;hej&quot;)&lt;/script&gt;');
    expect(mail.html).not.toContain('<script>');
    const approve = [...mail.text.matchAll(/^Godkend: (\S+)$/gm)].map((m) => m[1]!);
    const reject = [...mail.text.matchAll(/^Afvis: (\S+)$/gm)].map((m) => m[1]!);
    expect(approve).toHaveLength(2);
    expect(mail.html).toContain(`href="${approve[0]}"`);

    // The e-mail as a mail program shows it.
    if (SHOTS) {
      const letter = await e2e.openAnotherBrowser();
      mkdirSync(SHOTS, { recursive: true });
      await letter.page.setViewportSize({ width: 680, height: 900 });
      await letter.page.setContent(mail.html);
      await letter.page.screenshot({ path: path.join(SHOTS, 'post-mail-immediate.png'), fullPage: true });
    }

    // The family member, in a browser that is not logged in: the link is enough.
    const owner = await e2e.openAnotherBrowser();
    await consentGiven(owner.page);
    await owner.page.goto(approve[0]!);
    await visible(owner.page.getByRole('heading', { level: 1, name: 'Godkend lyset' }));
    await visible(owner.page.getByText('På mindesiden for Poul Holm'));
    await visible(owner.page.getByText('Lys tændt af Ida Holm'));
    await visible(owner.page.getByText('Tak for alle søndagene.'));
    await axeBothThemes(owner.page);
    await photograph(owner.page, 'post-decision-ready');
    await owner.page.getByRole('button', { name: 'Godkend lyset' }).click();
    await visible(owner.page.getByRole('heading', { level: 1, name: 'Lyset er godkendt' }));
    await visible(owner.page.getByText('Tak. Lyset er godkendt og vises nu på mindesiden.'));
    await axeBothThemes(owner.page);
    await photograph(owner.page, 'post-decision-done');

    await owner.page.goto(reject[1]!);
    await visible(owner.page.getByRole('heading', { level: 1, name: 'Afvis hilsenen' }));
    // What the visitor wrote is text on the page too.
    await visible(owner.page.getByText('Hilsen fra Ole <b>Jensen</b>'));
    await visible(owner.page.getByText('<script>alert("hej")</script> Du lærte mig at sejle.'));
    await owner.page.getByRole('button', { name: 'Afvis hilsenen' }).click();
    await visible(owner.page.getByRole('heading', { level: 1, name: 'Hilsenen er afvist' }));

    // A link that has done its work says so, and what happened.
    await owner.page.goto(approve[1]!);
    await visible(owner.page.getByRole('heading', { level: 1, name: 'Linket er allerede brugt' }));
    // The day it was decided, in Danish, whatever month the journey runs in (it ran on the clock).
    await visible(owner.page.getByText(new RegExp(`Hilsenen blev afvist af Hanne Holm den \\d+\\. (?:${DANISH_MONTHS.join('|')}) kl\\. \\d\\d\\.\\d\\d\\.`)));
    await axeBothThemes(owner.page);
    await photograph(owner.page, 'post-decision-used');

    // Another visitor sees the candle and not the greeting.
    const visitor = await e2e.openAnotherBrowser();
    await visitor.page.goto(`/memorial/${memorial.slug}`);
    await visible(candles(visitor.page).getByText('Ida Holm'));
    expect(await visitor.page.getByText('Du lærte mig at sejle.').count()).toBe(0);
  });

  test('an unknown link says so and points on', async () => {
    const { page } = e2e;
    await consentGiven(page);
    e2e.expectBrowserError(/status of 404 .*\/api\/post-decisions\/x+\)$/);
    await page.goto(`/post-decision/${'x'.repeat(43)}`);
    await visible(page.getByRole('heading', { level: 1, name: 'Linket virker ikke' }));
    await visible(page.getByText(/^Linket kendes ikke/));
    await visible(page.getByRole('link', { name: 'Gå til dine mindesider' }));
  });

  test('the e-mail choices on /profile save at once', async () => {
    const person = await registerAccount(e2e.server, { fullName: 'Jens Holm' });
    const { page, context } = e2e;
    await consentGiven(page);
    await signInBrowser(context, e2e.server, person);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/profile?tab=email');
    const choices = page.getByRole('group', { name: 'Nye hilsner og lys' });
    await visible(choices.getByRole('radio', { name: /Med det samme/ }));
    expect(await choices.getByRole('radio', { name: /Med det samme/ }).isChecked()).toBe(true);
    await choices.getByText('Én gang om dagen').click();
    await expectToast(page, 'Indstillinger gemt');
    const reminders = page.getByRole('switch', { name: 'Mind mig om fødselsdage og mindedage' });
    expect(await reminders.getAttribute('aria-checked')).toBe('false');
    await reminders.click();
    await expect.poll(() => reminders.getAttribute('aria-checked')).toBe('true');
    const { session } = await callApi(e2e.server, 'POST', `/api/login?t=${Date.now()}`, { body: { username: person.username, password: person.password } });
    await expect
      .poll(async () => (await callApi(e2e.server, 'GET', '/api/profile/mail-preferences', { session })).body)
      .toEqual({ postMails: 'digest', anniversaryReminders: true });
    await axeBothThemes(page);
    await photograph(page, 'profile-email');
  });
});
