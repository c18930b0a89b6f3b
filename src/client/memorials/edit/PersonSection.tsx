/** The edit page's first part: name, dates, places and the epitaph. */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { personForm, type PersonFormInput, type PersonFormOutput } from '@/shared/memorials-api';
import type { Memorial } from '@/shared/memorials';
import { PersonFields, personDefaults } from '../form/PersonFields';
import { useUpdateMemorial } from '../save';
import { EditSection, SaveRow } from './EditSection';

export function PersonSection({ memorial }: { memorial: Memorial }) {
  const form = useForm<PersonFormInput, unknown, PersonFormOutput>({ resolver: zodResolver(personForm), defaultValues: personDefaults(memorial) });
  const update = useUpdateMemorial(memorial.id);
  const [saved, setSaved] = useState(false);
  const dirty = form.formState.isDirty;

  return (
    <EditSection id="personen" title="Personen" description="Navn, datoer og steder, som de står øverst på mindesiden.">
      <form
        noValidate
        onChange={() => setSaved(false)}
        onSubmit={form.handleSubmit((values) =>
          update.mutate(
            { body: values },
            {
              onSuccess: (next) => {
                form.reset(personDefaults(next));
                setSaved(true);
              },
            },
          ),
        )}
      >
        <PersonFields form={form} />
        <SaveRow dirty={dirty} pending={update.isPending} saved={saved && !dirty} />
      </form>
    </EditSection>
  );
}
