/**
 * A memorial's music in Chromium, on a 360 px phone: the family reads why music waits for Premium,
 * then with Premium uploads a real WAV with progress, gives it a title and a note, is told in
 * Danish why a disguised file was refused, adds a YouTube song and moves it up by keyboard. A
 * visitor opens the memorial page, sees the player (nothing plays by itself), presses play and the
 * audio element really plays (its time moves, the Media Session names the song), pauses and goes
 * on to the next song by keyboard; the YouTube song's frame appears only after play; deleted, the
 * music page says the memorial is deleted. axe on
 * /memorial/{id}/music and on the memorial page with its player.
 */
import { describe, expect, test } from 'vitest';
import { MEDIA_MESSAGES } from '../../src/shared/media-limits';
import type { Memorial } from '../../src/shared/memorials';
import type { Playlist } from '../../src/shared/music-api';
import { PREMIUM_MESSAGES } from '../../src/shared/premium';
import { wav } from '../support/audio';
import { expectNoAxeViolations } from '../support/browser';
import { callApi, registerAccount, signInBrowser } from '../support/e2e-api';
import { premiumForGoodSql } from '../support/e2e-data';
import { setupE2e } from '../support/e2e-suite';
import { consentGiven, expectToast, openAlive, UI_TIMEOUT_MS, visible } from '../support/e2e-ui';

const e2e = setupE2e();
const TITLE = 'Altid frejdig når du går';
const NOTE = 'Fars yndlingssalme';
const HYMN = 'Nu falmer skoven trindt om land';

describe('the music of a memorial', () => {
  test('the family adds songs on a phone; a visitor hears them on the memorial page', { timeout: 120_000 }, async () => {
    const account = await registerAccount(e2e.server);
    const session = await signInBrowser(e2e.context, e2e.server, account);
    const create = async (name: string) => (await callApi<Memorial>(e2e.server, 'POST', '/api/memorials', { session, body: { name, birthDate: '1938-05-01', deathDate: '2024-02-11' } })).body;
    const withoutPremium = await create('Inger Sørensen');
    const memorial = await create('Poul Erik Sørensen');
    // Before the browser opens anything: on the embedded database the SQL restarts the server.
    await e2e.server.sql(premiumForGoodSql(memorial.id));
    const { page } = e2e;
    await consentGiven(page);
    await page.setViewportSize({ width: 360, height: 780 });

    // Without Premium: a calm word and the way to it, no upload form.
    await page.goto(`/memorial/${withoutPremium.slug}/music`);
    await visible(page.getByRole('heading', { name: 'Musik', level: 1 }));
    await visible(page.getByText(PREMIUM_MESSAGES.music));
    expect(await page.getByRole('link', { name: 'Se hvad Premium koster' }).getAttribute('href')).toBe('/subscription');
    expect(await page.getByRole('button', { name: 'Upload sangen' }).count()).toBe(0);
    await expectNoAxeViolations(page);

    // The family finds the music from its own memorial page.
    await page.goto(`/memorial/${memorial.slug}`);
    await page.getByRole('navigation', { name: 'Din mindeside' }).getByRole('link', { name: 'Musik' }).click();
    await visible(page.getByText('Der er ingen sange på mindesiden endnu.'));
    const upload = await visible(page.getByRole('form', { name: 'Upload en sang' }));

    // A text file dressed as an MP3 is refused with the server's own sentence.
    e2e.expectBrowserError(/status of 400 .*\/api\/memorials\/[^/]+\/music\)$/);
    await upload.locator('input[type="file"]').setInputFiles({ name: 'salme.mp3', mimeType: 'audio/mpeg', buffer: Buffer.from('Dette er ikke musik.\n'.repeat(40)) });
    await upload.getByRole('button', { name: 'Upload sangen' }).click();
    await visible(upload.getByRole('alert').filter({ hasText: MEDIA_MESSAGES.onlyAudio }));

    // A real WAV: four seconds of a soft tone.
    await upload.locator('input[type="file"]').setInputFiles({ name: 'optagelse.wav', mimeType: 'audio/wav', buffer: wav({ seconds: 4, sampleRate: 22_050, bits: 16, tone: true }) });
    await visible(upload.getByText('Valgt: optagelse.wav'));
    await upload.getByRole('textbox', { name: 'Titel' }).fill(TITLE);
    await upload.getByRole('textbox', { name: /Et par ord om sangen/ }).fill(NOTE);
    await upload.getByRole('button', { name: 'Upload sangen' }).click();
    await expectToast(page, 'Sangen er lagt på mindesiden', { description: TITLE });
    await visible(page.getByText('Sang 1 af 1 · 0:04'));

    const youtube = page.getByRole('form', { name: 'Tilføj en sang fra YouTube' });
    await youtube.getByRole('textbox', { name: 'Link til sangen på YouTube' }).fill('https://youtu.be/dQw4w9WgXcQ');
    await youtube.getByRole('button', { name: 'Tilføj fra YouTube' }).click();
    await visible(youtube.getByText('Skriv sangens titel.'));
    await youtube.getByRole('textbox', { name: 'Titel' }).fill(HYMN);
    await youtube.getByRole('button', { name: 'Tilføj fra YouTube' }).click();
    await visible(page.getByText('Sang 2 af 2 · fra YouTube'));

    // The hymn first, by keyboard: focus follows it to its new place.
    await page.getByRole('button', { name: `Flyt “${HYMN}” op` }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')), { timeout: UI_TIMEOUT_MS }).toBe(`Flyt “${HYMN}” ned`);
    await expect
      .poll(async () => (await callApi<Playlist>(e2e.server, 'GET', `/api/memorials/${memorial.id}/music`, { session })).body.songs.map((song) => song.title), { timeout: UI_TIMEOUT_MS })
      .toEqual([HYMN, TITLE]);
    // And back, so the upload plays first for the visitor.
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')), { timeout: UI_TIMEOUT_MS }).toBe(`Flyt “${HYMN}” op`);
    await expect
      .poll(async () => (await callApi<Playlist>(e2e.server, 'GET', `/api/memorials/${memorial.id}/music`, { session })).body.songs.map((song) => song.title), { timeout: UI_TIMEOUT_MS })
      .toEqual([TITLE, HYMN]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoAxeViolations(page);

    // A visitor on the memorial page the server drew.
    const visiting = await e2e.openAnotherBrowser();
    const visitor = visiting.page;
    await consentGiven(visitor);
    await visitor.route('https://www.youtube-nocookie.com/**', (route) => route.fulfill({ body: '<html lang="da"><title>Salme</title></html>', contentType: 'text/html' }));
    await visitor.setViewportSize({ width: 360, height: 780 });
    await openAlive(visitor, `/memorial/${memorial.slug}`);
    const music = await visible(visitor.getByRole('region', { name: 'Musik' }));
    await visible(music.getByText(NOTE).first());
    const audio = visitor.locator('audio');
    expect(await audio.getAttribute('preload')).toBe('none');
    // Nothing plays by itself.
    expect(await audio.evaluate((element: HTMLAudioElement) => element.paused && element.currentTime === 0 && element.networkState !== HTMLMediaElement.NETWORK_LOADING)).toBe(true);
    await expectNoAxeViolations(visitor);

    await music.getByRole('button', { name: `Afspil: ${TITLE}` }).click();
    await visitor.waitForFunction(() => {
      const element = document.querySelector('audio');
      return element !== null && !element.paused && element.currentTime > 0.3;
    }, undefined, { timeout: UI_TIMEOUT_MS });
    expect(await visitor.evaluate(() => navigator.mediaSession.metadata?.title)).toBe(TITLE);
    expect(await visitor.evaluate(() => navigator.mediaSession.metadata?.album)).toBe('Til minde om Poul Erik Sørensen');

    // The keyboard pauses and goes on: the pause button, then "Næste sang".
    const pause = music.getByRole('button', { name: `Pause: ${TITLE}` });
    await pause.focus();
    await visitor.keyboard.press('Enter');
    await expect.poll(() => audio.evaluate((element: HTMLAudioElement) => element.paused)).toBe(true);
    await visible(music.getByRole('button', { name: `Afspil: ${TITLE}` }));
    await visitor.keyboard.press('Tab');
    expect(await visitor.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Næste sang');
    await visitor.keyboard.press('Enter');
    await visible(music.getByText('Sangen afspilles fra YouTube, når du trykker på Afspil.'));
    expect(await music.locator('iframe').count()).toBe(0);
    await music.getByRole('button', { name: `Afspil: ${HYMN}` }).click();
    const frame = await visible(music.locator('iframe'));
    expect(await frame.getAttribute('src')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&rel=0');
    await visible(music.getByRole('link', { name: 'Al musikken' }));

    // Deleted, its music page says so, as the memorial page does, rather than that it failed.
    expect((await callApi(e2e.server, 'DELETE', `/api/memorials/${memorial.id}`, { session })).status).toBe(204);
    visiting.expectBrowserError(/status of 410 .*\/api\/memorials\/[^/]+\/music/);
    await visitor.goto(`/memorial/${memorial.slug}/music`);
    await visible(visitor.getByRole('heading', { name: 'Mindesiden er slettet' }));
  });
});
