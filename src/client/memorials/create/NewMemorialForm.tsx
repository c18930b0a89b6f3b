/**
 * The short form that creates a memorial (blank and from a template): who it is for, the dates,
 * and who may see it. Everything else is filled in on the edit page it leads to.
 */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import { Button } from '@/client/components/ui/button';
import { toast } from '@/client/lib/toast';
import type { MemorialPrivacy } from '@/shared/memorials';
import { personForm, type CreateMemorialBody, type PersonFormInput, type PersonFormOutput } from '@/shared/memorials-api';
import { ChoiceCards } from '@/client/components/ui/choice-cards';
import { PRIVACY_CHOICES } from '../form/choices';
import { PersonFields, personDefaults } from '../form/PersonFields';
import { useCreateMemorial } from '../save';

interface NewMemorialFormProps {
  /** What the way of creating adds (a template's life story, theme and layout). */
  extra?: Omit<CreateMemorialBody, 'name'>;
  /** Where on the edit page the family continues. */
  continueAt?: string;
}

export function NewMemorialForm({ extra, continueAt = 'personen' }: NewMemorialFormProps) {
  const form = useForm<PersonFormInput, unknown, PersonFormOutput>({ resolver: zodResolver(personForm), defaultValues: personDefaults() });
  const [privacy, setPrivacy] = useState<MemorialPrivacy>('public');
  const create = useCreateMemorial();
  const navigate = useNavigate();

  return (
    <form
      noValidate
      className="space-y-10"
      onSubmit={form.handleSubmit((person) =>
        create.mutate(
          { ...extra, ...person, privacy },
          {
            onSuccess: (memorial) => {
              toast({ title: 'Mindesiden er oprettet', description: 'Nu kan I fylde den ud i jeres eget tempo.' });
              void navigate(`/edit-memorial/${memorial.slug}#${continueAt}`);
            },
          },
        ),
      )}
    >
      <PersonFields form={form} parts={['name', 'dates']} />
      <ChoiceCards legend="Hvem kan se mindesiden?" hint="I kan ændre det når som helst." choices={PRIVACY_CHOICES} value={privacy} onChange={setPrivacy} />
      <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={create.isPending}>
        {create.isPending ? 'Opretter...' : 'Opret mindesiden'}
      </Button>
    </form>
  );
}
