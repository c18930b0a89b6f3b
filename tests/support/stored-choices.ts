/**
 * A visitor's stored choices set up by a test or the screenshot script, kept as the app keeps them
 * (src/client/lib/stored-choices.ts). Free of Vitest, so scripts/screenshots.ts can use it too.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { STORED_CHOICES_COOKIE } from '../../src/shared/constants';

/**
 * Keeps a choice of the visitor's (`theme`, the cookie choice) in every page of `target` before its
 * scripts run, as the app keeps it: in localStorage, with the cookie that tells the page's first
 * scripts there is something to read (src/client/lib/stored-choices.ts).
 */
export async function storeChoiceEarly(target: Page | BrowserContext, key: string, value: string) {
  await target.addInitScript(
    ([k, v, cookie]) => {
      try {
        localStorage.setItem(k!, v!);
        document.cookie = cookie!;
      } catch {
        // about:blank has neither.
      }
    },
    [key, value, `${STORED_CHOICES_COOKIE}=1; path=/`],
  );
}

/** The same in the open page, read from its next load on. */
export async function storeChoice(page: Page, key: string, value: string) {
  await page.evaluate(
    ([k, v, cookie]) => {
      localStorage.setItem(k!, v!);
      document.cookie = cookie!;
    },
    [key, value, `${STORED_CHOICES_COOKIE}=1; path=/`],
  );
}
