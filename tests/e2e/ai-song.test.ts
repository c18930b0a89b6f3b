/**
 * A song made with AI in Chromium, on a 360 px phone: a family with a paid song order finds the
 * song's page from the memorial, sees what the memorial holds for each fact (one it has nothing
 * for cannot be chosen, and says why), chooses the facts, a style and a length, and gets a draft
 * from the fake chat provider. They change the lyrics, give the song a title, have the music made
 * (a real WAV from the fake prediction provider), hear it with the lyrics beside it and add it to
 * the memorial's music. The memorial's music then plays it for a visitor, labelled "Skabt med AI",
 * with the lyrics as the family left them. axe on each step, and no sideways scrolling.
 */
import { afterAll, describe, expect, test } from 'vitest';
import { MADE_WITH_AI } from '../../src/shared/ai';
import type { Playlist } from '../../src/shared/music-api';
import { wav } from '../support/audio';
import { expectNoAxeViolations } from '../support/browser';
import { callApi, registerAccount, signInBrowser } from '../support/e2e-api';
import { premiumForGoodSql } from '../support/e2e-data';
import { INVOICING_ENV, placeOrder } from '../support/e2e-money';
import { createAdmin, verifiedStaffSession } from '../support/e2e-staff';
import { setupE2e } from '../support/e2e-suite';
import { consentGiven, expectToast, openAlive, visible } from '../support/e2e-ui';
import { startFakeChat, startFakePredictions } from '../support/fake-ai';

const predictions = await startFakePredictions({
  output: () => ({ bytes: wav({ seconds: 4, sampleRate: 22_050, bits: 16, tone: true }), contentType: 'audio/wav' }),
  durationMs: 2500,
});
const chat = await startFakeChat();
const e2e = setupE2e({
  qrCodes: 1,
  env: {
    ...INVOICING_ENV,
    AI_LYRICS_URL: chat.url,
    AI_LYRICS_KEY: chat.key,
    AI_LYRICS_MODEL: 'fake-lyrics',
    AI_MUSIC_URL: predictions.url,
    AI_MUSIC_KEY: predictions.key,
    AI_MUSIC_MODEL: 'fake/music',
  },
});
afterAll(async () => {
  await predictions.close();
  await chat.close();
});

const NAME = 'Aksel Bruun';
const TITLE = 'Til far';
const OWN_LINE = 'Du lærte os at sætte sejl i blæsevejr';

describe('a song made with AI', () => {
  test('the family picks facts and a style, edits the draft, makes the music and adds it to the memorial', { timeout: 180_000 }, async () => {
    // Staff and Premium first: on the embedded database the CLI and the SQL restart the server.
    const staff = await createAdmin(e2e.server);
    const account = await registerAccount(e2e.server);
    const session = await signInBrowser(e2e.context, e2e.server, account);
    const created = await callApi<{ id: string; slug: string }>(e2e.server, 'POST', '/api/memorials', {
      session,
      body: {
        name: NAME,
        birthDate: '1944-08-30',
        deathDate: '2023-11-05',
        birthPlace: 'Marstal',
        lifeStory: '<p>Aksel var skibsfører i fyrre år og sejlede på alle verdenshave. Hjemme i Marstal byggede han både med sine børnebørn.</p>',
      },
    });
    expect(created.status).toBe(201);
    const memorial = created.body;
    await e2e.server.sql(premiumForGoodSql(memorial.id));
    const { order } = await placeOrder(e2e.server, session, { kind: 'song', memorialId: memorial.id });
    const { session: staffSession } = await verifiedStaffSession(e2e.server, staff);
    expect((await callApi(e2e.server, 'POST', `/api/admin/orders/${order.id}/mark-paid`, { session: staffSession })).status).toBe(200);

    const { page } = e2e;
    await consentGiven(page);
    await page.setViewportSize({ width: 360, height: 780 });
    const main = page.getByRole('main');
    const fits = async () => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    await page.goto(`/memorial/${memorial.slug}`);
    await page.getByRole('navigation', { name: 'Din mindeside' }).getByRole('link', { name: 'Sang med AI' }).click();
    await visible(main.getByRole('heading', { level: 1, name: 'Sang med AI' }));
    const facts = await visible(page.getByRole('form', { name: 'Hvad skal sangen handle om?' }));

    // What the memorial holds, each with a glimpse; what it has nothing of cannot be chosen.
    const story = facts.getByRole('checkbox', { name: /Livshistorien/ });
    expect(await story.isChecked()).toBe(true);
    await visible(facts.getByText(/skibsfører i fyrre år/));
    const loved = facts.getByRole('checkbox', { name: /Det, hun eller han holdt af/ });
    expect(await loved.isDisabled()).toBe(true);
    await visible(facts.getByText('Mindesiden har ikke noget om det endnu.'));
    // Nothing chosen: said in Danish.
    for (const name of [/Livshistorien/, /Steder/, /Navne/]) {
      const box = facts.getByRole('checkbox', { name });
      if (await box.isChecked()) await box.uncheck();
    }
    await facts.getByRole('button', { name: 'Skriv et udkast' }).click();
    await visible(facts.getByText('Vælg mindst én ting, sangen må bygge på.'));
    await story.check();
    await facts.getByRole('checkbox', { name: /Steder/ }).check();
    await facts.getByRole('textbox', { name: /Jeres egne ønsker/ }).fill('Han sang altid, når han stod til rors.');
    await facts.locator('label').filter({ has: page.getByRole('radio', { name: /^Salme/ }) }).click();
    await facts.locator('label').filter({ has: page.getByRole('radio', { name: '2 minutter' }) }).click();
    expect(await page.getByRole('radio', { name: /^Salme/ }).isChecked()).toBe(true);
    await visible(facts.getByText('10 udkast tilbage'));
    await fits();
    await expectNoAxeViolations(page);
    await facts.getByRole('button', { name: 'Skriv et udkast' }).click();

    // The draft, theirs to change.
    const draft = page.getByRole('form', { name: 'Sangteksten' });
    await draft.waitFor({ state: 'visible', timeout: 60_000 });
    await visible(draft.getByText(/^Salme · 2 minutter/));
    const lyrics = draft.getByRole('textbox', { name: 'Sangtekst' });
    const written = await lyrics.inputValue();
    expect(written.length).toBeGreaterThan(20);
    const edited = `${OWN_LINE}\n\n${written}`;
    await lyrics.fill(edited);
    await draft.getByRole('button', { name: 'Lav musikken' }).click();
    await visible(draft.getByText('Skriv sangens titel.'));
    await draft.getByRole('textbox', { name: 'Titel' }).fill(TITLE);
    await fits();
    await expectNoAxeViolations(page);
    await draft.getByRole('button', { name: 'Lav musikken' }).click();

    // The music made, heard privately with the lyrics beside it.
    await visible(main.getByText('Musikken bliver lavet', { exact: true }));
    await visible(main.getByRole('status').filter({ hasText: /Venter på at komme til|I gang – det tager som regel et par minutter/ }));
    const song = main.getByRole('article', { name: TITLE });
    await song.waitFor({ state: 'visible', timeout: 90_000 });
    await visible(song.getByText(OWN_LINE, { exact: false }));
    expect(await song.locator('audio').getAttribute('preload')).toBe('none');
    await visible(song.getByText('2 forsøg tilbage'));
    await fits();
    await expectNoAxeViolations(page);
    await song.getByRole('button', { name: 'Føj til mindesidens musik' }).click();
    await expectToast(page, 'Sangen er lagt i mindesidens musik');
    await visible(song.getByText('Ligger i mindesidens musik', { exact: true }));

    // In the memorial's music, as the family left it.
    const playlist = await callApi<Playlist>(e2e.server, 'GET', `/api/memorials/${memorial.id}/music`);
    expect(playlist.body.songs).toHaveLength(1);
    expect(playlist.body.songs[0]).toMatchObject({ source: 'ai', title: TITLE });
    expect(playlist.body.songs[0]!.lyrics).toContain(OWN_LINE);

    // A visitor on the memorial page: the player names it as made with AI and holds its lyrics.
    const visitor = (await e2e.openAnotherBrowser()).page;
    await consentGiven(visitor);
    await visitor.setViewportSize({ width: 360, height: 780 });
    await openAlive(visitor, `/memorial/${memorial.slug}`);
    const music = await visible(visitor.getByRole('region', { name: 'Musik' }));
    await visible(music.getByText(TITLE, { exact: true }).first());
    await visible(music.getByText(MADE_WITH_AI));
    await music.getByText('Sangtekst').click();
    await visible(music.getByText(OWN_LINE, { exact: false }));
    expect(await visitor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoAxeViolations(visitor);
    await music.getByRole('button', { name: `Afspil: ${TITLE}` }).click();
    await visitor.waitForFunction(() => {
      const element = document.querySelector('audio');
      return element !== null && !element.paused && element.currentTime > 0.3;
    });
  });
});
