/**
 * Where a plaque or a package is sent: name, street, postcode and town, checked by the shared
 * deliveryAddress schema, whose Danish messages stand at the fields.
 */
import type { UseFormRegisterReturn } from 'react-hook-form';
import { TextField } from '@/client/components/ui/text-field';

export type DeliveryKey = 'name' | 'address' | 'postcode' | 'town';

/** A field's registration and its message, given by the form that owns the values. */
export type DeliveryField = (key: DeliveryKey) => UseFormRegisterReturn & { error?: string };

export function DeliveryFields({ field, legend = 'Levering' }: { field: DeliveryField; legend?: string }) {
  return (
    <fieldset className="space-y-5">
      <legend className="mb-4 text-lg font-semibold">{legend}</legend>
      <TextField label="Modtagerens navn" autoComplete="shipping name" {...field('name')} />
      <TextField label="Adresse" hint="Vej, husnummer og evt. etage." autoComplete="shipping street-address" {...field('address')} />
      <div className="grid grid-cols-[7.5rem_minmax(0,1fr)] gap-4 sm:grid-cols-[9rem_minmax(0,1fr)]">
        <TextField label="Postnummer" inputMode="numeric" autoComplete="shipping postal-code" maxLength={4} inputClassName="tabular-nums" {...field('postcode')} />
        <TextField label="By" autoComplete="shipping address-level2" {...field('town')} />
      </div>
    </fieldset>
  );
}
