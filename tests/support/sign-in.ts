import type { TestApp } from './test-app';
import { cookieFrom } from './test-app';
import { DEFAULT_PASSWORD, createUser } from './factories';

/** Logs `user` in through POST /api/login and returns the Cookie header for their next requests. */
export async function signIn(t: TestApp, user: { username: string; password?: string }): Promise<string> {
  const response = await t.request({
    method: 'POST',
    url: '/api/login',
    payload: { username: user.username, password: user.password ?? DEFAULT_PASSWORD },
  });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  return cookieFrom(response);
}

/** A new account, logged in: its id and the Cookie header for its requests. */
export async function signedInUser(t: TestApp, overrides: Parameters<typeof createUser>[1] = {}): Promise<{ id: string; cookie: string }> {
  const user = await createUser(t.database.db, overrides);
  return { id: user.id, cookie: await signIn(t, user) };
}
