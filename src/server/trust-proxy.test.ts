/**
 * TRUST_PROXY names which proxies to believe about the client's address: a number of hops or the
 * proxies' addresses, never the whole X-Forwarded-For chain, whose left-most entry is whatever the
 * client wrote. A forged entry must not give a caller a fresh per-address limit.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../tests/support/test-app';
import { ConfigError, loadConfig } from './config';

const opened: TestApp[] = [];
afterAll(async () => {
  await Promise.all(opened.map((t) => t.close()));
});

/** Three logins through one proxy, each with a client-chosen first entry; the limit is two per address. */
async function loginsThroughProxy(trustProxy: string, remoteAddress: string) {
  const t = await createTestApp({ TRUST_PROXY: trustProxy, RATE_LIMIT_LOGIN_PER_IP: '2' });
  opened.push(t);
  const statuses: number[] = [];
  for (let i = 1; i <= 3; i++) {
    const response = await t.request({
      method: 'POST',
      url: '/api/login',
      remoteAddress,
      // What the client sent ("10.9.9.i"), then what our proxy appended: the address it saw.
      headers: { 'x-forwarded-for': `10.9.9.${i}, 203.0.113.50` },
      payload: { username: 'ingen-saadan', password: 'forkert-kode' },
    });
    statuses.push(response.statusCode);
  }
  return statuses;
}

describe('TRUST_PROXY', () => {
  it('counts a hop: the address our proxy saw, not one the client wrote before it', async () => {
    expect(await loginsThroughProxy('1', '127.0.0.1')).toEqual([401, 401, 429]);
  });

  it('trusts the listed proxies only, and a caller not among them by its own address', async () => {
    expect(await loginsThroughProxy('127.0.0.1', '127.0.0.1')).toEqual([401, 401, 429]);
    expect(await loginsThroughProxy('10.0.0.0/8, 192.168.1.5', '127.0.0.1')).toEqual([401, 401, 429]);
  });

  it('reads a number of hops or a list of addresses and networks, and refuses "trust everything"', () => {
    const read = (value: string) => loadConfig({ TRUST_PROXY: value }).TRUST_PROXY;
    expect(read('')).toBe(false);
    expect(read('0')).toBe(false);
    expect(read('1')).toBe(1);
    expect(read('2')).toBe(2);
    expect(read('10.0.0.5, 10.0.1.0/24,::1')).toEqual(['10.0.0.5', '10.0.1.0/24', '::1']);
    for (const bad of ['true', 'yes', '10.0.0.300', '10.0.0.0/33', 'proxy.local']) {
      expect(() => read(bad), bad).toThrow(ConfigError);
    }
    expect(() => read('true')).toThrow('Ugyldig konfiguration: TRUST_PROXY skal være antallet af proxyer foran serveren (fx 1) eller deres adresser, fx 10.0.0.5,10.0.1.0/24');
  });
});
