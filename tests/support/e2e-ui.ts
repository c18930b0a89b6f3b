/**
 * Small helpers for reading pages the way a person (or a screen reader) does. playwright-core has
 * no web-first assertions, so these wait for a condition (never for a fixed time) and then assert
 * with Vitest.
 */
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { CONSENT_STORAGE_KEY } from '../../src/shared/consent';

/** How long a condition may take to come true in the browser. */
export const UI_TIMEOUT_MS = 10_000;

/** Waits until the locator's single element is visible, and returns it. */
export async function visible(locator: Locator): Promise<Locator> {
  await locator.waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
  return locator;
}

/** Waits until the page shows `pathname` (and, when given, exactly `search`). */
export async function waitForPath(page: Page, pathname: string, search?: string): Promise<URL> {
  await page.waitForURL((url) => url.pathname === pathname && (search === undefined || url.search === search), { timeout: UI_TIMEOUT_MS });
  return new URL(page.url());
}

/** The page's toasts: the list items of the notifications region (the F8 landmark of Radix Toast). */
export function toasts(page: Page): Locator {
  return page.getByRole('region', { name: /\(F8\)/ }).getByRole('listitem');
}

/** The toast whose title is exactly `title`. */
export function toastTitled(page: Page, title: string): Locator {
  return toasts(page).filter({ has: page.getByText(title, { exact: true }) });
}

/**
 * Waits for the toast titled `title` and checks its description and whether it is the destructive
 * (error) kind. SPEC.md §4: at most one toast is visible, so it must be the only one.
 */
export async function expectToast(page: Page, title: string, options: { description?: string | RegExp; destructive?: boolean } = {}) {
  const toast = await visible(toastTitled(page, title));
  expect(await toasts(page).count(), 'number of toasts shown').toBe(1);
  const text = (await toast.innerText()).replace(/\s+/g, ' ').trim();
  if (typeof options.description === 'string') expect(text).toBe(`${title} ${options.description}`);
  else if (options.description) expect(text.slice(title.length).trim()).toMatch(options.description);
  const variant = await toast.getAttribute('data-variant');
  if (options.destructive) expect(variant, `"${title}" is shown as an error`).toBe('destructive');
  else expect(variant, `"${title}" is not shown as an error`).not.toBe('destructive');
  return toast;
}

/**
 * The accessible description of a form control (what aria-describedby points at): a field's hint
 * and its validation message, as a screen reader announces them with the field.
 */
export async function accessibleDescription(control: Locator): Promise<string> {
  return control.evaluate((element) =>
    (element.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .filter(Boolean)
      .map((id) => document.getElementById(id)?.textContent?.trim() ?? '')
      .join(' '),
  );
}

/** Waits until the control is marked invalid with `message` in its description. */
export async function expectFieldError(control: Locator, message: string) {
  await expect.poll(() => accessibleDescription(control), { timeout: UI_TIMEOUT_MS }).toContain(message);
  expect(await control.getAttribute('aria-invalid')).toBe('true');
}

/** The login form's fields and button, by their labels (SPEC.md §2 "Login page"). */
export function loginForm(page: Page) {
  return {
    username: page.getByLabel('Brugernavn eller email', { exact: true }),
    password: page.getByLabel('Adgangskode', { exact: true }),
    submit: page.getByRole('button', { name: 'Log ind', exact: true }),
  };
}

export async function fillLogin(page: Page, username: string, password: string) {
  const form = loginForm(page);
  await form.username.fill(username);
  await form.password.fill(password);
  return form;
}

/** Holds the browser's requests matching `url` until `release()`: a pending state made visible. */
export async function holdRequests(page: Page, url: string | RegExp) {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  let caught!: () => void;
  const held = new Promise<void>((resolve) => (caught = resolve));
  await page.route(url, async (route) => {
    caught();
    await gate;
    await route.continue();
  });
  return {
    /** Resolves once a matching request has been caught. */
    held,
    release: () => open(),
  };
}

/**
 * Waits until every animation that ends has ended (a dialog's opening, a toast's arrival). One
 * that never ends, such as a memorial's burning candle, is left out: waiting on it would never
 * return. One that is cancelled on the way (a colour transition overtaken by the next theme switch,
 * an element removed) has settled too: its `finished` rejects with AbortError, which is not a fault.
 */
export async function animationsSettled(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/** The cookie banner already answered (necessary only) when the page loads, so it covers nothing a test looks at. */
export async function consentGiven(page: Page) {
  const stored = { timestamp: Date.now(), choices: { necessary: true, analytics: false, marketing: false, performance: false, social_media: false } };
  // The page's own document only: an embedded frame of another site (YouTube) may refuse its storage.
  await page.context().addInitScript(([key, value]) => window === window.top && localStorage.setItem(key!, value!), [CONSENT_STORAGE_KEY, JSON.stringify(stored)]);
}

/** Opens a memorial page and lets the app take it over (the visitor reaches for it), with the reader's own posts asked for. */
export async function openAlive(page: Page, path: string) {
  const posts = page.waitForResponse((response) => /\/api\/memorials\/[^/]+\/posts$/.test(new URL(response.url()).pathname));
  await page.goto(path);
  await visible(page.getByRole('heading', { level: 1 }));
  await page.getByRole('heading', { level: 1 }).hover();
  await page.mouse.move(10, 10);
  await posts;
}
