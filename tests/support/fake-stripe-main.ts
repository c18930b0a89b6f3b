/**
 * Starts the fake Stripe on its own, for a benchmark or a server run by hand:
 *   STRIPE_WEBHOOK_SECRET=whsec_… [FAKE_STRIPE_PORT=12111] [FAKE_STRIPE_WEBHOOK_URL=http://127.0.0.1:3000/api/stripe/webhook] \
 *   [STRIPE_SECRET_KEY=sk_test_…] npx tsx tests/support/fake-stripe-main.ts
 * It prints one JSON line, `{ "url", "secretKey" }`, and runs until SIGINT or SIGTERM.
 */
import { startFakeStripe } from './fake-stripe';

const webhookSecret = process.env.STRIPE_WEBHOOK_SECRET;
if (!webhookSecret) {
  process.stderr.write('STRIPE_WEBHOOK_SECRET must be set: the fake signs its webhooks with it.\n');
  process.exit(1);
}
const port = Number(process.env.FAKE_STRIPE_PORT ?? 0);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  process.stderr.write(`FAKE_STRIPE_PORT must be a port number, not ${process.env.FAKE_STRIPE_PORT}.\n`);
  process.exit(1);
}
const secretKey = process.env.STRIPE_SECRET_KEY;
if (secretKey !== undefined && !secretKey.startsWith('sk_test_')) {
  process.stderr.write('STRIPE_SECRET_KEY must be a test key (sk_test_…) for the fake.\n');
  process.exit(1);
}

const fake = await startFakeStripe({
  webhookSecret,
  port,
  ...(process.env.FAKE_STRIPE_WEBHOOK_URL ? { webhookUrl: process.env.FAKE_STRIPE_WEBHOOK_URL } : {}),
  ...(secretKey ? { secretKey } : {}),
});
process.stdout.write(`${JSON.stringify({ url: fake.url, secretKey: fake.secretKey })}\n`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void fake.close().then(() => process.exit(0));
  });
}
