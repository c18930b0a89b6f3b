import type { TestApp } from './test-app';
import { cookieFrom } from './test-app';
import { DEFAULT_PASSWORD } from './factories';

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
