/**
 * The fake Stripe's checkout page: what a buyer's browser shows at a session's `url`. Plain HTML in
 * Danish with a heading, the items and the amount, the payment method and two buttons, "Betal" and
 * "Annuller", so browser tests drive it by role and label as a person would.
 */
import { formatPrice } from '../../src/shared/pricing';
import type { FakeCheckout } from './fake-stripe-account';
import type { PaymentMethodType } from './fake-stripe-objects';

const METHOD_NAMES: Record<PaymentMethodType, string> = { card: 'Kort', mobilepay: 'MobilePay' };
const PER = { month: 'pr. måned', year: 'pr. år' } as const;

export function checkoutPage(checkout: FakeCheckout): string {
  const { session, lineItems } = checkout;
  const money = (amount: number) => (session.currency === 'dkk' ? formatPrice(amount) : `${(amount / 100).toFixed(2)} ${session.currency!.toUpperCase()}`);
  if (session.status === 'complete') {
    return page('Betalingen er gennemført', `<p><a href="${escape(successUrl(checkout))}">Tilbage til butikken</a></p>`);
  }
  if (session.status === 'expired') {
    const back = session.cancel_url ? `<p><a href="${escape(session.cancel_url)}">Tilbage til butikken</a></p>` : '';
    return page('Betalingssiden er udløbet', `<p>Start betalingen forfra i butikken.</p>${back}`);
  }
  const interval = lineItems[0]?.interval;
  const items = lineItems
    .map((item) => {
      const each = `${money(item.unitAmount)}${item.interval ? ` ${PER[item.interval]}` : ''}`;
      return `<li>${item.quantity > 1 ? `${item.quantity} × ` : ''}${escape(item.name)}: ${each}${item.quantity > 1 ? ' pr. stk.' : ''}</li>`;
    })
    .join('');
  const methods = session.payment_method_types as PaymentMethodType[];
  const methodField =
    methods.length === 1
      ? `<p>Betalingsmetode: ${METHOD_NAMES[methods[0]!]}</p><input type="hidden" name="method" value="${methods[0]}">`
      : `<fieldset><legend>Betalingsmetode</legend>${methods
          .map((m, i) => `<label><input type="radio" name="method" value="${m}"${i === 0 ? ' checked' : ''}> ${METHOD_NAMES[m]}</label>`)
          .join(' ')}</fieldset>`;
  const total = `${money(session.amount_total ?? 0)}${interval ? ` ${PER[interval]}` : ''}`;
  return page(
    'Betaling',
    `<p>Testbetaling: der trækkes ingen penge.</p>
<h2>Det betaler du for</h2>
<ul>${items}</ul>
<p class="total">I alt: ${total}</p>
${interval ? `<p>Fornyes automatisk ${interval === 'month' ? 'hver måned' : 'hvert år'}, indtil du opsiger.</p>` : ''}
<form method="post" action="/pay/${encodeURIComponent(session.id)}/confirm">${methodField}<button type="submit">Betal</button></form>
<form method="post" action="/pay/${encodeURIComponent(session.id)}/cancel"><button type="submit">Annuller</button></form>`,
  );
}

export function missingPage(): string {
  return page('Betalingen findes ikke', '<p>Linket til betalingen er forkert eller for gammelt.</p>');
}

/** Where the browser goes after paying: the session's success URL with its id put in. */
export function successUrl({ session }: FakeCheckout): string {
  return session.success_url!.replaceAll('{CHECKOUT_SESSION_ID}', session.id);
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="da">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} – testbetaling</title>
<style>
body { font-family: system-ui, sans-serif; max-width: 32rem; margin: 2rem auto; padding: 0 1rem; line-height: 1.5; color: #1a1a1a; }
button { font-size: 1rem; padding: 0.6rem 1.2rem; margin: 0.5rem 0.5rem 0 0; }
button:focus-visible, input:focus-visible, a:focus-visible { outline: 3px solid #1d4ed8; outline-offset: 2px; }
fieldset { border: 1px solid #999; }
.total { font-size: 1.25rem; font-weight: 600; }
</style>
</head>
<body>
<main>
<h1>${title}</h1>
${body}
</main>
</body>
</html>
`;
}

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
