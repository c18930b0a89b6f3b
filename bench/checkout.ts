/**
 * Issue 22's budgets for money, on the production server and PostgreSQL (not a test; it prints
 * figures and exits 1 when a budget is missed), with the official stripe library pointed at the
 * local fake of Stripe (tests/support/fake-stripe.ts) that signs and delivers webhooks over loopback:
 *
 *   - CHECKOUTS (default 100) families start a Premium checkout at the same instant (every other one
 *     a monthly card subscription, whose payment is three events; the rest for good, one), all pay at the
 *     same instant, and Stripe's webhooks arrive at once: every order is paid once, every event is
 *     recorded once, and the invoices' numbers have no gap and no repeat. Then every event is sent
 *     again: nothing changes.
 *   - An invoice's PDF, asked for PDFS (default 200) times one after another: p99 under 300 ms.
 *
 *   npm run bench:checkout       (or: CHECKOUTS=100 PDFS=200 npx tsx bench/checkout.ts)
 *
 * The families (an account, a session and a memorial each) are written straight into the database.
 */
import { randomBytes } from 'node:crypto';
import { hashToken } from '../src/server/lib/tokens';
import { startFakeStripe } from '../tests/support/fake-stripe';
import { verdict, withPostgresServer } from './lib/server';

const CHECKOUTS = Number(process.env.CHECKOUTS ?? 100);
const PDFS = Number(process.env.PDFS ?? 200);
const BUDGET = { pdfP99Ms: 300 };
const WEBHOOK_SECRET = 'whsec_bench_checkout';

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))]!;

async function main() {
  const fake = await startFakeStripe({ webhookSecret: WEBHOOK_SECRET });
  const env = {
    STRIPE_SECRET_KEY: fake.secretKey,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: fake.url,
    DATA_CONTROLLER_ADDRESS: 'Mindevej 1, 8000 Aarhus C',
    DATA_CONTROLLER_CVR: '12345674',
  };
  try {
    await withPostgresServer('bench_checkout', { codes: 0, env }, async ({ server, client }) => {
      fake.setWebhookUrl(`${server.baseUrl}/api/stripe/webhook`);

      const families: { cookie: string; memorialId: string }[] = [];
      for (let i = 0; i < CHECKOUTS; i += 1) {
        const token = randomBytes(32).toString('base64url');
        const { rows } = await client.query<{ user_id: string; memorial_id: string }>(
          `with u as (
             insert into users (username, email, full_name, password_hash) values ($1, $2, $3, 'x') returning id
           ), s as (
             insert into sessions (token_hash, user_id, expires_at) select $4, id, now() + interval '1 day' from u
           ), m as (
             insert into memorials (slug, name, created_by) select $5, $3, id from u returning id
           ), o as (
             insert into memorial_members (memorial_id, user_id, role) select m.id, u.id, 'owner' from m, u
           )
           select u.id as user_id, m.id as memorial_id from u, m`,
          [`bench-familie-${i}`, `familie-${i}@bench.invalid`, `Familien Bench ${i}`, hashToken(token), `bench-mindeside-${i}`],
        );
        families.push({ cookie: `mindested_session=${token}`, memorialId: rows[0]!.memorial_id });
      }
      process.stdout.write(`  ${CHECKOUTS} families, each with a memorial and a session\n`);

      const headers = (cookie: string) => ({ 'content-type': 'application/json', origin: server.baseUrl, cookie });
      process.stdout.write(`\n${CHECKOUTS} checkouts started at once ...\n`);
      let started = Date.now();
      const checkouts = await Promise.all(
        families.map(async (family, i) => {
          const response = await fetch(`${server.baseUrl}/api/orders`, {
            method: 'POST',
            headers: headers(family.cookie),
            body: JSON.stringify({ idempotencyKey: `bench-checkout-${i}`, paymentMethod: 'card', item: { kind: 'premium', memorialId: family.memorialId, planSlug: i % 2 ? 'premium-maaned' : 'premium-livstid' } }),
          });
          const body = (await response.json()) as { checkoutUrl?: string; message?: string };
          return { status: response.status, message: body.message, sessionId: body.checkoutUrl ? new URL(body.checkoutUrl).pathname.split('/').pop()! : null };
        }),
      );
      const startMs = Date.now() - started;
      const created = checkouts.filter((c) => c.status === 201 && c.sessionId);
      process.stdout.write(`  ${created.length} of ${CHECKOUTS} answered 201 with a checkout, in ${startMs} ms\n`);
      for (const other of checkouts.filter((c) => c.status !== 201).slice(0, 3)) process.stdout.write(`  answered ${other.status}: ${other.message}\n`);

      process.stdout.write(`\n${created.length} payments at once, their webhooks delivered as they come ...\n`);
      started = Date.now();
      const payments = await Promise.all(created.map((c) => fake.pay(c.sessionId!)));
      const payMs = Date.now() - started;
      const deliveries = payments.flatMap((p) => p.deliveries);
      const answered200 = deliveries.filter((d) => d.status === 200).length;
      process.stdout.write(`  ${deliveries.length} webhooks delivered, ${answered200} answered 200, in ${payMs} ms\n`);

      const count = async (sql: string) => Number((await client.query<{ n: string }>(sql)).rows[0]!.n);
      const tally = async () => ({
        paid: await count(`select count(*) as n from orders where status = 'paid' and kind = 'premium'`),
        events: await count(`select count(*) as n from stripe_events`),
        periods: await count(`select count(*) as n from premium_periods`),
        invoices: await count(`select count(*) as n from invoices`),
      });
      const after = await tally();
      const { rows: numbers } = await client.query<{ number: number }>('select number from invoices order by number');
      const list = numbers.map((row) => row.number);
      const contiguous = list.every((n, i) => n === i + 1);
      const distinct = new Set(list).size === list.length;
      process.stdout.write(
        `  orders paid ${after.paid}, Stripe events recorded ${after.events} (of ${deliveries.length} sent), Premium periods ${after.periods}, invoices ${after.invoices}\n` +
          `  invoice numbers ${list[0] ?? '–'}…${list.at(-1) ?? '–'}: ${contiguous ? 'no gap' : 'GAPS'}, ${distinct ? 'no repeat' : 'REPEATS'}\n`,
      );

      process.stdout.write(`\nEvery event sent again ...\n`);
      const again = await Promise.all(payments.flatMap((p) => p.events.map((event) => fake.deliver(event.id))));
      const replayed = await tally();
      process.stdout.write(`  ${again.filter((s) => s === 200).length} of ${again.length} answered 200; afterwards: ${JSON.stringify(replayed)}\n`);

      // The first invoice, read by its own buyer, as /orders opens it.
      const { rows: first } = await client.query<{ id: string; username: string }>(
        'select invoices.id, users.username from invoices join users on users.id = invoices.user_id order by invoices.number limit 1',
      );
      const invoice = first[0]!;
      const family = families[Number(invoice.username.replace('bench-familie-', ''))]!;
      const times: number[] = [];
      let bytes = 0;
      for (let i = 0; i < PDFS; i += 1) {
        const t0 = performance.now();
        const response = await fetch(`${server.baseUrl}/api/invoices/${invoice.id}/pdf`, { headers: headers(family.cookie) });
        const pdf = Buffer.from(await response.arrayBuffer());
        times.push(performance.now() - t0);
        if (response.status !== 200 || pdf.subarray(0, 5).toString() !== '%PDF-') throw new Error(`the invoice PDF answered ${response.status}`);
        bytes = pdf.length;
      }
      const p50 = percentile(times, 50);
      const p99 = percentile(times, 99);
      process.stdout.write(`\nAn invoice's PDF (${(bytes / 1024).toFixed(1)} kB), ${PDFS} times one after another: p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, max ${Math.max(...times).toFixed(1)} ms\n`);

      verdict([
        [`every checkout answered 201 (${created.length} of ${CHECKOUTS})`, created.length === CHECKOUTS],
        [`every webhook answered 200 (${answered200} of ${deliveries.length})`, answered200 === deliveries.length],
        [`every order paid once, every event recorded once (${after.paid} paid, ${after.events} events of ${deliveries.length})`, after.paid === CHECKOUTS && after.events === deliveries.length],
        [`one Premium period and one invoice per order (${after.periods}, ${after.invoices})`, after.periods === CHECKOUTS && after.invoices === CHECKOUTS],
        [`invoice numbers with no gap and no repeat (1…${list.at(-1)})`, contiguous && distinct],
        [`events sent again change nothing`, JSON.stringify(replayed) === JSON.stringify(after)],
        [`an invoice's PDF p99 under ${BUDGET.pdfP99Ms} ms (${p99.toFixed(1)} ms)`, p99 < BUDGET.pdfP99Ms],
      ]);
    });
  } finally {
    await fake.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
