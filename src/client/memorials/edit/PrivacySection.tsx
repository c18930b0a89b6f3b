/** Who can see the memorial. Changing it takes effect at once, so it is saved at once too. */
import type { Memorial, MemorialPrivacy } from '@/shared/memorials';
import { PRIVACY_NAMES } from '@/shared/memorials';
import { toast } from '@/client/lib/toast';
import { ChoiceCards } from '../form/ChoiceCards';
import { PRIVACY_CHOICES } from '../form/choices';
import { useUpdateMemorial } from '../save';

export function PrivacyChoice({ memorial }: { memorial: Memorial }) {
  const update = useUpdateMemorial(memorial.id);
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
            { onSuccess: () => toast({ title: 'Indstillinger gemt', description: `Mindesiden er nu ${PRIVACY_NAMES[privacy].toLowerCase()}.` }) },
          )
        }
      />
      <p aria-live="polite" className="mt-3 min-h-7 text-muted-foreground">
        {update.isPending ? 'Gemmer...' : null}
      </p>
    </div>
  );
}
