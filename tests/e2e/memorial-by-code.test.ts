/**
 * A stone's code opens its memorial (issue 5: "/memorial/qr/{code}", and "/memorial/{id} also
 * accepts a code"): a visitor on a phone sees the memorial at both addresses, typed in any case
 * with the hyphen, and a private memorial stays hidden from them.
 */
import { describe, expect, test } from 'vitest';
import type { Memorial } from '../../src/shared/memorials';
import { formatCode } from '../../src/shared/qr-code';
import { callApi, registerAccount } from '../support/e2e-api';
import { setupE2e } from '../support/e2e-suite';
import { visible } from '../support/e2e-ui';

const e2e = setupE2e({ qrCodes: 3 });

async function stone(fields: object) {
  const family = await registerAccount(e2e.server);
  const { session } = await callApi(e2e.server, 'POST', `/api/login?t=${Date.now()}`, { body: { username: family.username, password: family.password } });
  const memorial = (await callApi<Memorial>(e2e.server, 'POST', '/api/memorials', { session, body: fields })).body;
  expect((await callApi(e2e.server, 'POST', `/api/qr-codes/${family.qrCode}/link`, { session, body: { memorial: memorial.id } })).status).toBe(200);
  return { code: family.qrCode, memorial };
}

describe('a memorial by its stone’s code', () => {
  test('opens for a visitor at /memorial/qr/{code} and /memorial/{code}; a private one does not', async () => {
    const { code } = await stone({ name: 'Grethe Lund', birthDate: '1932-06-01', deathDate: '2021-12-24' });
    const { page } = e2e;
    await page.setViewportSize({ width: 360, height: 740 });
    for (const path of [`/memorial/qr/${code}`, `/memorial/${formatCode(code).toLowerCase()}`]) {
      await page.goto(path);
      await visible(page.getByRole('heading', { level: 1, name: 'Grethe Lund' }));
      await expect.poll(() => page.title()).toBe('Grethe Lund (1932–2021) – Mindested');
    }

    const hidden = await stone({ name: 'Skjult Person', privacy: 'private' });
    e2e.expectBrowserError(/status of 404 .*\/api\/memorials\//);
    await page.goto(`/memorial/qr/${hidden.code}`);
    await visible(page.getByRole('heading', { name: 'Mindesiden findes ikke' }));
    expect(await page.content()).not.toContain('Skjult Person');
  });

  test('opens through the code alone: a memorial’s address at /memorial/qr/… is no stone', async () => {
    const { memorial } = await stone({ name: 'Aage Vang', birthDate: '1930-02-02', deathDate: '2020-02-02' });
    const { page } = e2e;
    await page.goto(`/memorial/qr/${memorial.slug}`);
    await visible(page.getByRole('heading', { name: 'Siden blev ikke fundet' }));
    expect(await page.content()).not.toContain('Aage Vang');
  });
});
