/**
 * A business buyer, if the buyer is one: the invoice then names the company and its CVR number
 * (checked as businessBuyer checks it: 8 digits, modulus 11). A private buyer leaves it unticked.
 * useBusinessBuyer wires the fields to an order form whose values have `business` and `buyer`.
 */
import { useEffect } from 'react';
import { type FieldValues, type Path, type PathValue, type UseFormRegisterReturn, type UseFormReturn, useWatch } from 'react-hook-form';
import { TextField } from '@/client/components/ui/text-field';

interface BusinessBuyerFieldsProps {
  business: UseFormRegisterReturn;
  isBusiness: boolean;
  company: UseFormRegisterReturn & { error?: string };
  cvr: UseFormRegisterReturn & { error?: string };
}

export function BusinessBuyerFields({ business, isBusiness, company, cvr }: BusinessBuyerFieldsProps) {
  return (
    <fieldset className="space-y-5">
      <legend className="sr-only">Køber</legend>
      <label className="flex min-h-12 cursor-pointer items-center gap-3 rounded-lg border border-input/70 bg-card px-4 py-3 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring">
        <input type="checkbox" className="size-6 shrink-0 cursor-pointer accent-primary focus-visible:outline-none" {...business} />
        <span>Vi køber som virksomhed (fakturaen skal have firmanavn og CVR-nummer)</span>
      </label>
      {isBusiness ? (
        <>
          <TextField label="Virksomhedens navn" autoComplete="organization" {...company} />
          <TextField label="CVR-nummer" hint="8 cifre, fx 12 34 56 78." inputMode="numeric" autoComplete="off" spellCheck={false} maxLength={20} inputClassName="tabular-nums sm:max-w-60" {...cvr} />
        </>
      ) : null}
    </fieldset>
  );
}

interface BuyerErrors {
  buyer?: { company?: { message?: string }; cvr?: { message?: string } };
}

/**
 * BusinessBuyerFields' props for a form with `business` (the box) and `buyer` (company, CVR). An
 * unticked box empties the hidden fields and their messages, so they never hold back the order.
 */
export function useBusinessBuyer<In extends FieldValues, Out extends FieldValues>(form: UseFormReturn<In, unknown, Out>): BusinessBuyerFieldsProps {
  const business = 'business' as Path<In>;
  const buyer = 'buyer' as Path<In>;
  const isBusiness = Boolean(useWatch({ control: form.control, name: business }));
  const { setValue, clearErrors } = form;
  useEffect(() => {
    if (isBusiness) return;
    setValue(buyer, { company: '', cvr: '' } as PathValue<In, Path<In>>);
    clearErrors(buyer);
  }, [isBusiness, buyer, setValue, clearErrors]);
  const errors = form.formState.errors as BuyerErrors;
  return {
    business: form.register(business),
    isBusiness,
    company: { ...form.register('buyer.company' as Path<In>), error: errors.buyer?.company?.message },
    cvr: { ...form.register('buyer.cvr' as Path<In>), error: errors.buyer?.cvr?.message },
  };
}
