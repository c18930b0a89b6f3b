/**
 * "Bestil QR-plade": a plaque engraved with a memorial's QR code and up to three lines of text,
 * sent to the address given. The proof beside the form is drawn by the server from the same
 * choices, so what is seen is what is cut. "Bestil og betal" sends the order (the server prices it)
 * and goes on to pay: Stripe's page, or the invoice with the transfer details.
 */
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { PAYMENT_METHODS } from '@/shared/money';
import { PLAQUE_MAX_LINES, plaqueLines, plaqueMaxCharacters, plaqueSizeByWidth, plaqueTextProblems } from '@/shared/plaque';
import { ChoiceCards } from '@/client/components/ui/choice-cards';
import { Notice } from '@/client/components/ui/notice';
import { TextField } from '@/client/components/ui/text-field';
import { BusinessBuyerFields, useBusinessBuyer } from './BusinessBuyerFields';
import { DeliveryFields, type DeliveryKey } from './DeliveryFields';
import { FieldProblem } from './FieldProblem';
import { BUYER_ORDER, DELIVERY_ORDER, focusFirstProblem } from './focus-first-problem';
import { MemorialSelect } from './MemorialSelect';
import { buyerOf, plaqueOrderForm } from './order-form-schema';
import { PaymentMethodChoice, firstUsable } from './PaymentMethodChoice';
import { PlaqueProof } from './PlaqueProof';
import { productDescription } from './product-words';
import type { Catalogue, PremiumMemorial } from './use-money';
import { OrderSubmit } from './OrderSubmit';
import { usePlaceOrder } from './use-place-order';

type FormInput = z.input<typeof plaqueOrderForm>;
type FormOutput = z.output<typeof plaqueOrderForm>;

interface PlaqueOrderFormProps {
  catalogue: Catalogue;
  /** The memorials this person may buy for. */
  memorials: PremiumMemorial[];
  /** Chosen beforehand, e.g. from a memorial's card. */
  memorialId?: string;
}

export function PlaqueOrderForm({ catalogue, memorials, memorialId }: PlaqueOrderFormProps) {
  const plaques = catalogue.products.filter((product) => product.kind === 'plaque');
  const order = usePlaceOrder();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(plaqueOrderForm),
    shouldFocusError: false,
    defaultValues: {
      memorialId: memorials.find((memorial) => memorial.memorialId === memorialId)?.memorialId ?? (memorials.length === 1 ? memorials[0]!.memorialId : ''),
      productSlug: plaques.length === 1 ? plaques[0]!.slug : '',
      lines: ['', '', ''],
      delivery: { name: '', address: '', postcode: '', town: '' },
      business: false,
      buyer: { company: '', cvr: '' },
      paymentMethod: firstUsable(PAYMENT_METHODS, catalogue) ?? '',
    },
  });
  const { errors } = form.formState;
  const [chosenMemorial, chosenPlaque, lines] = useWatch({ control: form.control, name: ['memorialId', 'productSlug', 'lines'] });
  const buyer = useBusinessBuyer(form);

  if (plaques.length === 0) return <Notice>QR-plader kan ikke bestilles lige nu. Skriv til os, så hjælper vi.</Notice>;

  const plaque = plaques.find((product) => product.slug === chosenPlaque);
  const size = plaque?.widthMm ? plaqueSizeByWidth(plaque.widthMm) : undefined;
  const engraving = plaqueLines(lines ?? []);
  // Measured as the proof measures it (shared/plaque.ts), so the form never accepts what cannot be cut.
  const textProblem = plaque?.widthMm ? plaqueTextProblems(engraving, plaque.widthMm) : null;

  const submit = form.handleSubmit(
    (values) => {
      if (textProblem) return form.setFocus('lines.0');
      order.place({
        paymentMethod: values.paymentMethod,
        item: { kind: 'plaque', memorialId: values.memorialId, productSlug: values.productSlug, lines: plaqueLines(values.lines), delivery: values.delivery },
        buyer: buyerOf(values),
      });
    },
    focusFirstProblem(form, ['memorialId', 'productSlug', 'lines.0', 'lines.1', 'lines.2', ...DELIVERY_ORDER, ...BUYER_ORDER, 'paymentMethod']),
  );
  const delivery = (key: DeliveryKey) => ({ ...form.register(`delivery.${key}`), error: errors.delivery?.[key]?.message });
  const proof = chosenMemorial && chosenPlaque ? { product: chosenPlaque, memorialId: chosenMemorial, lines: engraving } : null;

  return (
    <form noValidate onSubmit={submit} className="grid gap-10 lg:grid-cols-[minmax(0,1fr)_22rem] lg:gap-14">
      <div className="space-y-10">
        <Controller
          control={form.control}
          name="memorialId"
          render={({ field }) => <MemorialSelect memorials={memorials} error={errors.memorialId?.message} {...field} />}
        />
        <Controller
          control={form.control}
          name="productSlug"
          render={({ field }) => (
            <div ref={field.ref} tabIndex={-1} className="outline-none">
              <ChoiceCards
                legend="Vælg plade"
                columns="two"
                value={field.value}
                onChange={field.onChange}
                choices={plaques.map((product) => ({ value: product.slug, title: product.name, description: productDescription(product) }))}
              />
              {errors.productSlug?.message ? <FieldProblem>{errors.productSlug.message}</FieldProblem> : null}
            </div>
          )}
        />
        <fieldset className="space-y-4">
          <legend className="text-lg font-semibold">Tekst på pladen</legend>
          <p className="-mt-2 text-sm text-muted-foreground">
            Op til tre linjer ved QR-koden, fx navn og årstal.
            {size ? ` På en plade på ${size.label} er der plads til ${plaqueMaxCharacters(size)} tegn pr. linje.` : ''}
          </p>
          {Array.from({ length: PLAQUE_MAX_LINES }, (_, index) => (
            <TextField key={index} label={`Linje ${index + 1}`} autoComplete="off" maxLength={60} error={errors.lines?.[index]?.message} {...form.register(`lines.${index}`)} />
          ))}
          {textProblem ? <FieldProblem>{textProblem}</FieldProblem> : null}
        </fieldset>
        {/* On a phone the proof follows the text it shows; beside the form on a wide screen. */}
        <div className="lg:hidden">
          <PlaqueProof request={proof} textDoesNotFit={textProblem !== null} />
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
        <OrderSubmit order={order} priceOre={plaque ? plaque.priceOre : null} />
      </div>
      <aside aria-label="Prøvetryk" className="hidden lg:block">
        <div className="sticky top-6">
          <PlaqueProof request={proof} textDoesNotFit={textProblem !== null} />
        </div>
      </aside>
    </form>
  );
}
