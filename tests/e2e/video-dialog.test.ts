/**
 * The video dialog (SPEC.md §2 "Other shared UI", §4, §9) as the landing page uses it: "Se video"
 * opens a dialog with the privacy-enhanced YouTube player, autoplaying and without related
 * videos; Escape closes it and gives focus back to the button. Which URLs give a video and which
 * give "Video kunne ikke indlæses" is tested in src/client/components/video/youtube.test.ts.
 * YouTube itself is never reached: the frame gets an empty page from the test.
 */
import { describe, expect, test } from 'vitest';
import { LANDING_VIDEO_TITLE, LANDING_VIDEO_URL } from '../../src/client/home/landing-video';
import { expectNoAxeViolations } from '../support/browser';
import { setupE2e } from '../support/e2e-suite';
import { animationsSettled, visible } from '../support/e2e-ui';

const e2e = setupE2e({ qrCodes: 0 });
const VIDEO_ID = new URL(LANDING_VIDEO_URL).searchParams.get('v');

describe('the video dialog on the landing page', () => {
  test('"Se video" opens the player, Escape closes it and focus returns to the button', async () => {
    const { page } = e2e;
    const frames: string[] = [];
    await page.route('https://www.youtube-nocookie.com/**', (route) => {
      frames.push(route.request().url());
      return route.fulfill({ body: '<html lang="da"><title>Video</title></html>', contentType: 'text/html' });
    });
    await page.goto('/');
    const trigger = await visible(page.getByRole('main').getByRole('button', { name: 'Se video' }));
    expect(await page.locator('iframe').count()).toBe(0);

    await trigger.click();
    const dialog = await visible(page.getByRole('dialog', { name: LANDING_VIDEO_TITLE }));
    // Focus is on the dialog, not in the player: a key pressed inside YouTube's frame never reaches the page.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('dialog');
    const frame = dialog.locator('iframe');
    await visible(frame);
    const src = `https://www.youtube-nocookie.com/embed/${VIDEO_ID}?autoplay=1&rel=0`;
    expect(await frame.getAttribute('src')).toBe(src);
    expect(await frame.getAttribute('title')).toBe(LANDING_VIDEO_TITLE);
    expect(await frame.getAttribute('allow')).toBe('autoplay; encrypted-media; picture-in-picture; fullscreen');
    await expect.poll(() => frames).toContain(src);
    expect(await dialog.getByText('Video kunne ikke indlæses').count()).toBe(0);
    // Checked once the opening fade has ended: halfway, every colour is a blend of two.
    await animationsSettled(page);
    await expectNoAxeViolations(page);

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.locator('iframe').count()).toBe(0);
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Se video');

    // Opens again, and the close button works too.
    await trigger.click();
    await visible(page.getByRole('dialog', { name: LANDING_VIDEO_TITLE }));
    await page.getByRole('dialog').getByRole('button', { name: 'Luk' }).click();
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Se video');
  });
});
