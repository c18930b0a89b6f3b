/**
 * /post-decision/{token}: the "Godkend" or "Afvis" link from an administrator's e-mail. Opening it
 * only shows the post (mail programs open links to check them); the button decides. A used,
 * expired or unknown link, a post someone else decided, and a person who no longer looks after the
 * memorial each say so and point the way on. No login needed: the link is the authority.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { Button } from '@/client/components/ui/button';
import { Notice } from '@/client/components/ui/notice';
import { CardPage } from '@/client/components/layout/CardPage';
import { LinkProblem } from '@/client/components/layout/LinkProblem';
import { PageShell } from '@/client/components/layout/PageShell';
import { usePageTitle } from '@/client/lib/page-title';
import { ApiError, apiRequest, errorMessage } from '@/client/lib/request';
import { toast } from '@/client/lib/toast';
import { type PostDecision, tokenParams } from '@/shared/post-mail-api';
import type { PostKind, PostStatus } from '@/shared/posts-api';

/** What the post is called in a sentence: "Godkend hilsenen", "Lyset er afvist". */
const THE: Record<PostKind, { noun: string; from: string }> = {
  candle: { noun: 'lyset', from: 'Lys tændt af' },
  guestbook: { noun: 'hilsenen', from: 'Hilsen fra' },
  memory: { noun: 'mindet', from: 'Minde fra' },
  tribute: { noun: 'mindeordene', from: 'Mindeord fra' },
};

const STATUS_WORD: Record<PostStatus, string> = { pending: 'venter stadig', approved: 'godkendt', rejected: 'afvist', hidden: 'skjult' };

const UNKNOWN = 'Linket kendes ikke. Prøv at åbne det direkte fra e-mailen, eller log ind og find hilsenen på mindesiden.';

// Danish time wherever the reader is, so the page and the e-mail give the same hour.
const when = new Intl.DateTimeFormat('da-DK', { timeZone: 'Europe/Copenhagen', day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit' });
const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export default function PostDecisionPage() {
  const { token = '' } = useParams();
  const wellFormed = tokenParams.safeParse({ token }).success;
  const key = ['/api/post-decisions', token];
  const queryClient = useQueryClient();
  const decision = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => apiRequest<PostDecision>('GET', `/api/post-decisions/${encodeURIComponent(token)}`, { signal }),
    enabled: wellFormed,
    retry: false,
    staleTime: 0,
  });
  const decide = useMutation({
    mutationFn: () => apiRequest<PostDecision>('POST', `/api/post-decisions/${encodeURIComponent(token)}`),
    onSuccess: (result) => queryClient.setQueryData(key, result),
    onError: (error) => toast({ variant: 'destructive', title: 'Fejl ved opdatering', description: errorMessage(error) }),
  });

  const data = decision.data;
  const title = !wellFormed || decision.isError ? 'Linket virker ikke' : data ? titleOf(data) : 'Hilsner og lys';
  usePageTitle(title);

  let content;
  if (!wellFormed || decision.isError) {
    const notFound = decision.error instanceof ApiError && decision.error.status === 404;
    content = (
      <LinkProblem message={!wellFormed || notFound ? (decision.error ? errorMessage(decision.error) : UNKNOWN) : errorMessage(decision.error)}>
        <Button asChild size="lg" className="w-full">
          <Link to="/profile">Gå til dine mindesider</Link>
        </Button>
      </LinkProblem>
    );
  } else if (!data) {
    content = (
      <p role="status" className="text-center text-muted-foreground">
        Henter hilsenen...
      </p>
    );
  } else {
    content = <Decision data={data} deciding={decide.isPending} onDecide={() => decide.mutate()} />;
  }

  return (
    <PageShell>
      <CardPage title={title} lead={data ? <p>På mindesiden for {data.memorial.name}</p> : undefined}>
        {content}
      </CardPage>
    </PageShell>
  );
}

function titleOf(data: PostDecision): string {
  const the = THE[data.post.kind].noun;
  switch (data.state) {
    case 'ready':
      return `${data.action === 'approve' ? 'Godkend' : 'Afvis'} ${the}`;
    case 'done':
      return `${capital(the)} er ${data.action === 'approve' ? 'godkendt' : 'afvist'}`;
    case 'used':
      return 'Linket er allerede brugt';
    case 'expired':
      return 'Linket er udløbet';
    case 'decided':
      return `${capital(the)} er allerede ${STATUS_WORD[data.post.status]}`;
    case 'not-admin':
      return 'Linket virker ikke længere';
  }
}

/** "Godkendt af Bent Holm 1. november kl. 11.05." */
function whoDecided(data: PostDecision): string {
  const { post } = data;
  if (post.status === 'pending') return `${capital(THE[post.kind].noun)} venter stadig på at blive godkendt eller afvist.`;
  const by = post.decidedBy ? ` af ${post.decidedBy}` : '';
  const at = post.decidedAt ? ` den ${when.format(new Date(post.decidedAt))}` : '';
  return `${capital(THE[post.kind].noun)} blev ${STATUS_WORD[post.status]}${by}${at}.`;
}

function Decision({ data, deciding, onDecide }: { data: PostDecision; deciding: boolean; onDecide: () => void }) {
  const the = THE[data.post.kind].noun;
  const adminPath = `/memorial/${data.memorial.slug}/admin`;
  const approve = data.action === 'approve';
  const toAdmin = (
    <Button asChild variant="secondary" size="lg" className="w-full">
      <Link to={adminPath}>Se alle hilsner og lys</Link>
    </Button>
  );

  return (
    <div className="space-y-8">
      <PostCard data={data} />
      {data.state === 'ready' ? (
        <>
          <p>
            {approve
              ? `Når du godkender, bliver ${the} vist på mindesiden for alle, der besøger den.`
              : `Når du afviser, bliver ${the} ikke vist på mindesiden. ${capital(the)} kan ikke hentes frem igen bagefter.`}
          </p>
          <div className="space-y-3">
            <Button size="lg" variant={approve ? 'primary' : 'destructive'} className="w-full" onClick={onDecide} disabled={deciding}>
              {deciding ? (approve ? 'Godkender...' : 'Afviser...') : `${approve ? 'Godkend' : 'Afvis'} ${the}`}
            </Button>
            {toAdmin}
          </div>
        </>
      ) : data.state === 'done' ? (
        <>
          <Notice>
            <p role="status">
              {approve ? `Tak. ${capital(the)} er godkendt og vises nu på mindesiden.` : `${capital(the)} er afvist og bliver ikke vist på mindesiden.`}
            </p>
          </Notice>
          <div className="space-y-3">
            {approve ? (
              <Button asChild size="lg" className="w-full">
                <Link to={`/memorial/${data.memorial.slug}`}>Se mindesiden</Link>
              </Button>
            ) : null}
            {toAdmin}
          </div>
        </>
      ) : (
        <>
          {/* A used link or a post already decided is news, not a fault; the others stop the person. */}
          <Notice tone={data.state === 'used' || data.state === 'decided' ? 'info' : 'problem'}>
            <p>{problemText(data)}</p>
          </Notice>
          {data.state === 'not-admin' ? (
            <Button asChild size="lg" className="w-full">
              <Link to="/profile">Gå til dine mindesider</Link>
            </Button>
          ) : (
            toAdmin
          )}
        </>
      )}
    </div>
  );
}

function problemText(data: PostDecision): string {
  const the = THE[data.post.kind].noun;
  switch (data.state) {
    case 'used':
      return `Hvert link i e-mailen kan kun bruges én gang. ${whoDecided(data)} Du kan altid se og ændre det under mindesidens hilsner og lys, når du er logget ind.`;
    case 'expired':
      return `Linkene i e-mailen virker i 14 dage. Log ind, og godkend eller afvis ${the} under mindesidens hilsner og lys.`;
    case 'decided':
      return `${whoDecided(data)} Der er ikke mere, du skal gøre.`;
    case 'not-admin':
      return `Du er ikke længere ejer eller medadministrator af mindesiden for ${data.memorial.name}, så du kan ikke godkende eller afvise herfra. Spørg mindesidens ejer, hvis du mener, det er en fejl.`;
    default:
      return '';
  }
}

/** The post as it was written, shown as text only. */
function PostCard({ data }: { data: PostDecision }) {
  const { post } = data;
  return (
    <figure className="rounded-lg border border-border bg-background/60 px-5 py-4">
      <figcaption className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <span className="font-semibold">
          {THE[post.kind].from} {post.name}
        </span>
        <span className="text-sm text-muted-foreground">{when.format(new Date(post.createdAt))}</span>
      </figcaption>
      {post.message ? <blockquote className="mt-3 border-l-[3px] border-gold pl-4 break-words whitespace-pre-wrap">{post.message}</blockquote> : null}
    </figure>
  );
}
