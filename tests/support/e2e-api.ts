/**
 * The API of a running e2e server, called over HTTP the way our own pages call it (same Origin).
 * Browser tests use it to set up accounts and to check what the server holds, so that only the
 * step a test is about goes through the browser.
 */
import type { BrowserContext } from 'playwright-core';
import { SESSION_COOKIE } from '../../src/shared/constants';
import type { E2eServer } from './server-process';

export interface ApiResponse<T = Record<string, unknown>> {
  status: number;
  body: T;
  /** The session cookie the response set, if any. */
  session: string | null;
}

export async function callApi<T = Record<string, unknown>>(
  server: Pick<E2eServer, 'baseUrl'>,
  method: string,
  path: string,
  options: { body?: unknown; session?: string | null } = {},
): Promise<ApiResponse<T>> {
  const response = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers: {
      origin: server.baseUrl,
      accept: 'application/json',
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.session ? { cookie: `${SESSION_COOKIE}=${options.session}` } : {}),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0]!)
    .find((pair) => pair.startsWith(`${SESSION_COOKIE}=`));
  return {
    status: response.status,
    body: (text ? JSON.parse(text) : null) as T,
    session: cookie ? cookie.slice(SESSION_COOKIE.length + 1) || null : null,
  };
}

export interface Account {
  fullName: string;
  username: string;
  email: string;
  password: string;
  /** The QR code the account was registered with (claimed by it). */
  qrCode: string;
}

let sequence = 0;

/** Details for a new account that nobody has used in this run. */
export function newAccountDetails(overrides: Partial<Omit<Account, 'qrCode'>> = {}): Omit<Account, 'qrCode'> {
  sequence += 1;
  const tag = `${sequence}${Math.random().toString(36).slice(2, 6)}`;
  return {
    fullName: `Karen Mortensen ${sequence}`,
    username: `karen${tag}`,
    email: `karen${tag}@eksempel.dk`,
    password: 'rosenhave-1948',
    ...overrides,
  };
}

/** Registers an account over the API with one of the server's unused QR codes. */
export async function registerAccount(server: E2eServer, overrides: Partial<Omit<Account, 'qrCode'>> = {}): Promise<Account> {
  const account = { ...newAccountDetails(overrides), qrCode: server.takeCode() };
  const response = await callApi(server, 'POST', `/api/register?t=${Date.now()}`, { body: account });
  if (response.status !== 201) throw new Error(`registering ${account.username} failed: ${response.status} ${JSON.stringify(response.body)}`);
  return account;
}

/** POST /api/login; the caller checks the status. */
export function login(server: E2eServer, username: string, password: string, qrCode?: string) {
  return callApi<{ fullName?: string; qrCodeLinked?: boolean; message?: string }>(server, 'POST', `/api/login?t=${Date.now()}`, {
    body: { username, password, ...(qrCode ? { qrCode } : {}) },
  });
}

/** Logs a browser context in as `account` without going through the login page. */
export async function signInBrowser(context: BrowserContext, server: E2eServer, account: Pick<Account, 'username' | 'password'>) {
  const response = await login(server, account.username, account.password);
  if (response.status !== 200 || !response.session) throw new Error(`logging in ${account.username} failed: ${response.status}`);
  await context.addCookies([{ name: SESSION_COOKIE, value: response.session, url: server.baseUrl, httpOnly: true, sameSite: 'Lax' }]);
  return response.session;
}

/** The cookie a browser context holds for the server, if any. */
export async function browserSession(context: BrowserContext, server: E2eServer): Promise<string | null> {
  const cookies = await context.cookies(server.baseUrl);
  return cookies.find((c) => c.name === SESSION_COOKIE)?.value ?? null;
}
