/**
 * Debian's Chromium driven by playwright-core, for the browser journeys in tests/e2e.
 *
 * Every page records what goes wrong inside the browser (console errors, uncaught exceptions); a
 * test fails on any of them unless it said it expects that one (ARCHITECTURE.md: console.error
 * fails a test). The one error every visitor causes is allowed by default: Chromium logs each
 * non-2xx response as "Failed to load resource", and GET /api/user answers 401 to anyone not
 * logged in, which the app reads as "nobody is logged in" (SPEC.md §4).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, RunOptions } from 'axe-core';
import { type Browser, type BrowserContext, type Page, chromium } from 'playwright-core';
import { expect } from 'vitest';

export const CHROMIUM = '/usr/bin/chromium';

/** The flags every test's Chromium starts with. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}

/** What the browser reported: "console: …" or "pageerror: …", with the resource URL if any. */
export interface BrowserProblem {
  kind: 'console' | 'pageerror';
  text: string;
  url: string;
}

const describeProblem = (p: BrowserProblem) => `${p.kind}: ${p.text}${p.url ? ` (${p.url})` : ''}`;

/** Errors that are part of the product working as intended, whatever the test. */
const ALWAYS_EXPECTED: RegExp[] = [
  // An anonymous visitor asks who is signed in and is told nobody.
  /^console: Failed to load resource: the server responded with a status of 401 .*\/api\/user\?t=\d+\)$/,
  // A signed-in person who is not a reseller: the header asks for the reseller record and gets 404.
  /^console: Failed to load resource: the server responded with a status of 404 .*\/api\/resellers\/me\)$/,
];

export interface BrowserPage {
  context: BrowserContext;
  page: Page;
  /**
   * Declares an error this test expects; it is matched against "console: <text> (<url>)" or
   * "pageerror: <message>". Use for refused API calls the test provokes on purpose.
   */
  expectBrowserError(pattern: RegExp): void;
  /** The unexpected problems so far (and forgets them). */
  takeUnexpectedProblems(): string[];
  close(): Promise<void>;
}

/** What this Chromium would say if it were not headless. */
export function personsAgent(browser: Browser): string {
  return `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${browser.version()} Safari/537.36`;
}

/**
 * Whether a journey's pages may install the app's service worker (public/sw.js). Only the journeys
 * of the worker itself and of the memorial kept for the grave offline need it: in every other test's
 * fresh context it would install and fetch every asset of the build for its cache while the test
 * goes on, work for Chromium and the server that nothing looks at (on CI's two cores, time taken
 * from the journeys).
 */
export interface PageOptions {
  serviceWorkers?: boolean;
}

/** How long opening or closing a context may take: well under a second when all is well. */
const CONTEXT_LIMIT_MS = 30_000;

/** A fresh context (its own cookies and storage) with one page on `baseUrl`. */
export async function openPage(browser: Browser, baseUrl: string, options: PageOptions = {}): Promise<BrowserPage> {
  // A desktop-sized window in Danish; each test's own context so axe can inject into it. A person's
  // browser says Chrome, not HeadlessChrome: the server takes headless browsers for robots
  // (stats/visits.ts), and the journeys are a person's.
  const context = await withinTime(
    browser.newContext({
      baseURL: baseUrl,
      locale: 'da-DK',
      viewport: { width: 1280, height: 900 },
      userAgent: personsAgent(browser),
      serviceWorkers: options.serviceWorkers ? 'allow' : 'block',
    }),
    CONTEXT_LIMIT_MS,
    'opening a fresh browser context',
  );
  return withinTime(watchContext(context), CONTEXT_LIMIT_MS, 'opening a page in a fresh browser context');
}

/**
 * Watches a context the way openPage does: its page (`existing`, or a new one) records what goes
 * wrong, and requests to other hosts are blocked. For a test that starts Chromium its own way.
 */
export async function watchContext(context: BrowserContext, existing?: Page): Promise<BrowserPage> {
  // A step that cannot happen should fail the test soon and say which step, not at the test's end.
  context.setDefaultTimeout(10_000);
  const expected: RegExp[] = [...ALWAYS_EXPECTED];
  let problems: BrowserProblem[] = [];
  // Only our own server: anything else the page tries to load is an unhandled outside call.
  await context.route(
    (url) => !['127.0.0.1', 'localhost'].includes(url.hostname),
    (route) => {
      problems.push({ kind: 'console', text: `request to another host blocked: ${route.request().url()}`, url: '' });
      return route.abort('blockedbyclient');
    },
  );
  const page = existing ?? (await context.newPage());

  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    problems.push({ kind: 'console', text: message.text(), url: message.location().url ?? '' });
  });
  page.on('pageerror', (error) => problems.push({ kind: 'pageerror', text: error.stack ?? error.message, url: '' }));
  page.on('crash', () => problems.push({ kind: 'pageerror', text: 'the page crashed', url: '' }));

  return {
    context,
    page,
    expectBrowserError(pattern) {
      expected.push(pattern);
    },
    takeUnexpectedProblems() {
      const unexpected = problems.map(describeProblem).filter((line) => !expected.some((pattern) => pattern.test(line)));
      problems = [];
      return unexpected;
    },
    close: () => withinTime(context.close(), CONTEXT_LIMIT_MS, 'closing the browser context of a test'),
  };
}

/**
 * `promise`, or an error naming `what` once `ms` have passed. For the browser's steps that have no
 * time limit of their own (page.evaluate, opening and closing a context): a renderer that stops
 * answering would otherwise hold the test until vitest's two-minute limit, whose error its JSON
 * report keeps without a message ("Error: STACK_TRACE_ERROR", 2 December's CI run).
 */
export async function withinTime<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not finish within ${ms / 1000} s`)), ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** How long axe waits for animations to end, and how long its check may take (some 3 s when CI is busy). */
const ANIMATIONS_LIMIT_MS = 5_000;
const AXE_LIMIT_MS = 45_000;

/** axe-core's script, read once per test file and evaluated in each page that is checked. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const AXE_OPTIONS: RunOptions = { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] }, resultTypes: ['violations'] };

/**
 * Runs axe on the page as it is now and fails on serious or critical violations (WCAG A/AA and
 * best practice), listing each with the elements it found.
 *
 * axe runs in the page itself (axe.run), put there once per page by evaluating its script, which
 * a page's CSP does not stop. @axe-core/playwright did this differently: it evaluated axe's
 * script in every frame at every check and then opened a second, blank page to finish the run
 * there, for frames of other origins, which our pages do not have. That cost 6.4 s of CPU per
 * check on this machine against 2.3 s here (28 November), and the journeys make hundreds of
 * checks. `resultTypes` keeps the passes and the incomplete ones out of what comes back.
 *
 * Colour transitions are switched off while axe looks, and running animations that end are
 * waited for: contrast is judged on the colours a page settles on. Without this, axe's own style
 * reads can start a transition in a band the browser has not drawn yet (content-visibility: auto),
 * and it then measures the link colour of the transition's first frame (seen with a dialog open on
 * the landing page).
 */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  const steady = await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; }' });
  let results: Pick<AxeResults, 'violations'>;
  try {
    // A dialog still fading in has the colours of its first frames; axe judges what the page
    // settles on, so the animations that end are let end first (a spinner's never does).
    // A paused animation never finishes: after a few seconds axe looks anyway.
    await page.evaluate(async (limit) => {
      const ending = document.getAnimations().filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)));
      const finished = Promise.all(ending.map((animation) => animation.finished.catch(() => undefined)));
      await Promise.race([finished, new Promise((resolve) => setTimeout(resolve, limit))]);
    }, ANIMATIONS_LIMIT_MS);
    if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
    results = await withinTime(
      page.evaluate(async (options) => {
        const { violations } = await (window as unknown as { axe: { run(context: Document, options: RunOptions): Promise<AxeResults> } }).axe.run(document, options);
        return { violations };
      }, AXE_OPTIONS),
      AXE_LIMIT_MS,
      `axe's check of ${page.url()}`,
    );
  } finally {
    await steady.evaluate((element) => (element as Element).remove());
  }
  const severe = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = severe.map(
    (v) => `${v.impact} ${v.id}: ${v.help} (${v.helpUrl})\n${v.nodes.map((n) => `    ${n.target.join(' ')}: ${n.failureSummary ?? ''}`).join('\n')}`,
  );
  expect(report, `accessibility violations on ${page.url()}`).toEqual([]);
}
