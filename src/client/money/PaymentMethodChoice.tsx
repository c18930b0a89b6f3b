/**
 * How to pay: card, MobilePay or bank transfer, as radio cards (arrow keys move between them). What
 * cannot be used here is shown, disabled, with the reason under the choices, so no one wonders
 * where MobilePay went: card and MobilePay need Stripe, bank transfer needs invoicing set up.
 */
import { useId, type ReactNode } from 'react';
import { Check, CreditCard, Landmark, Smartphone } from 'lucide-react';
import { INVOICE_DUE_DAYS, PAYMENT_METHOD_LABELS, type PaymentMethod } from '@/shared/money';
import { moneyMessages } from '@/shared/money-api';
import { cn } from '@/client/lib/cn';

const ICONS = { card: CreditCard, mobilepay: Smartphone, bank_transfer: Landmark } as const;

const DESCRIPTIONS: Record<PaymentMethod, string> = {
  card: 'Betal med betalingskort på en sikker betalingsside.',
  mobilepay: 'Betal i MobilePay-appen på telefonen.',
  bank_transfer: `I får en faktura og betaler inden ${INVOICE_DUE_DAYS} dage.`,
};

interface PaymentMethodChoiceProps {
  methods: readonly PaymentMethod[];
  value: PaymentMethod | null;
  onChange: (method: PaymentMethod) => void;
  cardPayments: boolean;
  invoicing: boolean;
  /** A word about the chosen method in this purchase, e.g. that MobilePay pays one period at a time. */
  note?: ReactNode;
  legend?: string;
  /** Said instead of moneyMessages.stripeMissing where bank transfer is not a choice here but is already on the page. */
  unavailable?: string;
}

export function usableMethod(method: PaymentMethod, { cardPayments, invoicing }: { cardPayments: boolean; invoicing: boolean }) {
  return method === 'bank_transfer' ? invoicing : cardPayments;
}

export function PaymentMethodChoice({ methods, value, onChange, cardPayments, invoicing, note, legend = 'Betaling', unavailable }: PaymentMethodChoiceProps) {
  const name = useId();
  const noCards = !cardPayments && methods.some((method) => method !== 'bank_transfer');
  const noInvoices = !invoicing && methods.includes('bank_transfer');
  return (
    // Side by side only where the form itself is wide enough, whatever the screen.
    <fieldset className="@container">
      <legend className="text-lg font-semibold">{legend}</legend>
      <div className={cn('mt-3 grid gap-3', methods.length > 2 ? '@xl:grid-cols-3' : '@md:grid-cols-2')}>
        {methods.map((method) => {
          const usable = usableMethod(method, { cardPayments, invoicing });
          const checked = usable && method === value;
          const Icon = ICONS[method];
          return (
            <label
              key={method}
              className={cn(
                'relative flex min-h-14 gap-3 rounded-xl border bg-card px-4 py-4 shadow-xs transition-colors',
                'has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring',
                !usable ? 'cursor-not-allowed border-dashed border-input/70 opacity-60' : checked ? 'cursor-pointer border-primary ring-1 ring-primary' : 'cursor-pointer border-input/70 hover:border-foreground/40',
              )}
            >
              <input type="radio" name={name} value={method} checked={checked} disabled={!usable} onChange={() => onChange(method)} className="sr-only" />
              <span
                aria-hidden="true"
                className={cn('mt-0.5 flex size-6 shrink-0 items-center justify-center rounded-full border-2', checked ? 'border-primary bg-primary text-primary-foreground' : 'border-input')}
              >
                {checked ? <Check className="size-4" strokeWidth={3} /> : null}
              </span>
              <span className="min-w-0">
                <span className="flex items-center gap-2 font-semibold">
                  <Icon className="size-5 text-gold-text" aria-hidden="true" />
                  {PAYMENT_METHOD_LABELS[method]}
                </span>
                <span className="mt-1 block text-sm text-muted-foreground">{usable ? DESCRIPTIONS[method] : 'Kan ikke vælges lige nu.'}</span>
              </span>
            </label>
          );
        })}
      </div>
      {noCards ? <p className="mt-3 text-sm text-muted-foreground">{unavailable ?? moneyMessages.stripeMissing}</p> : null}
      {noInvoices ? <p className="mt-3 text-sm text-muted-foreground">{moneyMessages.invoicingMissing}</p> : null}
      {note ? <div className="mt-3 text-base">{note}</div> : null}
    </fieldset>
  );
}

/** The first method that can be used, to start the choice on. */
export function firstUsable(methods: readonly PaymentMethod[], setup: { cardPayments: boolean; invoicing: boolean }): PaymentMethod | null {
  return methods.find((method) => usableMethod(method, setup)) ?? null;
}
