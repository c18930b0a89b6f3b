/**
 * The rules of the order forms (Premium, a plaque, extra codes, a greeting or a song, a reseller's
 * QR packages): the shared schemas from money-api.ts, plus what a form holds that the request does
 * not (the "we are a business" box, "no choice made yet" as ''), each with a Danish message at its
 * field.
 */
import { z } from 'zod';
import { PAYMENT_METHODS, PREMIUM_PLAN_SLUGS } from '@/shared/money';
import { businessBuyer, deliveryAddress } from '@/shared/money-api';

/** As many extra codes as POST /api/orders takes in one order (orderItem's extra_codes). */
export const EXTRA_CODES_MAX = 10;

export const formMessages = {
  memorial: 'Vælg mindesiden, pladen skal høre til.',
  codesMemorial: 'Vælg mindesiden, koderne skal åbne.',
  greetingMemorial: 'Vælg mindesiden, hilsenen skal høre til.',
  songMemorial: 'Vælg mindesiden, sangen skal høre til.',
  plan: 'Vælg en periode.',
  plaque: 'Vælg en plade.',
  package: 'Vælg en pakke.',
  payment: 'Vælg, hvordan I vil betale.',
  company: 'Skriv virksomhedens navn.',
  cvr: 'Skriv virksomhedens CVR-nummer.',
  line: 'Højst 60 tegn på en linje.',
  quantity: 'Vælg mellem 1 og 20 pakker.',
  codes: `Vælg mellem 1 og ${EXTRA_CODES_MAX} koder.`,
} as const;

const buyerPart = z.object({
  business: z.boolean(),
  buyer: businessBuyer,
});

/** A business buyer needs both the company's name and its CVR number. */
const businessComplete = (values: z.output<typeof buyerPart>, ctx: z.RefinementCtx) => {
  if (!values.business) return;
  if (values.buyer.company.trim().length < 2) ctx.addIssue({ code: 'custom', path: ['buyer', 'company'], message: formMessages.company });
  if (values.buyer.cvr === '') ctx.addIssue({ code: 'custom', path: ['buyer', 'cvr'], message: formMessages.cvr });
};

const paymentMethod = z.string().pipe(z.enum(PAYMENT_METHODS, formMessages.payment));

export const plaqueOrderForm = buyerPart
  .extend({
    memorialId: z.string().min(1, formMessages.memorial),
    productSlug: z.string().min(1, formMessages.plaque),
    lines: z.array(z.string().trim().max(60, formMessages.line)).max(3),
    delivery: deliveryAddress,
    paymentMethod,
  })
  .superRefine(businessComplete);

export const packageOrderForm = buyerPart
  .extend({
    productSlug: z.string().min(1, formMessages.package),
    quantity: z.number(formMessages.quantity).int(formMessages.quantity).min(1, formMessages.quantity).max(20, formMessages.quantity),
    delivery: deliveryAddress,
    paymentMethod,
  })
  .superRefine(businessComplete);

export const codesOrderForm = buyerPart
  .extend({
    memorialId: z.string().min(1, formMessages.codesMemorial),
    quantity: z.number(formMessages.codes).int(formMessages.codes).min(1, formMessages.codes).max(EXTRA_CODES_MAX, formMessages.codes),
    delivery: deliveryAddress,
    paymentMethod,
  })
  .superRefine(businessComplete);

/** A greeting or a song: only the memorial it is for (all orderItem takes for them), and the buyer. */
const extraOrderForm = (memorialMessage: string) =>
  buyerPart
    .extend({
      memorialId: z.string().min(1, memorialMessage),
      paymentMethod,
    })
    .superRefine(businessComplete);

export const extraOrderForms = {
  animated_greeting: extraOrderForm(formMessages.greetingMemorial),
  song: extraOrderForm(formMessages.songMemorial),
} as const;

export const premiumOrderForm = buyerPart
  .extend({
    planSlug: z.string().pipe(z.enum(PREMIUM_PLAN_SLUGS, formMessages.plan)),
    paymentMethod,
  })
  .superRefine(businessComplete);

/** What the request's buyer is: the company only when the box is ticked. */
export const buyerOf = (values: z.output<typeof buyerPart>) => (values.business ? values.buyer : { company: '', cvr: '' });
