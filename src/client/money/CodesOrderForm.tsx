/**
 * "Bestil ekstra QR-koder": more codes that open one of the family's memorials (for the urn
 * garden, a picture at home, the family's own stones), sent to the address given. The price per
 * code is the catalogue's; "Bestil og betal" sends what and how many, the server prices it, and
 * the browser goes on to pay: Stripe's page, or the invoice with the transfer details.
 */
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { PAYMENT_METHODS } from '@/shared/money';
import { Notice } from '@/client/components/ui/notice';
import { BusinessBuyerFields, useBusinessBuyer } from './BusinessBuyerFields';
import { DeliveryFields, type DeliveryKey } from './DeliveryFields';
import { FieldProblem } from './FieldProblem';
import { BUYER_ORDER, DELIVERY_ORDER, focusFirstProblem } from './focus-first-problem';
import { formatPrice } from './format';
import { MemorialSelect } from './MemorialSelect';
import { EXTRA_CODES_MAX, buyerOf, codesOrderForm } from './order-form-schema';
import { PaymentMethodChoice, firstUsable } from './PaymentMethodChoice';
import { QuantityField } from './QuantityField';
import type { Catalogue, PremiumMemorial } from './use-money';
import { OrderSubmit } from './OrderSubmit';
import { usePlaceOrder } from './use-place-order';

type FormInput = z.input<typeof codesOrderForm>;
type FormOutput = z.output<typeof codesOrderForm>;

interface CodesOrderFormProps {
  catalogue: Catalogue;
  /** The memorials this person may buy for. */
  memorials: PremiumMemorial[];
  /** Chosen beforehand, e.g. from a memorial's page. */
  memorialId?: string;
}

export function CodesOrderForm({ catalogue, memorials, memorialId }: CodesOrderFormProps) {
  const product = catalogue.products.find((entry) => entry.kind === 'extra_codes');
  const order = usePlaceOrder();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(codesOrderForm),
    shouldFocusError: false,
    defaultValues: {
      memorialId: memorials.find((memorial) => memorial.memorialId === memorialId)?.memorialId ?? (memorials.length === 1 ? memorials[0]!.memorialId : ''),
      quantity: 1,
      delivery: { name: '', address: '', postcode: '', town: '' },
      business: false,
      buyer: { company: '', cvr: '' },
      paymentMethod: firstUsable(PAYMENT_METHODS, catalogue) ?? '',
    },
  });
  const { errors } = form.formState;
  const quantity = useWatch({ control: form.control, name: 'quantity' });
  const buyer = useBusinessBuyer(form);

  if (!product) return <Notice>Ekstra QR-koder kan ikke bestilles lige nu. Skriv til os, så hjælper vi.</Notice>;

  const count = Number.isInteger(quantity) && quantity >= 1 && quantity <= EXTRA_CODES_MAX ? quantity : null;
  const total = count ? product.priceOre * count : null;
  const submit = form.handleSubmit((values) =>
    order.place({
      paymentMethod: values.paymentMethod,
      item: { kind: 'extra_codes', memorialId: values.memorialId, quantity: values.quantity, delivery: values.delivery },
      buyer: buyerOf(values),
    }),
    focusFirstProblem(form, ['memorialId', 'quantity', ...DELIVERY_ORDER, ...BUYER_ORDER, 'paymentMethod']),
  );
  const delivery = (key: DeliveryKey) => ({ ...form.register(`delivery.${key}`), error: errors.delivery?.[key]?.message });

  return (
    <form noValidate onSubmit={submit} aria-label="Bestil ekstra QR-koder" className="space-y-10">
      <Controller
        control={form.control}
        name="memorialId"
        render={({ field }) => <MemorialSelect memorials={memorials} error={errors.memorialId?.message} {...field} />}
      />
      <div className="space-y-3">
        <Controller
          control={form.control}
          name="quantity"
          render={({ field }) => (
            <QuantityField label="Antal koder" hint={`${formatPrice(product.priceOre)} pr. kode, op til ${EXTRA_CODES_MAX} ad gangen.`} min={1} max={EXTRA_CODES_MAX} error={errors.quantity?.message} {...field} />
          )}
        />
        <p className="text-lg" aria-live="polite">
          {total !== null ? (
            <>
              I alt <span className="font-semibold tabular-nums">{formatPrice(total)}</span> inkl. moms
            </>
          ) : null}
        </p>
      </div>
      <DeliveryFields field={delivery} />
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
      <OrderSubmit order={order} priceOre={total} />
    </form>
  );
}
