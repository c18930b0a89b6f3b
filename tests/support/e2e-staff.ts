/**
 * Staff in browser journeys: an admin made by the operator's CLI (as in production), and a session
 * that has passed the second factor through the API, so that only the journeys about two-factor
 * go through its pages.
 */
import type { BrowserContext } from 'playwright-core';
import { secretFromText, totpCode } from '../../src/server/staff/totp';
import { SESSION_COOKIE } from '../../src/shared/constants';
import { callApi, login } from './e2e-api';
import type { E2eServer } from './server-process';

export interface StaffAccount {
  username: string;
  email: string;
  password: string;
  fullName: string;
}

let sequence = 0;

/** `create-admin` on the server's database (on the embedded one the server restarts for it: make admins first). */
export async function createAdmin(server: E2eServer, fullName = 'Birthe Bagkontor'): Promise<StaffAccount> {
  sequence += 1;
  const tag = `${process.pid}${sequence}`;
  const admin = { username: `birthe${tag}`, email: `birthe${tag}@mindested.dk`, password: 'kontorets-kaffe-42', fullName };
  await server.cli(['create-admin', '--username', admin.username, '--email', admin.email, '--password', admin.password, '--full-name', admin.fullName]);
  return admin;
}

/** The six digits an authenticator app shows now for a secret in base32. */
export const appCode = (secret: string, at = new Date()) => totpCode(secretFromText(secret), at);

/**
 * Logs `staff` in over the API and passes the second factor there: a set-up at first, the app's
 * code after that. Returns the session and the factor's secret.
 */
export async function verifiedStaffSession(server: E2eServer, staff: Pick<StaffAccount, 'username' | 'password'>, known?: { secret: string }) {
  const { session } = await login(server, staff.username, staff.password);
  if (!session) throw new Error(`logging in ${staff.username} failed`);
  if (known) {
    const verified = await callApi(server, 'POST', '/api/admin/two-factor-verification', { session, body: { code: appCode(known.secret) } });
    if (verified.status !== 204) throw new Error(`verifying ${staff.username} failed: ${verified.status} ${JSON.stringify(verified.body)}`);
    return { session, secret: known.secret };
  }
  const setup = await callApi<{ secret: string; setupToken: string }>(server, 'POST', '/api/admin/two-factor-setup', { session });
  if (setup.status !== 200) throw new Error(`two-factor set-up for ${staff.username} failed: ${setup.status}`);
  const confirmed = await callApi(server, 'POST', '/api/admin/two-factor-setup/confirm', { session, body: { setupToken: setup.body.setupToken, code: appCode(setup.body.secret) } });
  if (confirmed.status !== 200) throw new Error(`confirming two-factor for ${staff.username} failed: ${confirmed.status}`);
  return { session, secret: setup.body.secret };
}

/** Puts a session into a browser context, as the login page would have. */
export async function useSession(context: BrowserContext, server: E2eServer, session: string) {
  await context.addCookies([{ name: SESSION_COOKIE, value: session, url: server.baseUrl, httpOnly: true, sameSite: 'Lax' }]);
}
