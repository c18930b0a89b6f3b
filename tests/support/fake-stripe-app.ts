/**
 * The app listening on loopback with the official stripe library pointed at a fake Stripe of its
 * own (fake-stripe.ts) that delivers its signed webhooks to it, an admin signed in, and the few
 * calls money's API tests make again and again. One per test file.
 */
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { expect } from 'vitest';
import { orders, premiumPeriods } from '../../src/server/db/schema';
import { createUser } from './factories';
import { type FakeStripe, startFakeStripe } from './fake-stripe';
import type { Person } from './memorial-cast';
import { signIn } from './sign-in';
import { type TestApp, createTestApp } from './test-app';

export const WEBHOOK_SECRET = 'whsec_mindested_test';

/** Seller's details, so paid orders get invoices; bank details too, so a transfer can be chosen. */
export const INVOICING = {
  DATA_CONTROLLER_ADDRESS: 'Mindevej 1, 8000 Aarhus C',
  DATA_CONTROLLER_CVR: '12345674',
  BANK_REG_NUMBER: '1234',
  BANK_ACCOUNT_NUMBER: '0012345678',
  BANK_IBAN: 'DK5012340012345678',
};

export interface Purchase {
  orderId: string;
  /** The Stripe Checkout session's id; null for a bank transfer. */
  sessionId: string | null;
  checkoutUrl: string | null;
  invoiceId: string | null;
}

export interface StripeApp {
  t: TestApp;
  fake: FakeStripe;
  /** An admin's Cookie header, and their id. */
  staff: string;
  staffId: string;
  /** Where the fake delivers its events: the app's webhook endpoint. */
  webhookUrl: string;
  /** The official library on the fake's account, for what a test does as Stripe's dashboard would. */
  stripe: Stripe;
  buy(who: Person, item: object, paymentMethod: 'card' | 'mobilepay' | 'bank_transfer'): Promise<Purchase>;
  get(cookie: string, url: string): ReturnType<TestApp['request']>;
  post(cookie: string, url: string, payload?: object): ReturnType<TestApp['request']>;
  order(id: string): Promise<typeof orders.$inferSelect>;
  periodsOf(memorialId: string): Promise<(typeof premiumPeriods.$inferSelect)[]>;
  /** The buyer's mail, once the outbox has sent what is due. */
  mailsTo(email: string): Promise<TestApp['mail']['messages']>;
  close(): Promise<void>;
}

export async function startStripeApp(env: Record<string, string> = {}): Promise<StripeApp> {
  let now = () => new Date();
  const fake = await startFakeStripe({ webhookSecret: WEBHOOK_SECRET, now: () => now() });
  const t = await createTestApp({ STRIPE_SECRET_KEY: fake.secretKey, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: fake.url, ...INVOICING, ...env });
  now = t.clock.now;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const webhookUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/stripe/webhook`;
  fake.setWebhookUrl(webhookUrl);
  const admin = await createUser(t.database.db, { role: 'admin' });
  const staff = await signIn(t, admin);
  let keys = 0;

  const get = (cookie: string, url: string) => t.request({ method: 'GET', url, headers: { cookie } });
  const post = (cookie: string, url: string, payload?: object) => t.request({ method: 'POST', url, headers: { cookie }, ...(payload ? { payload } : {}) });
  return {
    t,
    fake,
    staff,
    staffId: admin.id,
    webhookUrl,
    stripe: new Stripe(fake.secretKey, fake.clientOptions),
    get,
    post,
    async buy(who, item, paymentMethod) {
      const response = await post(who.cookie, '/api/orders', { idempotencyKey: `stripe-app-${(keys += 1)}-${Date.now()}`, paymentMethod, item });
      expect(response.statusCode, response.body).toBe(201);
      const { order, checkoutUrl, invoiceId } = response.json<{ order: { id: string }; checkoutUrl: string | null; invoiceId: string | null }>();
      const sessionId = checkoutUrl ? new URL(checkoutUrl).pathname.split('/').pop()! : null;
      return { orderId: order.id, sessionId, checkoutUrl, invoiceId };
    },
    async order(id) {
      const [row] = await t.database.db.select().from(orders).where(eq(orders.id, id));
      return row!;
    },
    periodsOf: (memorialId) => t.database.db.select().from(premiumPeriods).where(eq(premiumPeriods.memorialId, memorialId)),
    async mailsTo(email) {
      await t.app.deps.jobs.drain();
      return t.mail.messages.filter((m) => m.to.includes(email));
    },
    async close() {
      await t.close();
      await fake.close();
    },
  };
}
