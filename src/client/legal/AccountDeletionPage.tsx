/**
 * /gdpr-data-request/slet/{token}: the link in the e-mail that "Slet din konto" sends (GDPR article
 * 17; issue 26). It works only for the person it was sent to, signed in: opening it shows what will
 * happen, as they chose it, and deletes nothing (mail programs open links to check them); the red
 * button, asked once more, deletes the account. The session ends with it, so the page forgets the
 * signed-in person the way a logout does and shows a receipt. Kept out of search engines: the
 * address carries a working token.
 */
import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LogIn, Trash2 } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { CardPage } from '@/client/components/layout/CardPage';
import { LinkProblem } from '@/client/components/layout/LinkProblem';
import { PageShell } from '@/client/components/layout/PageShell';
import { Button } from '@/client/components/ui/button';
import { ConfirmDialog } from '@/client/components/ui/confirm-dialog';
import { Notice } from '@/client/components/ui/notice';
import { usePageTitle } from '@/client/lib/page-title';
import { ApiError, apiRequest, errorMessage } from '@/client/lib/request';
import { toast } from '@/client/lib/toast';
import { accountQueryKeys, userQueryKey, useUser } from '@/client/lib/use-user';
import type { User } from '@/shared/auth';
import { ACCOUNT_DELETION_URL, ANONYMOUS_NAME, BOOKKEEPING_YEARS, type DeletionPreview, type DeletionReceipt, accountDeletionPage, accountDeletionTokenUrl } from '@/shared/account-deletion';
import { DATA_REQUEST_PAGE, invoicesKept } from './account-deletion-words';
import { Bullets } from './prose';

// Danish time wherever the reader is, so the page and the e-mail give the same hour.
const when = new Intl.DateTimeFormat('da-DK', { timeZone: 'Europe/Copenhagen', day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit' });

/**
 * Answers that mean this link cannot be used, and the server's words say why: unknown (404), used,
 * expired or replaced (410), and when confirming, memorials changed since (409) or an account that
 * may no longer delete itself here (403, a subscription started since). Each needs a new link or a
 * step elsewhere, so the page says so instead of offering the button again.
 */
const linkProblem = (error: unknown) => error instanceof ApiError && [403, 404, 409, 410].includes(error.status);

export default function AccountDeletionPage() {
  const { token = '' } = useParams();
  const { user, isLoading } = useUser();
  const queryClient = useQueryClient();
  const path = accountDeletionTokenUrl(token);
  const previewKey = [path];

  const confirm = useMutation({
    mutationFn: async () => {
      // Reads of the account still on their way would come back 401 once the session has ended.
      await Promise.all(accountQueryKeys.map((queryKey) => queryClient.cancelQueries({ queryKey })));
      return apiRequest<DeletionReceipt>('POST', path);
    },
    onSuccess: () => {
      // As a logout does (lib/use-logout.ts): the server has ended the session with the account.
      queryClient.setQueryData<User | null>(userQueryKey, null);
      for (const queryKey of [...accountQueryKeys, [ACCOUNT_DELETION_URL], previewKey]) queryClient.removeQueries({ queryKey });
    },
    onError: (error) => {
      if (!linkProblem(error)) toast({ variant: 'destructive', title: 'Kontoen blev ikke slettet', description: errorMessage(error), duration: 15_000 });
    },
  });
  const preview = useQuery({
    queryKey: previewKey,
    queryFn: ({ signal }) => apiRequest<DeletionPreview>('GET', path, { signal }),
    enabled: Boolean(user) && !confirm.isSuccess,
    retry: false,
    staleTime: 0,
  });

  const sessionGone = preview.error instanceof ApiError && preview.error.status === 401;
  // The session ended elsewhere (logged out in another tab, expired): forget the person here too,
  // or the login page would take them for signed in and send them on.
  useEffect(() => {
    if (sessionGone) queryClient.setQueryData<User | null>(userQueryKey, null);
  }, [sessionGone, queryClient]);
  const signedOut = !user || sessionGone;
  const spent = linkProblem(preview.error) ? preview.error : linkProblem(confirm.error) ? confirm.error : null;

  let title = 'Slet din konto';
  let content;
  if (confirm.isSuccess) {
    title = 'Din konto er slettet';
    content = <Receipt receipt={confirm.data} />;
  } else if (isLoading) {
    content = <Waiting text="Henter..." />;
  } else if (signedOut) {
    title = 'Log ind for at slette din konto';
    content = <SignInFirst token={token} />;
  } else if (spent) {
    title = 'Linket virker ikke';
    content = (
      <LinkProblem message={errorMessage(spent)}>
        <Button asChild size="lg" className="w-full">
          <Link to={DATA_REQUEST_PAGE}>Til siden om dine data</Link>
        </Button>
      </LinkProblem>
    );
  } else if (preview.isError) {
    content = (
      <div className="space-y-6">
        <Notice tone="problem" title="Vi kunne ikke hente, hvad linket gør">
          <p>{errorMessage(preview.error)}</p>
        </Notice>
        <Button size="lg" variant="secondary" className="w-full" onClick={() => void preview.refetch()} disabled={preview.isFetching}>
          {preview.isFetching ? 'Henter...' : 'Prøv igen'}
        </Button>
      </div>
    );
  } else if (!preview.data) {
    content = <Waiting text="Henter, hvad der skal ske..." />;
  } else {
    content = <Preview preview={preview.data} deleting={confirm.isPending} onConfirm={() => confirm.mutate()} />;
  }
  usePageTitle(title);

  return (
    <PageShell>
      {/* The address carries a working token: no search engine should keep it. */}
      <meta name="robots" content="noindex, nofollow" />
      <CardPage title={title} width="wide">
        {content}
      </CardPage>
    </PageShell>
  );
}

function Waiting({ text }: { text: string }) {
  return (
    <p role="status" className="text-center text-muted-foreground">
      {text}
    </p>
  );
}

function SignInFirst({ token }: { token: string }) {
  return (
    <div className="space-y-6 text-center">
      <p>Linket virker kun, når du er logget ind på den konto, der skal slettes. Log ind, så kommer du tilbage hertil og kan se, hvad der sker, før du bekræfter.</p>
      {/* Whoever follows the link again after the deletion is signed out, and their account is gone. */}
      <p className="text-muted-foreground">Har du allerede slettet kontoen, er der ikke mere at gøre. Du fik en kvittering på e-mail.</p>
      <Button asChild size="lg" className="w-full sm:w-auto">
        <Link to={`/login?redirect=${encodeURIComponent(accountDeletionPage(token))}`}>
          <LogIn aria-hidden="true" />
          Log ind
        </Link>
      </Button>
    </div>
  );
}

function Preview({ preview, deleting, onConfirm }: { preview: DeletionPreview; deleting: boolean; onConfirm: () => void }) {
  const [asking, setAsking] = useState(false);
  return (
    <div className="space-y-8">
      <p>Det her sker, når du sletter din konto, sådan som du valgte det:</p>
      <Bullets>
        {preview.memorials.map((memorial, index) => (
          // Names may repeat (two memorials of the same person); the order is the server's and does not change.
          <li key={index}>
            {memorial.handToName ? (
              <>
                Mindesiden for <strong>{memorial.name}</strong> bliver givet videre til <strong>{memorial.handToName}</strong>, som bliver ejer.
              </>
            ) : (
              <>
                Mindesiden for <strong>{memorial.name}</strong> bliver slettet med alle billeder, videoer og musik.
              </>
            )}
          </li>
        ))}
        {preview.postCount > 0 ? (
          <li>
            {preview.posts === 'anonymise'
              ? `Dine lys, hilsner og minder (${preview.postCount} indlæg) bliver stående med navnet »${ANONYMOUS_NAME}«.`
              : `Dine lys, hilsner og minder (${preview.postCount} indlæg) bliver slettet.`}
          </li>
        ) : null}
        {preview.invoices > 0 ? <li>{invoicesKept(preview.invoices)}</li> : null}
        <li>Din konto bliver slettet, og du bliver logget ud. Du kan ikke fortryde bagefter.</li>
      </Bullets>
      <p className="text-muted-foreground">
        Linket virker til {when.format(new Date(preview.expiresAt))}. Fortryder du, skal du ikke gøre noget: så holder linket op med at virke af sig selv. Vil du vælge om, så
        bed om et nyt link på <Link to={DATA_REQUEST_PAGE} className="font-semibold text-gold-text underline decoration-gold/50 underline-offset-4 hover:decoration-gold-text">siden om dine data</Link>.
      </p>
      <Button size="lg" variant="destructive" className="w-full py-3 text-center whitespace-normal!" onClick={() => setAsking(true)}>
        <Trash2 aria-hidden="true" />
        Slet min konto for altid
      </Button>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title="Vil du slette din konto for altid?"
        confirmLabel="Ja, slet min konto"
        pendingLabel="Sletter..."
        pending={deleting}
        onConfirm={() => onConfirm()}
        dismissLabel="Nej, behold den"
      >
        <p>Når kontoen er slettet, kan den ikke hentes tilbage, og du kan ikke logge ind igen.</p>
      </ConfirmDialog>
    </div>
  );
}

function Receipt({ receipt }: { receipt: DeletionReceipt }) {
  const rows = [
    { label: 'Mindesider givet videre', count: receipt.memorialsHandedOver },
    { label: 'Mindesider slettet', count: receipt.memorialsDeleted },
    { label: `Indlæg, der nu står som »${ANONYMOUS_NAME}«`, count: receipt.postsAnonymised },
    { label: 'Indlæg slettet', count: receipt.postsDeleted },
    { label: `Fakturaer, vi gemmer i ${BOOKKEEPING_YEARS} år`, count: receipt.invoicesKept },
  ].filter((row) => row.count > 0);
  return (
    <div className="space-y-8">
      <div role="status" className="space-y-3 text-center">
        <p className="text-lg">Du er logget ud, og din konto findes ikke længere.</p>
        <p>Vi har sendt en kvittering til din e-mail.</p>
      </div>
      {rows.length > 0 ? (
        <div>
          <h2 className="font-sans text-lg font-semibold">Det er sket</h2>
          <dl className="mt-3 divide-y divide-border rounded-lg border border-border bg-background/60">
          {rows.map((row) => (
            <div key={row.label} className="flex items-baseline justify-between gap-4 px-5 py-3">
              <dt>{row.label}</dt>
              <dd className="font-semibold tabular-nums">{row.count}</dd>
            </div>
          ))}
          </dl>
        </div>
      ) : null}
      {receipt.invoicesKept > 0 ? (
        <p className="text-base text-muted-foreground">Fakturaerne gemmer vi kun, fordi bogføringsloven kræver det. Derefter bliver de slettet.</p>
      ) : null}
      <p className="text-center">Tak, fordi du brugte Mindested.</p>
      <div className="text-center">
        <Button asChild size="lg" variant="secondary" className="w-full sm:w-auto">
          <Link to="/">Til forsiden</Link>
        </Button>
      </div>
    </div>
  );
}
