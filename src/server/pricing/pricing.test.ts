import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Plan, formatPrice } from '../../shared/pricing';
import { UNCALLED_AI_ENV } from '../../../tests/support/ai-app';
import { type TestApp, createTestApp } from '../../../tests/support/test-app';
import { plans } from '../db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const list = async () => (await t.request({ method: 'GET', url: '/api/plans' })).json().plans as { slug: string; priceOre: number }[];

describe('GET /api/plans', () => {
  it('lists the plans the migration seeded, in their order, free first', async () => {
    const response = await t.request({ method: 'GET', url: '/api/plans' });
    expect(response.statusCode).toBe(200);
    const { plans: listed } = response.json();
    // No AI provider on this installation (the default): the animated greeting is not for sale.
    expect(listed.map((p: { slug: string }) => p.slug)).toEqual(['mindeside', 'premium-maaned', 'premium-aar', 'premium-livstid', 'qr-plade']);
    expect(listed[0]).toMatchObject({ name: 'Mindeside', priceOre: 0, interval: 'once', highlighted: false });
    expect(listed[2]).toMatchObject({ name: 'Premium årligt', interval: 'year', highlighted: true });
    expect(listed.every((p: { features: string[] }) => p.features.length > 0)).toBe(true);
  });

  it('promises with Premium what it enforces, and the AI extras only where a provider makes them (0033)', async () => {
    const monthly = (await t.request({ method: 'GET', url: '/api/plans' })).json().plans.find((p: Plan) => p.slug === 'premium-maaned') as Plan;
    expect(monthly.features).toEqual(['Alle temaer', 'Ubegrænset antal billeder og videoer', 'Musik på mindesiden', 'Stamtræ']);
    expect(monthly.description).toBe('Flere farver og flere minder – betal måned for måned, og stop når I vil.');
    const withAi = await createTestApp(UNCALLED_AI_ENV);
    try {
      const plans = (await withAi.request({ method: 'GET', url: '/api/plans' })).json().plans as Plan[];
      expect(plans.map((p) => p.slug)).toContain('animeret-hilsen');
      expect(plans.find((p) => p.slug === 'premium-maaned')!.features).toContain('Animerede hilsner og sange med AI');
    } finally {
      await withAi.close();
    }
  });

  it('reads prices from the database: an edited price and a withdrawn plan show at once', async () => {
    await t.database.db.update(plans).set({ priceOre: 54900 }).where(eq(plans.slug, 'qr-plade'));
    await t.database.db.update(plans).set({ active: false }).where(eq(plans.slug, 'animeret-hilsen'));
    const listed = await list();
    expect(listed.find((p) => p.slug === 'qr-plade')!.priceOre).toBe(54900);
    expect(listed.some((p) => p.slug === 'animeret-hilsen')).toBe(false);
  });
});

describe('formatPrice', () => {
  it('writes Danish kroner with two decimals and a thousands dot', () => {
    expect(formatPrice(149900)).toBe('1.499,00 kr.');
    expect(formatPrice(4900)).toBe('49,00 kr.');
    expect(formatPrice(0)).toBe('0,00 kr.');
    expect(formatPrice(123456789)).toBe('1.234.567,89 kr.');
  });
});
