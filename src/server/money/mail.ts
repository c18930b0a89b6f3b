/** The buyer's e-mail at each step of an order (issue 22: every step with its time and an e-mail). */
import { formatPrice } from '../../shared/pricing';
import { INVOICE_DUE_DAYS, type OrderStatus } from '../../shared/money';
import { letter } from '../auth/mail';
import type { Config } from '../config';
import type { orders } from '../db/schema';
import type { MailMessage } from '../lib/mail';

type OrderRow = typeof orders.$inferSelect;

/** A greeting or a song: the family makes it themselves once it is paid (ai/). */
const isAiExtra = (order: OrderRow) => order.kind === 'animated_greeting' || order.kind === 'song';

const SAID: Record<OrderStatus, { subject: string; body: (order: OrderRow, note: string | null) => string[] }> = {
  pending_payment: {
    subject: 'Vi har modtaget din bestilling',
    body: (order) => [
      `Tak for din bestilling nr. ${order.number} på ${formatPrice(order.totalOre)}.`,
      order.paymentMethod === 'bank_transfer'
        ? `Fakturaen med vores kontooplysninger finder du under Mine bestillinger. Betal den inden for ${INVOICE_DUE_DAYS} dage.`
        : 'Den venter nu på betalingen.',
      order.kind === 'premium'
        ? 'Premium slås til, så snart betalingen er modtaget.'
        : isAiExtra(order)
          ? 'Når betalingen er modtaget, kan I gå i gang på mindesiden.'
          : 'Vi går i gang, så snart betalingen er modtaget.',
    ],
  },
  paid: {
    subject: 'Tak for din betaling',
    body: (order) => [
      `Vi har modtaget betalingen for bestilling nr. ${order.number} på ${formatPrice(order.totalOre)}.`,
      order.kind === 'premium'
        ? 'Premium er slået til på mindesiden med det samme.'
        : isAiExtra(order)
          ? `Nu kan I lave ${order.kind === 'song' ? 'sangen' : 'hilsenen'}: åbn mindesiden, og vælg ${order.kind === 'song' ? '"Sang med AI"' : '"Animeret hilsen"'}.`
          : 'Vi går i gang, og du får en e-mail ved hvert skridt.',
    ],
  },
  in_production: {
    subject: 'Din bestilling er i produktion',
    body: (order) => [`Bestilling nr. ${order.number} er nu i produktion hos os.`],
  },
  shipped: {
    subject: 'Din bestilling er sendt',
    body: (order, note) => [`Bestilling nr. ${order.number} er sendt til ${order.deliveryName ?? 'dig'}.`, ...(note ? [`Forsendelsesnummer: ${note}`] : [])],
  },
  delivered: {
    subject: 'Din bestilling er leveret',
    body: (order) => [`Bestilling nr. ${order.number} er leveret. Vi håber, I bliver glade for den.`],
  },
  cancelled: {
    subject: 'Din bestilling er annulleret',
    body: (order, note) => [`Bestilling nr. ${order.number} er annulleret, og du skal ikke betale for den.`, ...(note ? [note] : [])],
  },
  refunded: {
    subject: 'Vi har refunderet din betaling',
    body: (order) => [
      `Vi har refunderet ${formatPrice(order.totalOre)} for bestilling nr. ${order.number}.`,
      order.paymentMethod === 'bank_transfer'
        ? 'Pengene overføres til dig inden for få dage. Du finder kreditnotaen under Mine bestillinger.'
        : 'Pengene går tilbage til det kort eller den MobilePay, du betalte med, normalt inden for 5–10 bankdage. Du finder kreditnotaen under Mine bestillinger.',
    ],
  },
};

export function orderStepMail(config: Config, order: OrderRow, note: string | null): MailMessage {
  const said = SAID[order.status];
  return letter({
    to: order.buyerEmail,
    subject: said.subject,
    name: order.buyerName,
    before: said.body(order, note),
    button: { text: 'Se dine bestillinger', link: `${config.BASE_URL}/orders` },
    after: `Har du spørgsmål, så skriv til ${config.CONTACT_EMAIL} og nævn bestilling nr. ${order.number}.`,
  });
}
