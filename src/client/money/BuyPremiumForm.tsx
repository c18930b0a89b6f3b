/**
 * Buying Premium for one memorial: the period (monthly, yearly or for good, at the catalogue's
 * prices) and how to pay. The request names the plan, never an amount: the server prices it. A
 * card pays a monthly or yearly plan again by itself until it is stopped; MobilePay and a bank
 * transfer pay one period at a time (decision 0025), which the form says where it is chosen. A
 * business may buy it in its own name: the invoice then names the company and its CVR number.
 */
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import type { PaymentMethod } from '@/shared/money';
import { PAYMENT_METHODS } from '@/shared/money';
import { Button } from '@/client/components/ui/button';
import { ChoiceCards } from '@/client/components/ui/choice-cards';
import { Notice } from '@/client/components/ui/notice';
import { errorMessage } from '@/client/lib/request';
import { BusinessBuyerFields, useBusinessBuyer } from './BusinessBuyerFields';
import { FieldProblem } from './FieldProblem';
import { BUYER_ORDER, focusFirstProblem } from './focus-first-problem';
import { formatPrice } from './format';
import { buyerOf, premiumOrderForm } from './order-form-schema';
import { PaymentMethodChoice, firstUsable } from './PaymentMethodChoice';
import type { Catalogue, PremiumMemorial } from './use-money';
import { usePlaceOrder } from './use-place-order';

type FormInput = z.input<typeof premiumOrderForm>;
type FormOutput = z.output<typeof premiumOrderForm>;

type Plan = Catalogue['premium'][number];

const PERIOD_NAMES: Record<Plan['interval'], string> = { month: 'Månedlig', year: 'Årlig', once: 'For altid' };
const PERIOD_WORDS: Record<'month' | 'year', { one: string; every: string }> = {
  month: { one: 'én måned', every: 'hver måned' },
  year: { one: 'ét år', every: 'hvert år' },
};
const ORDER: Plan['interval'][] = ['month', 'year', 'once'];
const PRICE_SUFFIX: Record<Plan['interval'], string> = { month: ' pr. måned', year: ' pr. år', once: ' én gang' };

/** What paying this plan this way means, said where it is chosen. */
function methodNote(plan: Plan | undefined, method: PaymentMethod | null): string | null {
  if (!plan || !method || plan.interval === 'once') return null;
  const words = PERIOD_WORDS[plan.interval];
  if (method === 'card') return `Kortet trækkes automatisk ${words.every}. I kan stoppe abonnementet her på siden, når I vil.`;
  if (method === 'mobilepay') return `MobilePay betaler ${words.one} ad gangen – den fornyes ikke af sig selv. I kan forlænge her på siden, når perioden er ved at udløbe.`;
  return `Med bankoverførsel betaler I for ${words.one} ad gangen. I kan forlænge her på siden, når perioden er ved at udløbe.`;
}

function buttonLabel(plan: Plan | undefined, method: PaymentMethod | null): string {
  const words = method === 'bank_transfer' ? 'Bestil og få faktura' : 'Gå til betaling';
  return plan ? `${words} · ${formatPrice(plan.priceOre)}` : words;
}

interface BuyPremiumFormProps {
  memorial: PremiumMemorial;
  catalogue: Catalogue;
  onClose: () => void;
}

export function BuyPremiumForm({ memorial, catalogue, onClose }: BuyPremiumFormProps) {
  const plans = [...catalogue.premium].sort((a, b) => ORDER.indexOf(a.interval) - ORDER.indexOf(b.interval));
  const order = usePlaceOrder();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(premiumOrderForm),
    shouldFocusError: false,
    defaultValues: {
      planSlug: plans.find((plan) => plan.interval === 'year')?.slug ?? plans[0]?.slug ?? '',
      paymentMethod: firstUsable(PAYMENT_METHODS, catalogue) ?? '',
      business: false,
      buyer: { company: '', cvr: '' },
    },
  });
  const { errors } = form.formState;
  const [planSlug, chosenMethod] = useWatch({ control: form.control, name: ['planSlug', 'paymentMethod'] });
  const buyer = useBusinessBuyer(form);
  const plan = plans.find((entry) => entry.slug === planSlug);
  const method = (chosenMethod || null) as PaymentMethod | null;
  const note = methodNote(plan, method);

  if (plans.length === 0) {
    return <Notice className="mt-5">Premium kan ikke købes lige nu. Prøv igen senere, eller skriv til os.</Notice>;
  }

  const submit = form.handleSubmit(
    (values) => order.place({ paymentMethod: values.paymentMethod, item: { kind: 'premium', memorialId: memorial.memorialId, planSlug: values.planSlug }, buyer: buyerOf(values) }),
    focusFirstProblem(form, ['planSlug', ...BUYER_ORDER, 'paymentMethod']),
  );

  return (
    <form noValidate onSubmit={submit} aria-label={`Køb Premium til ${memorial.name}`} className="mt-6 space-y-7 border-t border-border pt-6">
      <Controller
        control={form.control}
        name="planSlug"
        render={({ field }) => (
          <div ref={field.ref} tabIndex={-1} className="outline-none">
            <ChoiceCards
              legend="Vælg periode"
              value={field.value}
              onChange={field.onChange}
              choices={plans.map((entry) => ({ value: entry.slug, title: PERIOD_NAMES[entry.interval], description: `${formatPrice(entry.priceOre)}${PRICE_SUFFIX[entry.interval]}` }))}
            />
            {errors.planSlug?.message ? <FieldProblem>{errors.planSlug.message}</FieldProblem> : null}
          </div>
        )}
      />
      <BusinessBuyerFields {...buyer} />
      <Controller
        control={form.control}
        name="paymentMethod"
        render={({ field }) => (
          <div ref={field.ref} tabIndex={-1} className="outline-none">
            <PaymentMethodChoice
              methods={PAYMENT_METHODS}
              value={method}
              onChange={field.onChange}
              cardPayments={catalogue.cardPayments}
              invoicing={catalogue.invoicing}
              note={note ? <p>{note}</p> : null}
            />
            {errors.paymentMethod?.message ? <FieldProblem>{errors.paymentMethod.message}</FieldProblem> : null}
          </div>
        )}
      />
      {order.error ? (
        <Notice tone="problem" title="Købet blev ikke gennemført">
          <p role="alert">{errorMessage(order.error)}</p>
        </Notice>
      ) : null}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose} disabled={order.busy}>
          Fortryd
        </Button>
        <Button type="submit" disabled={order.busy}>
          {order.leaving ? 'Går til betaling...' : order.busy ? 'Sender...' : buttonLabel(plan, method)}
        </Button>
      </div>
    </form>
  );
}
