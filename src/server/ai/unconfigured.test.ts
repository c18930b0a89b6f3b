/**
 * The embedded default has no AI provider: the extras are not offered, said in Danish, left out of
 * /pricing and the catalogue, and cannot be bought or started, even with an order paid before.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aiScene, paidOrder, requestGreeting } from '../../../tests/support/ai-app';
import { type TestApp, createTestApp } from '../../../tests/support/test-app';
import { AI_MESSAGES } from '../../shared/ai';
import type { AiOverview } from '../../shared/ai-api';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('an installation without AI providers', () => {
  it('offers neither extra: the family is told in Danish, and nothing can be bought or made', async () => {
    const scene = await aiScene(t);
    const view = (await t.request({ method: 'GET', url: `/api/memorials/${scene.memorial.id}/ai`, headers: { cookie: scene.owner.cookie } })).json<AiOverview>();
    expect(view.offered).toEqual({ greeting: false, song: false });

    const catalogue = (await t.request({ method: 'GET', url: '/api/catalogue', headers: { cookie: scene.owner.cookie } })).json<{ products: { kind: string }[] }>();
    expect(catalogue.products.map((product) => product.kind)).not.toContain('animated_greeting');
    expect(catalogue.products.map((product) => product.kind)).not.toContain('song');
    const plans = (await t.request({ method: 'GET', url: '/api/plans' })).json<{ plans: { slug: string; features: string[] }[] }>().plans;
    expect(plans.map((plan) => plan.slug)).not.toContain('animeret-hilsen');
    expect(plans.flatMap((plan) => plan.features).join(' ')).not.toMatch(/\bAI\b|animere/i);

    for (const [kind, message] of [
      ['animated_greeting', AI_MESSAGES.greetingNotOffered],
      ['song', AI_MESSAGES.songNotOffered],
    ] as const) {
      const order = await t.request({
        method: 'POST',
        url: '/api/orders',
        headers: { cookie: scene.owner.cookie },
        payload: { idempotencyKey: `uden-ai-${kind}`, paymentMethod: 'bank_transfer', item: { kind, memorialId: scene.memorial.id } },
      });
      expect(order.statusCode, order.body).toBe(409);
      expect(order.json().message).toBe(message);
    }

    // An order paid while a provider was configured makes nothing once it is gone.
    const orderId = await paidOrder(t, scene, 'animated_greeting');
    const started = await requestGreeting(t, scene, orderId);
    expect(started.statusCode).toBe(409);
    expect(started.json().message).toBe(AI_MESSAGES.greetingNotOffered);
  });
});
