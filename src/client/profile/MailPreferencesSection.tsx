/**
 * /profile?tab=email: how the person hears of new candles and greetings on the memorials they look
 * after (at once, once a day, never), and whether they are reminded of birthdays and death days.
 * Each change is saved the moment it is made, like the memorial's own settings.
 */
import { useId } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { QueryStatus } from '@/client/components/layout/QueryStatus';
import { Switch } from '@/client/components/ui/switch';
import { ChoiceCards, type Choice } from '@/client/components/ui/choice-cards';
import { apiRequest, errorMessage } from '@/client/lib/request';
import { toast } from '@/client/lib/toast';
import type { MailPreferences } from '@/shared/post-mail-api';
import type { PostMailChoice } from '@/shared/posts-api';

const PATH = '/api/profile/mail-preferences';

const POST_MAILS: readonly Choice<PostMailChoice>[] = [
  { value: 'immediate', title: 'Med det samme', description: 'Du får en e-mail kort efter, at nogen har tændt et lys eller skrevet en hilsen.' },
  { value: 'digest', title: 'Én gang om dagen', description: 'Én samlet e-mail hver morgen ved 7-tiden, hvis der er kommet noget nyt.' },
  { value: 'off', title: 'Aldrig', description: 'Ingen e-mails. Du kan stadig se alt under Notifikationer og på mindesidens side for hilsner og lys.' },
];

export function MailPreferencesSection() {
  const id = useId();
  const queryClient = useQueryClient();
  const preferences = useQuery({ queryKey: [PATH], queryFn: ({ signal }) => apiRequest<MailPreferences>('GET', PATH, { signal }) });
  const change = useMutation({
    mutationFn: (body: Partial<MailPreferences>) => apiRequest<MailPreferences>('PATCH', PATH, { body }),
    onSuccess: (saved) => {
      queryClient.setQueryData([PATH], saved);
      toast({ title: 'Indstillinger gemt' });
    },
    onError: (error) => toast({ variant: 'destructive', title: 'Fejl ved opdatering', description: errorMessage(error) }),
  });

  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-2xl">
        E-mail
      </h2>
      <p className="mt-2 text-muted-foreground">Ændringer gemmes med det samme.</p>
      {preferences.isPending || preferences.isError ? (
        <QueryStatus compact query={preferences} pending="Henter dine valg..." failed="Dine valg kunne ikke hentes" className="mt-7" />
      ) : (
        <div className="mt-7 space-y-9" aria-busy={change.isPending}>
          <ChoiceCards
            legend="Nye hilsner og lys"
            hint="På de mindesider, du er ejer eller medadministrator af. Fra e-mailen kan du godkende eller afvise med det samme."
            choices={POST_MAILS}
            value={change.isPending && change.variables.postMails ? change.variables.postMails : preferences.data.postMails}
            onChange={(postMails) => change.mutate({ postMails })}
          />
          <div>
            <div className="flex items-center justify-between gap-5">
              <p id={`${id}-reminders`} className="text-base font-semibold">
                Mind mig om fødselsdage og mindedage
              </p>
              <Switch
                checked={change.isPending && change.variables.anniversaryReminders !== undefined ? change.variables.anniversaryReminders : preferences.data.anniversaryReminders}
                onCheckedChange={(on) => change.mutate({ anniversaryReminders: on })}
                disabled={change.isPending}
                aria-labelledby={`${id}-reminders`}
                aria-describedby={`${id}-reminders-hint`}
              />
            </div>
            <p id={`${id}-reminders-hint`} className="mt-1 text-muted-foreground">
              En stille påmindelse på e-mail om morgenen, når den, I mindes, ville have haft fødselsdag, og på dødsdagen.
            </p>
          </div>
          <p role="status" className="min-h-7 text-muted-foreground">
            {change.isPending ? 'Gemmer...' : ''}
          </p>
        </div>
      )}
    </section>
  );
}
