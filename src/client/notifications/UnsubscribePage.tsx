/**
 * /unsubscribe/{token}: the link at the foot of the daily e-mail. Opening it only asks (mail
 * programs open links to check them); the button turns the e-mails about new posts off. The
 * person can turn them on again under E-mail on /profile.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { Button } from '@/client/components/ui/button';
import { Notice } from '@/client/components/ui/notice';
import { CardPage } from '@/client/components/layout/CardPage';
import { LinkProblem } from '@/client/components/layout/LinkProblem';
import { PageShell } from '@/client/components/layout/PageShell';
import { usePageTitle } from '@/client/lib/page-title';
import { apiRequest, errorMessage } from '@/client/lib/request';
import { toast } from '@/client/lib/toast';
import { type UnsubscribeStatus, tokenParams } from '@/shared/post-mail-api';

const UNKNOWN = 'Linket virker ikke. Log ind, og vælg under E-mail på din profil, hvornår du vil have besked.';

export default function UnsubscribePage() {
  const { token = '' } = useParams();
  const wellFormed = tokenParams.safeParse({ token }).success;
  const key = ['/api/unsubscribe', token];
  const queryClient = useQueryClient();
  const status = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => apiRequest<UnsubscribeStatus>('GET', `/api/unsubscribe/${encodeURIComponent(token)}`, { signal }),
    enabled: wellFormed,
    retry: false,
    staleTime: 0,
  });
  const stop = useMutation({
    mutationFn: () => apiRequest<UnsubscribeStatus>('POST', `/api/unsubscribe/${encodeURIComponent(token)}`),
    onSuccess: (result) => queryClient.setQueryData(key, result),
    onError: (error) => toast({ variant: 'destructive', title: 'Fejl ved opdatering', description: errorMessage(error) }),
  });
  const off = status.data?.postMails === 'off';
  usePageTitle('Afmeld e-mails');

  let content;
  if (!wellFormed || status.isError) {
    content = (
      <LinkProblem message={wellFormed ? errorMessage(status.error) : UNKNOWN}>
        <Button asChild size="lg" className="w-full">
          <Link to="/profile?tab=email">Gå til dine valg for e-mail</Link>
        </Button>
      </LinkProblem>
    );
  } else if (!status.data) {
    content = (
      <p role="status" className="text-center text-muted-foreground">
        Tjekker linket...
      </p>
    );
  } else if (off) {
    content = (
      <div className="space-y-8">
        <Notice>
          <p role="status">Du får ikke flere e-mails om nye hilsner og lys. Du kan stadig se dem under Notifikationer, når du er logget ind.</p>
        </Notice>
        <Button asChild variant="secondary" size="lg" className="w-full">
          <Link to="/profile?tab=email">Skift mening under dine valg for e-mail</Link>
        </Button>
      </div>
    );
  } else {
    content = (
      <div className="space-y-8">
        <p>
          Vil du ikke længere have e-mails om nye hilsner og lys til {status.data.email}? Du kan stadig se dem under Notifikationer, når du er logget ind.
        </p>
        <Button size="lg" className="w-full" onClick={() => stop.mutate()} disabled={stop.isPending}>
          {stop.isPending ? 'Afmelder...' : 'Afmeld e-mails'}
        </Button>
      </div>
    );
  }

  return (
    <PageShell>
      <CardPage title={off ? 'Du er afmeldt' : 'Afmeld e-mails'} lead={status.data ? <p>{status.data.fullName}</p> : undefined}>
        {content}
      </CardPage>
    </PageShell>
  );
}
