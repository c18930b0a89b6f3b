/**
 * Who can see the memorial. Changing it takes effect at once, so it is saved at once too. A memorial
 * made private gets a new address with a random end (docs/decisions/0021): the edit page moves
 * with it, and the family is told the new address.
 */
import { useLocation, useNavigate } from 'react-router';
import type { Memorial, MemorialPrivacy } from '@/shared/memorials';
import { PRIVACY_NAMES } from '@/shared/memorials';
import { toast } from '@/client/lib/toast';
import { ChoiceCards } from '@/client/components/ui/choice-cards';
import { PRIVACY_CHOICES } from '../form/choices';
import { useUpdateMemorial } from '../save';

export function PrivacyChoice({ memorial }: { memorial: Memorial }) {
  const update = useUpdateMemorial(memorial.id);
  const navigate = useNavigate();
  const location = useLocation();
  const shown: MemorialPrivacy = update.isPending && update.variables.body.privacy ? update.variables.body.privacy : memorial.privacy;
  return (
    <div>
      <ChoiceCards
        legend="Hvem kan se mindesiden?"
        choices={PRIVACY_CHOICES}
        value={shown}
        onChange={(privacy) =>
          update.mutate(
            { body: { privacy } },
            {
              onSuccess: (next) => {
                const moved = next.slug !== memorial.slug;
                const address = moved ? ` Den har nu adressen ${window.location.origin}/memorial/${next.slug}` : '';
                toast({ title: 'Indstillinger gemt', description: `Mindesiden er nu ${PRIVACY_NAMES[privacy].toLowerCase()}.${address}` });
                if (moved) void navigate(`/edit-memorial/${next.slug}${location.hash}`, { replace: true });
              },
            },
          )
        }
      />
      <p aria-live="polite" className="mt-3 min-h-7 text-muted-foreground">
        {update.isPending ? 'Gemmer...' : null}
      </p>
    </div>
  );
}
