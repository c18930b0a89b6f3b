/**
 * One e2e test file's world: the real server (its own database and SMTP capture), started once per
 * file, and the worker's Chromium; a fresh browser context (no cookies, no storage) for every test.
 *
 * After each test it fails the test on an unexpected browser error (see browser.ts) and on any
 * error the server logged; the server is stopped after the file, the browser kept for the next.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { type BrowserPage, type PageOptions, launchBrowser, openPage } from './browser';
import { type E2eServer, type StartOptions, startE2eServer } from './server-process';

export interface E2e {
  readonly server: E2eServer;
  readonly page: Page;
  readonly context: BrowserContext;
  /** See BrowserPage.expectBrowserError. */
  expectBrowserError(pattern: RegExp): void;
  /** Another, independent browser (own cookies), for a second person in the same test. */
  openAnotherBrowser(): Promise<BrowserPage>;
}

/**
 * The Chromium of this worker, launched for its first file and kept for the next (the journeys run
 * with isolate: false, so a worker keeps its modules): each test has a context of its own anyway,
 * and a launch cost some 2 s of CPU across Chromium's processes, once for each of 50 files. A
 * browser that crashed or was closed is launched again. Playwright kills it when the worker exits.
 */
let workerBrowser: Promise<Browser> | undefined;
async function sharedBrowser(): Promise<Browser> {
  const running = await workerBrowser?.catch(() => undefined);
  if (running?.isConnected()) return running;
  workerBrowser = launchBrowser();
  return workerBrowser;
}

/** `options`: the server's (server-process.ts) and the pages' (browser.ts). */
export function setupE2e(options: StartOptions & PageOptions = {}): E2e {
  const { serviceWorkers, ...serverOptions } = options;
  let server: E2eServer | undefined;
  let browser: Browser | undefined;
  let current: BrowserPage | undefined;
  let extra: BrowserPage[] = [];

  beforeAll(async () => {
    const [started, launched] = await Promise.allSettled([startE2eServer(serverOptions), sharedBrowser()]);
    if (started.status === 'fulfilled') server = started.value;
    if (launched.status === 'fulfilled') browser = launched.value;
    if (started.status === 'rejected') throw started.reason;
    if (launched.status === 'rejected') throw launched.reason;
  });

  afterAll(async () => {
    await server?.close();
  });

  beforeEach(async () => {
    current = await openPage(browser!, server!.baseUrl, { serviceWorkers });
  });

  afterEach(async () => {
    const pages = [current, ...extra].filter((p): p is BrowserPage => p !== undefined);
    current = undefined;
    extra = [];
    const problems = pages.flatMap((p) => p.takeUnexpectedProblems());
    await Promise.all(pages.map((p) => p.close()));
    const serverErrors = server?.takeServerErrors() ?? [];
    const lines = [
      ...(problems.length ? ['Unexpected errors in the browser:', ...problems] : []),
      ...(serverErrors.length ? ['Errors logged by the server:', ...serverErrors] : []),
    ];
    if (lines.length) throw new Error(lines.join('\n'));
  });

  return {
    get server() {
      if (!server) throw new Error('the e2e server is not running');
      return server;
    },
    get page() {
      if (!current) throw new Error('no page: use e2e.page inside a test');
      return current.page;
    },
    get context() {
      if (!current) throw new Error('no page: use e2e.page inside a test');
      return current.context;
    },
    expectBrowserError(pattern) {
      current!.expectBrowserError(pattern);
    },
    async openAnotherBrowser() {
      const another = await openPage(browser!, server!.baseUrl, { serviceWorkers });
      extra.push(another);
      return another;
    },
  };
}
