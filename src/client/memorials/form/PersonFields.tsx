/**
 * Who the memorial is for: name, dates, places and the epitaph, checked with the same rules the
 * server uses (personForm in src/shared/memorials-api.ts). Used by every way of creating a
 * memorial and by the edit page; `parts` picks the fields a step needs.
 */
import type { UseFormReturn } from 'react-hook-form';
import { TextAreaField } from '@/client/components/ui/text-area-field';
import { TextField } from '@/client/components/ui/text-field';
import { MEMORIAL_LIMITS as L } from '@/shared/memorials';
import type { PersonFormInput, PersonFormOutput } from '@/shared/memorials-api';

export type PersonForm = UseFormReturn<PersonFormInput, unknown, PersonFormOutput>;
type Part = 'name' | 'dates' | 'places' | 'epitaph';

export const personDefaults = (memorial?: { name: string; birthDate: string | null; deathDate: string | null; birthPlace: string; deathPlace: string; epitaph: string }): PersonFormInput => ({
  name: memorial?.name ?? '',
  birthDate: memorial?.birthDate ?? '',
  deathDate: memorial?.deathDate ?? '',
  birthPlace: memorial?.birthPlace ?? '',
  deathPlace: memorial?.deathPlace ?? '',
  epitaph: memorial?.epitaph ?? '',
});

export function PersonFields({ form, parts = ['name', 'dates', 'places', 'epitaph'] }: { form: PersonForm; parts?: Part[] }) {
  const { errors } = form.formState;
  const today = new Date().toISOString().slice(0, 10);
  return (
    <div className="space-y-6">
      {parts.includes('name') ? (
        <TextField
          label="Fulde navn"
          hint="Som navnet skal stå på mindesiden, fx Karen Marie Jensen."
          autoComplete="off"
          maxLength={L.name}
          error={errors.name?.message}
          {...form.register('name')}
        />
      ) : null}
      {parts.includes('dates') ? (
        <div className="grid gap-6 sm:grid-cols-2">
          <TextField label="Født" type="date" max={today} error={errors.birthDate?.message} {...form.register('birthDate')} />
          <TextField label="Død" type="date" max={today} error={errors.deathDate?.message} {...form.register('deathDate')} />
        </div>
      ) : null}
      {parts.includes('places') ? (
        <div className="grid gap-6 sm:grid-cols-2">
          <TextField label="Fødested (valgfrit)" hint="By eller sogn" autoComplete="off" maxLength={L.place} error={errors.birthPlace?.message} {...form.register('birthPlace')} />
          <TextField label="Dødssted (valgfrit)" hint="By eller sogn" autoComplete="off" maxLength={L.place} error={errors.deathPlace?.message} {...form.register('deathPlace')} />
        </div>
      ) : null}
      {parts.includes('epitaph') ? (
        <TextAreaField
          label="Mindeord (valgfrit)"
          hint="En kort linje, der står under navnet, fx »Elsket og savnet« eller et vers, hun holdt af."
          rows={2}
          maxLength={L.epitaph}
          error={errors.epitaph?.message}
          {...form.register('epitaph')}
        />
      ) : null}
    </div>
  );
}
