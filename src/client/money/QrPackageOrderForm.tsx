/**
 * An approved reseller buys QR packages at wholesale: which package, how many, where they are sent
 * (the reseller's own address to start with), and paid by invoice (bank transfer) or card. The
 * invoice names the company and its CVR number from the reseller record. The server prices it.
 */
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import type { PaymentMethod } from '@/shared/money';
import type { ResellerSelf } from '@/shared/resellers-api';
import { Button } from '@/client/components/ui/button';
import { ChoiceCards } from '@/client/components/ui/choice-cards';
import { Notice } from '@/client/components/ui/notice';
import { TextField } from '@/client/components/ui/text-field';
import { errorMessage } from '@/client/lib/request';
import { DeliveryFields, type DeliveryKey } from './DeliveryFields';
import { FieldProblem } from './FieldProblem';
import { formatPrice } from './format';
import { packageOrderForm } from './order-form-schema';
import { PaymentMethodChoice, firstUsable } from './PaymentMethodChoice';
import { productDescription } from './product-words';
import type { Catalogue } from './use-money';
import { usePlaceOrder } from './use-place-order';

type FormInput = z.input<typeof packageOrderForm>;
type FormOutput = z.output<typeof packageOrderForm>;

/** A reseller is a business that pays against an invoice as a rule; card is there for a quick order. */
const METHODS: readonly PaymentMethod[] = ['bank_transfer', 'card'];

interface QrPackageOrderFormProps {
  catalogue: Catalogue;
  reseller: ResellerSelf;
  onClose: () => void;
}

export function QrPackageOrderForm({ catalogue, reseller, onClose }: QrPackageOrderFormProps) {
  const packages = catalogue.products.filter((product) => product.kind === 'qr_package');
  const order = usePlaceOrder();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(packageOrderForm),
    defaultValues: {
      productSlug: packages.length === 1 ? packages[0]!.slug : '',
      quantity: 1,
      delivery: { name: reseller.companyName, address: reseller.address, postcode: reseller.postcode, town: reseller.town },
      business: true,
      buyer: { company: reseller.companyName, cvr: reseller.cvr },
      paymentMethod: firstUsable(METHODS, catalogue) ?? '',
    },
  });
  const { errors } = form.formState;
  const [slug, quantity] = useWatch({ control: form.control, name: ['productSlug', 'quantity'] });
  const chosen = packages.find((product) => product.slug === slug);
  const count = Number.isInteger(quantity) && quantity >= 1 && quantity <= 20 ? quantity : null;

  const submit = form.handleSubmit((values) =>
    order.place({
      paymentMethod: values.paymentMethod,
      item: { kind: 'qr_package', productSlug: values.productSlug, quantity: values.quantity, delivery: values.delivery },
      buyer: values.buyer,
    }),
  );
  const delivery = (key: DeliveryKey) => ({ ...form.register(`delivery.${key}`), error: errors.delivery?.[key]?.message });

  return (
    <form noValidate onSubmit={submit} aria-label="Køb QR-pakker" className="mt-6 space-y-8 rounded-2xl border border-border bg-card px-5 py-6 sm:px-8">
      <Controller
        control={form.control}
        name="productSlug"
        render={({ field }) => (
          <div ref={field.ref} tabIndex={-1} className="outline-none">
            <ChoiceCards
              legend="Vælg pakke"
              columns="two"
              value={field.value}
              onChange={field.onChange}
              choices={packages.map((product) => ({ value: product.slug, title: product.name, description: productDescription(product) }))}
            />
            {errors.productSlug?.message ? <FieldProblem>{errors.productSlug.message}</FieldProblem> : null}
          </div>
        )}
      />
      <div className="flex flex-wrap items-end gap-x-6 gap-y-3">
        <TextField
          label="Antal pakker"
          type="number"
          inputMode="numeric"
          min={1}
          max={20}
          className="w-40"
          inputClassName="tabular-nums"
          error={errors.quantity?.message}
          {...form.register('quantity', { valueAsNumber: true })}
        />
        {chosen && count ? (
          <p className="pb-3 text-lg" aria-live="polite">
            I alt <span className="font-semibold tabular-nums">{formatPrice(chosen.priceOre * count)}</span> inkl. moms
          </p>
        ) : null}
      </div>
      <DeliveryFields field={delivery} />
      <Controller
        control={form.control}
        name="paymentMethod"
        render={({ field }) => (
          <div ref={field.ref} tabIndex={-1} className="outline-none">
            <PaymentMethodChoice
              methods={METHODS}
              value={(field.value || null) as PaymentMethod | null}
              onChange={field.onChange}
              cardPayments={catalogue.cardPayments}
              invoicing={catalogue.invoicing}
              note={<p className="text-muted-foreground">Fakturaen lyder på {reseller.companyName}, CVR {reseller.cvr}.</p>}
            />
            {errors.paymentMethod?.message ? <FieldProblem>{errors.paymentMethod.message}</FieldProblem> : null}
          </div>
        )}
      />
      {order.error ? (
        <Notice tone="problem" title="Bestillingen blev ikke sendt">
          <p role="alert">{errorMessage(order.error)}</p>
        </Notice>
      ) : null}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose} disabled={order.busy}>
          Fortryd
        </Button>
        <Button type="submit" disabled={order.busy}>
          {order.leaving ? 'Går til betaling...' : order.busy ? 'Sender bestillingen...' : 'Bestil og betal'}
        </Button>
      </div>
    </form>
  );
}
