/**
 * The memorial's rules for visitors: whether a candle is lit at once or waits like everything
 * else, and who may leave anything at all. Each change is saved the moment it is made.
 */
import { useId } from 'react';
import { QueryStatus } from '@/client/components/layout/QueryStatus';
import { Switch } from '@/client/components/ui/switch';
import { errorMessage } from '@/client/lib/request';
import { toast } from '@/client/lib/toast';
import type { PostSettings, WhoMayPost } from '@/shared/posts-api';
import { ChoiceCards, type Choice } from '@/client/components/ui/choice-cards';
import { useChangePostSettings, usePostSettings } from './use-moderation';

const WHO: readonly Choice<WhoMayPost>[] = [
  { value: 'everyone', title: 'Alle', description: 'Alle, der besøger mindesiden, kan tænde et lys og skrive en hilsen.' },
  { value: 'users', title: 'Kun brugere, der er logget ind', description: 'Besøgende skal logge ind med en konto hos Mindested først.' },
  { value: 'nobody', title: 'Ingen lige nu', description: 'Ingen kan tænde lys eller skrive, før du åbner igen. Det, der allerede er godkendt, bliver stående.' },
];

export function SettingsSection({ memorialId }: { memorialId: string }) {
  const id = useId();
  const settings = usePostSettings(memorialId);
  const change = useChangePostSettings(memorialId);

  const save = (value: Partial<PostSettings>) =>
    change.mutate(value, {
      onSuccess: () => toast({ title: 'Indstillinger gemt' }),
      onError: (error) => toast({ variant: 'destructive', title: 'Fejl ved opdatering', description: errorMessage(error) }),
    });

  return (
    <section aria-labelledby={`${id}-title`} className="rounded-2xl border border-border bg-card/90 px-4 py-7 shadow-sm sm:px-8 sm:py-9">
      <h2 id={`${id}-title`} className="text-2xl sm:text-3xl">
        Indstillinger
      </h2>
      <p className="mt-2 text-muted-foreground">Ændringer gemmes med det samme.</p>
      {settings.isPending || settings.isError ? (
        <QueryStatus compact query={settings} pending="Henter indstillingerne..." failed="Indstillingerne kunne ikke hentes" className="mt-7" />
      ) : (
        <div className="mt-7 space-y-9">
          <div>
            <div className="flex items-center justify-between gap-5">
              <p id={`${id}-candles`} className="text-base font-semibold">
                Tænd lys med det samme
              </p>
              <Switch
                checked={settings.data.candlesAutoApprove}
                onCheckedChange={(on) => save({ candlesAutoApprove: on })}
                aria-labelledby={`${id}-candles`}
                aria-describedby={`${id}-candles-hint`}
              />
            </div>
            <p id={`${id}-candles-hint`} className="mt-1 text-muted-foreground">
              Et lys brænder på mindesiden, så snart det er tændt. Hilsner og minder venter stadig på din godkendelse.
            </p>
          </div>
          <ChoiceCards legend="Hvem må skrive" hint="Gælder lys, hilsner og minder." choices={WHO} value={settings.data.whoMayPost} onChange={(who) => save({ whoMayPost: who })} />
        </div>
      )}
    </section>
  );
}
