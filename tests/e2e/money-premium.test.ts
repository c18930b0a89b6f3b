/**
 * A family buys Premium for their memorial by card (issue 22), in Chromium against the production
 * server, with the official stripe library pointed at the local fake of Stripe
 * (tests/support/fake-stripe.ts): /subscription starts the checkout, the browser pays on the fake's
 * page, the fake's signed webhook reaches the server over loopback, and the success page says only
 * what the server knows. Afterwards the memorial has Premium and a Premium theme is theirs to choose.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Memorial } from '../../src/shared/memorials';
import { expectNoAxeViolations } from '../support/browser';
import { callApi, registerAccount, signInBrowser } from '../support/e2e-api';
import { INVOICING_ENV } from '../support/e2e-money';
import { setupE2e } from '../support/e2e-suite';
import { consentGiven, visible } from '../support/e2e-ui';
import { startFakeStripe } from '../support/fake-stripe';

const WEBHOOK_SECRET = 'whsec_e2e_premium';
const fake = await startFakeStripe({ webhookSecret: WEBHOOK_SECRET });
const e2e = setupE2e({ qrCodes: 1, env: { ...INVOICING_ENV, STRIPE_SECRET_KEY: fake.secretKey, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: fake.url } });
beforeAll(() => fake.setWebhookUrl(`${e2e.server.baseUrl}/api/stripe/webhook`));
afterAll(() => fake.close());

describe('Premium by card', () => {
  test('is bought on /subscription, paid on Stripe’s page, confirmed by the webhook, and unlocks a Premium theme', async () => {
    const { page, server } = e2e;
    await page.setViewportSize({ width: 360, height: 780 });
    await consentGiven(page);
    const family = await registerAccount(server, { fullName: 'Lis Holm' });
    const session = await signInBrowser(page.context(), server, family);
    const memorial = (await callApi<Memorial>(server, 'POST', '/api/memorials', { session, body: { name: 'Erik Holm' } })).body;

    // On the free plan, Premium's themes are there but cannot be chosen.
    await page.goto(`/edit-memorial/${memorial.slug}`);
    const looks = page.locator('#udseende');
    await visible(looks.getByRole('radio', { name: /^Skov/ }));
    expect(await looks.getByRole('radio', { name: /^Skov/ }).isDisabled()).toBe(true);

    await page.goto('/subscription');
    const card = page.getByRole('article').filter({ hasText: 'Erik Holm' });
    await visible(card.getByText('Gratis plan'));
    await card.getByRole('button', { name: 'Køb Premium' }).click();
    const form = page.getByRole('form', { name: 'Køb Premium til Erik Holm' });
    await form.getByText('Månedlig', { exact: true }).click();
    await form.getByText('Kort', { exact: true }).click();
    await visible(form.getByText(/Kortet trækkes automatisk/));
    await expectNoAxeViolations(page);
    await form.getByRole('button', { name: /^Gå til betaling · 49,00 kr\.$/ }).click();

    // Stripe's page (the fake's), then back.
    await page.waitForURL((url) => url.href.startsWith(`${fake.url}/pay/`));
    await visible(page.getByRole('heading', { level: 1 }));
    expect(await page.locator('body').innerText()).toContain('49,00');
    await page.getByRole('button', { name: 'Betal' }).click();
    await page.waitForURL((url) => url.pathname === '/subscription/success');
    await visible(page.getByRole('heading', { name: 'Tak! Erik Holm har nu Premium' }));
    await expectNoAxeViolations(page);

    // The webhook said so, not the browser: the server has one paid order, one period, one invoice.
    const status = await callApi<{ memorials: { premium: boolean; subscription: { cancelAtPeriodEnd: boolean } | null }[] }>(server, 'GET', '/api/user/premium-status', { session });
    expect(status.body.memorials[0]).toMatchObject({ premium: true, subscription: { cancelAtPeriodEnd: false } });
    const orders = await callApi<{ orders: { status: string; paymentMethod: string; totalOre: number }[] }>(server, 'GET', '/api/orders', { session });
    expect(orders.body.orders).toEqual([expect.objectContaining({ status: 'paid', paymentMethod: 'card', totalOre: 4900 })]);
    expect(fake.deliveries.every((delivery) => delivery.status === 200)).toBe(true);

    await page.getByRole('link', { name: 'Gå til mindesiden' }).click();
    await page.waitForURL((url) => url.pathname.startsWith(`/memorial/${memorial.slug}`));
    await page.goto('/subscription');
    await visible(card.getByText(/fornyes automatisk/));

    // Premium's theme is theirs now: chosen, saved, and worn by the page visitors see.
    await page.goto(`/edit-memorial/${memorial.slug}`);
    await visible(looks.getByRole('radio', { name: /^Skov/ }));
    expect(await looks.getByRole('radio', { name: /^Skov/ }).isDisabled()).toBe(false);
    await looks.locator('label').filter({ has: page.getByRole('radio', { name: /^Skov/ }) }).click();
    await looks.getByRole('button', { name: 'Gem ændringer' }).click();
    await visible(looks.getByText('Gemt', { exact: true }));
    const seen = await fetch(`${server.baseUrl}/api/memorials/${memorial.slug}`);
    expect(((await seen.json()) as Memorial).theme).toBe('skov');
  });
});
