/**
 * An animated greeting in Chromium, on a 360 px phone: the family finds the greeting's page, orders
 * it there and pays by bank transfer (staff mark the transfer received), follows the order's
 * "Lav hilsenen" back, is told in Danish what is missing, chooses the portrait, writes the message,
 * gives its consent and follows the progress while the fake provider makes a real WebM film. The
 * family sees it privately first, then shows it on the memorial page. A visitor (no account) sees
 * it there labelled "Skabt med AI" with the message as text; nothing plays until play is pressed,
 * and then the film plays with its Danish captions showing. axe on the greeting page in light and
 * dark, and no sideways scrolling at 360 px.
 */
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { wav } from '../support/audio';
import { AI_MESSAGES, MADE_WITH_AI } from '../../src/shared/ai';
import type { AiOverview } from '../../src/shared/ai-api';
import { SESSION_COOKIE } from '../../src/shared/constants';
import type { MediaItem } from '../../src/shared/media';
import type { Memorial } from '../../src/shared/memorials';
import { expectNoAxeViolations } from '../support/browser';
import { callApi, registerAccount, signInBrowser } from '../support/e2e-api';
import { INVOICING_ENV } from '../support/e2e-money';
import { createAdmin, verifiedStaffSession } from '../support/e2e-staff';
import { setupE2e } from '../support/e2e-suite';
import { consentGiven, expectToast, openAlive, UI_TIMEOUT_MS, visible } from '../support/e2e-ui';
import { startFakeChat, startFakePredictions } from '../support/fake-ai';
import { type ImageDir, createImageDir, writeImage } from '../support/images';
import { greetingVideo } from '../support/video';

const film = await greetingVideo();
const predictions = await startFakePredictions({
  output: (_input, model) => (model.includes('music') ? { bytes: wav({ seconds: 3, sampleRate: 22_050, bits: 16, tone: true }), contentType: 'audio/wav' } : { bytes: film, contentType: 'video/webm' }),
  durationMs: 2500,
});
const chat = await startFakeChat();
const e2e = setupE2e({
  qrCodes: 1,
  env: {
    ...INVOICING_ENV,
    AI_VIDEO_URL: predictions.url,
    AI_VIDEO_KEY: predictions.key,
    AI_VIDEO_MODEL: 'fake/animate',
    AI_LYRICS_URL: chat.url,
    AI_LYRICS_KEY: chat.key,
    AI_LYRICS_MODEL: 'fake-lyrics',
    AI_MUSIC_URL: predictions.url,
    AI_MUSIC_KEY: predictions.key,
    AI_MUSIC_MODEL: 'fake/music',
  },
});
let images: ImageDir;
beforeAll(async () => {
  images = await createImageDir();
});
afterAll(async () => {
  await images.cleanup();
  await predictions.close();
  await chat.close();
});

const NAME = 'Inger Marie Holm';
const MESSAGE = 'Tak for alle somrene i haven, mor.\nVi savner dig hver dag.';
const PORTRAIT = 'Inger i haven, 1987';

async function uploadPhoto(memorialId: string, session: string, file: string, caption: string): Promise<MediaItem> {
  const form = new FormData();
  form.set('caption', caption);
  form.set('file', new Blob([await readFile(file)], { type: 'image/jpeg' }), 'foto.jpg');
  const response = await fetch(`${e2e.server.baseUrl}/api/memorials/${memorialId}/media`, {
    method: 'POST',
    headers: { origin: e2e.server.baseUrl, cookie: `${SESSION_COOKIE}=${session}` },
    body: form,
  });
  expect(response.status).toBe(201);
  return (await response.json()) as MediaItem;
}

describe('an animated greeting', () => {
  test('the family orders, makes and shows the greeting on a phone; a visitor plays it with captions', { timeout: 180_000 }, async () => {
    // Staff first: on the embedded database the CLI restarts the server.
    const staff = await createAdmin(e2e.server);
    const account = await registerAccount(e2e.server);
    const session = await signInBrowser(e2e.context, e2e.server, account);
    const memorial = (await callApi<Memorial>(e2e.server, 'POST', '/api/memorials', { session, body: { name: NAME, birthDate: '1939-04-12', deathDate: '2024-09-02' } })).body;
    await uploadPhoto(memorial.id, session, await writeImage(images.dir, 'have.jpg', 'jpeg', { width: 400, height: 500 }), PORTRAIT);
    await uploadPhoto(memorial.id, session, await writeImage(images.dir, 'strand.jpg', 'jpeg', { width: 500, height: 400 }), 'Ved stranden');

    const { page } = e2e;
    await consentGiven(page);
    await page.setViewportSize({ width: 360, height: 780 });
    const main = page.getByRole('main');

    // From the family's bar on the memorial page to the greeting's page: nothing bought yet.
    await page.goto(`/memorial/${memorial.slug}`);
    await page.getByRole('navigation', { name: 'Din mindeside' }).getByRole('link', { name: 'Animeret hilsen' }).click();
    await visible(main.getByRole('heading', { level: 1, name: 'Animeret hilsen' }));
    await visible(main.getByRole('heading', { name: 'I har ikke bestilt en hilsen endnu' }));
    await expectNoAxeViolations(page);

    // Ordered and paid by bank transfer; staff mark the transfer received.
    await main.getByRole('link', { name: 'Bestil en animeret hilsen' }).click();
    await visible(page.getByRole('form', { name: 'Bestil animeret hilsen' }));
    await visible(main.getByText(/Når I har betalt, laver I hilsenen på mindesiden/));
    expect(await page.getByRole('radio', { name: /Bankoverførsel/ }).isChecked()).toBe(true);
    await page.getByRole('button', { name: /^Bestil og betal/ }).click();
    await page.waitForURL(/\/invoice-payment\/[0-9a-f-]{36}$/);
    const orders = await callApi<{ orders: { id: string; number: number }[] }>(e2e.server, 'GET', '/api/orders', { session });
    const order = orders.body.orders[0]!;
    const { session: staffSession } = await verifiedStaffSession(e2e.server, staff);
    expect((await callApi(e2e.server, 'POST', `/api/admin/orders/${order.id}/mark-paid`, { session: staffSession })).status).toBe(200);

    // The paid order leads to where the family makes it.
    await page.goto(`/orders?order=${order.id}`);
    await visible(main.getByText(/Hilsenen er betalt\. I vælger selv et portræt/));
    await main.getByRole('link', { name: 'Lav hilsenen' }).click();
    await page.waitForURL(new RegExp(`/memorial/${memorial.id}/greeting$`));
    const form = await visible(page.getByRole('form', { name: 'Lav hilsenen' }));
    await visible(form.getByText('3 forsøg tilbage'));

    // Nothing chosen: each step says what it needs.
    await form.getByRole('button', { name: 'Lav hilsenen' }).click();
    await visible(form.getByText(AI_MESSAGES.portraitMissing));
    await visible(form.getByText(AI_MESSAGES.messageMissing));
    await visible(form.getByText(AI_MESSAGES.consentMissing));

    // The portrait by keyboard: the photos are radio buttons.
    await form.getByRole('img', { name: 'Ved stranden' }).click();
    expect(await form.getByRole('radio', { name: 'Ved stranden' }).isChecked()).toBe(true);
    await form.getByRole('radio', { name: 'Ved stranden' }).press('ArrowLeft');
    expect(await form.getByRole('radio', { name: PORTRAIT }).isChecked()).toBe(true);
    await form.getByRole('textbox', { name: 'Hilsenen' }).fill(MESSAGE);
    await visible(form.getByText(`${MESSAGE.length} af 300 tegn`));
    await form.getByRole('checkbox', { name: /Vi har ret til at bruge billedet af Inger Marie Holm/ }).check();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoAxeViolations(page);
    await form.getByRole('button', { name: 'Lav hilsenen' }).click();

    // The progress, said calmly and read out by the polite live region.
    await visible(main.getByText('Hilsenen bliver lavet', { exact: true }));
    const status = main.getByRole('status').filter({ hasText: /Venter på at komme til|I gang – det tager som regel et par minutter/ });
    expect(await status.count()).toBe(1);
    await expectNoAxeViolations(page);

    // Made: privately first, the film with its captions and the portrait as its poster.
    const preview = main.getByRole('article', { name: /^Hilsen lavet / });
    await preview.waitFor({ state: 'visible', timeout: 90_000 });
    await visible(preview.getByText('Kun for jer indtil videre', { exact: false }));
    const video = preview.locator('video');
    expect(await video.getAttribute('preload')).toBe('none');
    expect(await video.getAttribute('poster')).toMatch(/^\/media\//);
    expect(await preview.locator('track[kind="captions"][srclang="da"][default]').count()).toBe(1);
    await visible(preview.getByText('Tak for alle somrene i haven, mor.', { exact: false }));
    await visible(preview.getByText('2 forsøg tilbage'));
    // The family's own preview is theirs to fetch.
    expect((await page.request.get(new URL((await video.getAttribute('src'))!, e2e.server.baseUrl).href)).status()).toBe(200);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoAxeViolations(page);

    await preview.getByRole('button', { name: 'Vis på mindesiden' }).click();
    await expectToast(page, 'Hilsenen vises nu på mindesiden');
    await visible(preview.getByText('Vises på mindesiden', { exact: true }));
    await visible(preview.getByRole('button', { name: 'Fjern fra mindesiden' }));
    const overview = await callApi<AiOverview>(e2e.server, 'GET', `/api/memorials/${memorial.id}/ai`, { session });
    expect(overview.body.orders[0]!.generations[0]!.publishedAt).not.toBeNull();

    // Dark, as some read at night.
    await page.evaluate(() => localStorage.setItem('theme', 'dark'));
    await page.reload();
    await visible(main.getByRole('article', { name: /^Hilsen lavet / }));
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await expectNoAxeViolations(page);

    // A visitor on the memorial page the server drew.
    const visitor = (await e2e.openAnotherBrowser()).page;
    await consentGiven(visitor);
    await visitor.setViewportSize({ width: 360, height: 780 });
    await openAlive(visitor, `/memorial/${memorial.slug}`);
    const greeting = await visible(visitor.getByRole('region', { name: 'En hilsen' }));
    await visible(greeting.getByText(MADE_WITH_AI));
    await visible(greeting.getByText('Vi savner dig hver dag.', { exact: false }));
    const shown = greeting.locator('video');
    expect(await shown.getAttribute('preload')).toBe('none');
    expect(await shown.getAttribute('autoplay')).toBeNull();
    // Shown, the film is anyone's to fetch.
    const filmUrl = await greeting.locator('video source').getAttribute('src');
    expect((await visitor.request.get(new URL(filmUrl!, e2e.server.baseUrl).href, { headers: { range: 'bytes=0-99' } })).status()).toBe(206);
    // Nothing plays by itself.
    expect(await shown.evaluate((element: HTMLVideoElement) => element.paused && element.currentTime === 0)).toBe(true);
    expect(await visitor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoAxeViolations(visitor);

    // Pressed (by keyboard: the player's own controls): the film plays, its Danish captions showing.
    await shown.scrollIntoViewIfNeeded();
    await shown.focus();
    await visitor.keyboard.press('Space');
    await visitor.waitForFunction(
      () => {
        const element = document.querySelector<HTMLVideoElement>('section[aria-labelledby="hilsen"] video');
        return element !== null && !element.paused && element.currentTime > 0.3;
      },
      undefined,
      { timeout: UI_TIMEOUT_MS },
    );
    expect(
      await shown.evaluate((element: HTMLVideoElement) => ({ count: element.textTracks.length, mode: element.textTracks[0]?.mode, language: element.textTracks[0]?.language })),
    ).toEqual({ count: 1, mode: 'showing', language: 'da' });
  });
});
