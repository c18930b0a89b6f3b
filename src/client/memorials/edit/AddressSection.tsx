/**
 * The memorial's address. A new one takes effect at once and the page moves with it; the old one
 * leads here for good and no other memorial may take it (server/memorials/addresses.ts), so a
 * printed card or a shared link keeps working. A QR code keeps working anyway: it points at the
 * code, not the address.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { TextField } from '@/client/components/ui/text-field';
import { ApiError } from '@/client/lib/request';
import { toast } from '@/client/lib/toast';
import type { Memorial } from '@/shared/memorials';
import { MEMORIAL_LIMITS } from '@/shared/memorials';
import { useUpdateMemorial } from '../save';
import { EditSection, SaveRow } from './EditSection';

export function AddressSection({ memorial }: { memorial: Memorial }) {
  const [slug, setSlug] = useState(memorial.slug);
  const [error, setError] = useState<string>();
  const update = useUpdateMemorial(memorial.id);
  const navigate = useNavigate();
  const dirty = slug.trim().toLowerCase() !== memorial.slug;
  const origin = window.location.origin;

  return (
    <EditSection
      id="adresse"
      title="Adresse"
      description="Mindesidens webadresse. Skifter I den, fører den gamle adresse stadig hertil, så links og trykte kort virker. QR-koden på stenen virker som før."
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!dirty) return;
          update.mutate(
            { body: { slug }, quiet: true },
            {
              onSuccess: (next) => {
                toast({ title: 'Indstillinger gemt', description: `Mindesiden har nu adressen ${origin}/memorial/${next.slug}` });
                void navigate(`/edit-memorial/${next.slug}#adresse`, { replace: true });
              },
              onError: (failure) => setError(failure instanceof ApiError ? failure.message : 'Adressen kunne ikke gemmes. Prøv igen.'),
            },
          );
        }}
      >
        <TextField
          label="Adresse"
          hint={
            memorial.privacy === 'private'
              ? 'Små bogstaver, tal og bindestreger. Da mindesiden er privat, får adressen otte tilfældige tegn til sidst, så ingen uden for familien kan gætte den.'
              : `Små bogstaver, tal og bindestreger. Siden findes på ${origin}/memorial/${slug.trim().toLowerCase() || '…'}`
          }
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={MEMORIAL_LIMITS.slug}
          value={slug}
          error={error}
          onChange={(e) => {
            setSlug(e.target.value);
            setError(undefined);
          }}
        />
        <SaveRow dirty={dirty} pending={update.isPending} saved={false} label="Skift adresse" />
      </form>
    </EditSection>
  );
}
