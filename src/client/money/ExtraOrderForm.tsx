/**
 * An animated greeting or a song for one of the family's memorials, at the catalogue's price. The
 * order takes only the memorial (and a business buyer's name and CVR); once it is paid the family
 * makes it on the memorial's page for it (ai/), which the form says before "Betal". Without a
 * provider on this installation the server leaves the product out, and the form says so plainly.
 */
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { AI_MESSAGES } from '@/shared/ai';
import { PAYMENT_METHODS } from '@/shared/money';
import { Notice } from '@/client/components/ui/notice';
import { BusinessBuyerFields, useBusinessBuyer } from './BusinessBuyerFields';
import { FieldProblem } from './FieldProblem';
import { BUYER_ORDER, focusFirstProblem } from './focus-first-problem';
import { formatPrice } from './format';
import { MemorialSelect } from './MemorialSelect';
import { buyerOf, extraOrderForms } from './order-form-schema';
import { PaymentMethodChoice, firstUsable } from './PaymentMethodChoice';
import { type ExtraKind, howItIsMade } from './product-words';
import type { Catalogue, PremiumMemorial } from './use-money';
import { OrderSubmit } from './OrderSubmit';
import { usePlaceOrder } from './use-place-order';

type FormInput = z.input<(typeof extraOrderForms)[ExtraKind]>;
type FormOutput = z.output<(typeof extraOrderForms)[ExtraKind]>;

const FORM_NAMES: Record<ExtraKind, string> = { animated_greeting: 'Bestil animeret hilsen', song: 'Bestil sang med AI' };

/** No product in the catalogue: this installation has no AI provider for it. */
const UNAVAILABLE: Record<ExtraKind, string> = {
  animated_greeting: AI_MESSAGES.greetingNotOffered,
  song: AI_MESSAGES.songNotOffered,
};

interface ExtraOrderFormProps {
  kind: ExtraKind;
  catalogue: Catalogue;
  /** The memorials this person may buy for. */
  memorials: PremiumMemorial[];
  /** Chosen beforehand, e.g. from a memorial's page. */
  memorialId?: string;
}

export function ExtraOrderForm({ kind, catalogue, memorials, memorialId }: ExtraOrderFormProps) {
  const product = catalogue.products.find((entry) => entry.kind === kind);
  const order = usePlaceOrder();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(extraOrderForms[kind]),
    shouldFocusError: false,
    defaultValues: {
      memorialId: memorials.find((memorial) => memorial.memorialId === memorialId)?.memorialId ?? (memorials.length === 1 ? memorials[0]!.memorialId : ''),
      business: false,
      buyer: { company: '', cvr: '' },
      paymentMethod: firstUsable(PAYMENT_METHODS, catalogue) ?? '',
    },
  });
  const { errors } = form.formState;
  const buyer = useBusinessBuyer(form);

  if (!product) return <Notice>{UNAVAILABLE[kind]}</Notice>;

  const submit = form.handleSubmit(
    (values) => order.place({ paymentMethod: values.paymentMethod, item: { kind, memorialId: values.memorialId }, buyer: buyerOf(values) }),
    focusFirstProblem(form, ['memorialId', ...BUYER_ORDER, 'paymentMethod']),
  );

  return (
    <form noValidate onSubmit={submit} aria-label={FORM_NAMES[kind]} className="space-y-10">
      <section aria-label="Det bestiller I" className="rounded-2xl border border-border bg-card px-5 py-6 sm:px-8">
        <div className="flex flex-wrap items-baseline justify-between gap-x-6 gap-y-1">
          <p className="font-serif text-2xl">{product.name}</p>
          <p className="text-lg font-semibold tabular-nums">{formatPrice(product.priceOre)}</p>
        </div>
        {product.description ? <p className="mt-2 text-muted-foreground">{product.description}</p> : null}
        <p className="mt-4 border-t border-border pt-4">{howItIsMade(kind, 'form')}</p>
      </section>
      <Controller
        control={form.control}
        name="memorialId"
        render={({ field }) => <MemorialSelect memorials={memorials} error={errors.memorialId?.message} {...field} />}
      />
      <BusinessBuyerFields {...buyer} />
      <Controller
        control={form.control}
        name="paymentMethod"
        render={({ field }) => (
          <div ref={field.ref} tabIndex={-1} className="outline-none">
            <PaymentMethodChoice methods={PAYMENT_METHODS} value={(field.value || null) as FormOutput['paymentMethod'] | null} onChange={field.onChange} cardPayments={catalogue.cardPayments} invoicing={catalogue.invoicing} />
            {errors.paymentMethod?.message ? <FieldProblem>{errors.paymentMethod.message}</FieldProblem> : null}
          </div>
        )}
      />
      <OrderSubmit order={order} priceOre={product.priceOre} />
    </form>
  );
}
