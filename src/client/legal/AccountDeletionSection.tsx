/**
 * "Slet din konto" on /gdpr-data-request (GDPR article 17; issue 26): a signed-in person chooses,
 * for each memorial they own, a co-admin to hand it to or that it is deleted, and whether their
 * candles, greetings and memories stay as "Anonym" or go. Sending the choices only e-mails a link;
 * nothing is deleted until the person opens it and confirms (AccountDeletionPage), so a borrowed
 * phone or an open laptop cannot close an account alone.
 *
 * The choices are a handful of radio groups and no text, so plain state is enough here; the server
 * checks them again against deletionRequestBody and answers a stale one in Danish.
 */
import { type FormEvent, useId, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LogIn, MailCheck, Send } from 'lucide-react';
import { Link } from 'react-router';
import { QueryStatus } from '@/client/components/layout/QueryStatus';
import { Button } from '@/client/components/ui/button';
import { type Choice, ChoiceCards } from '@/client/components/ui/choice-cards';
import { Notice } from '@/client/components/ui/notice';
import { ApiError, apiRequest, errorMessage } from '@/client/lib/request';
import { useUser } from '@/client/lib/use-user';
import {
  ACCOUNT_DELETION_URL,
  ANONYMOUS_NAME,
  DELETION_LINK_HOURS,
  type DeletionPlan,
  type DeletionRequestBody,
  type DeletionRequestSent,
  deletionMessages,
  type OwnedMemorial,
  type PostChoice,
} from '@/shared/account-deletion';
import { DATA_REQUEST_PAGE, invoicesKept, memorialsWord } from './account-deletion-words';
import { Bullets, TextLink } from './prose';

const PLAN_KEY = [ACCOUNT_DELETION_URL] as const;
/** A memorial's choice when it is deleted; any other value is the id of the co-admin it goes to. */
const DELETE = 'slet';

const POST_CHOICES: readonly Choice<PostChoice>[] = [
  {
    value: 'anonymise',
    title: `Lad dem stå som »${ANONYMOUS_NAME}«`,
    description: `Familierne beholder det, du har skrevet. Dit navn bliver skiftet ud med »${ANONYMOUS_NAME}«, og intet peger længere på dig.`,
  },
  { value: 'delete', title: 'Slet dem', description: 'Dine lys, hilsner og minder forsvinder fra mindesiderne, også billeder, du har lagt ved.' },
];

export function AccountDeletionSection() {
  const { user, isLoading } = useUser();
  return (
    <section aria-labelledby="slet-titel" className="mt-14">
      <h2 id="slet-titel" className="text-2xl sm:text-3xl">
        Slet din konto
      </h2>
      <div className="mt-5 space-y-4">
        {isLoading ? (
          <p role="status" className="text-muted-foreground">
            Henter...
          </p>
        ) : user ? (
          <DeletionPlanPart />
        ) : (
          <>
            <p>Har du en konto hos os, kan du selv slette den her. Log ind først, så vi ved, at det er din konto.</p>
            <Button asChild size="lg" variant="secondary" className="w-full sm:w-auto">
              <Link to={`/login?redirect=${encodeURIComponent(DATA_REQUEST_PAGE)}`}>
                <LogIn aria-hidden="true" />
                Log ind
              </Link>
            </Button>
          </>
        )}
      </div>
    </section>
  );
}

function DeletionPlanPart() {
  const plan = useQuery({ queryKey: PLAN_KEY, queryFn: ({ signal }) => apiRequest<DeletionPlan>('GET', ACCOUNT_DELETION_URL, { signal }), retry: false, staleTime: 0 });
  const [sent, setSent] = useState<DeletionRequestSent | null>(null);

  if (plan.isPending || plan.isError) return <QueryStatus compact query={plan} pending="Henter, hvad der hører til din konto..." failed="Vi kunne ikke hente oplysningerne om din konto" />;
  if (plan.data.refusal) return <Refusal refusal={plan.data.refusal} />;
  if (sent) return <LinkSent sent={sent} onAgain={() => setSent(null)} />;
  return <DeletionForm plan={plan.data} onSent={setSent} />;
}

/** Why this account is not deleted here, and the way on the message itself names. */
function Refusal({ refusal }: { refusal: string }) {
  const way =
    refusal === deletionMessages.subscriptionRunning ? { to: '/subscription', label: 'Gå til Abonnement' } : refusal === deletionMessages.refusedRole ? { to: `/contact?emne=${encodeURIComponent('Luk min konto')}`, label: 'Skriv til os' } : null;
  return (
    <div className="space-y-5">
      <Notice>
        <p>{refusal}</p>
      </Notice>
      {way ? (
        <Button asChild variant="secondary" size="md" className="w-full sm:w-auto">
          <Link to={way.to}>{way.label}</Link>
        </Button>
      ) : null}
    </div>
  );
}

/** After the 202: where the link went and how long it works; choosing again sends a new one. */
function LinkSent({ sent, onAgain }: { sent: DeletionRequestSent; onAgain: () => void }) {
  return (
    <div className="space-y-5">
      <Notice title="Tjek din e-mail">
        <div role="status" className="space-y-2">
          <p>
            Vi har sendt et link til <strong className="break-all">{sent.sentTo}</strong>. Linket virker i {DELETION_LINK_HOURS} timer.
          </p>
          <p>Din konto bliver først slettet, når du har åbnet linket og bekræftet. Fortryder du, skal du ikke gøre noget: så sker der ingenting.</p>
        </div>
      </Notice>
      <p className="text-base text-muted-foreground">
        Kan du ikke finde e-mailen, så kig i mappen med uønsket post. Vil du vælge om, kan du få et nyt link; det gamle holder så op med at virke.
      </p>
      <Button variant="secondary" size="md" className="w-full sm:w-auto" onClick={onAgain}>
        <MailCheck aria-hidden="true" />
        Vælg om og få et nyt link
      </Button>
    </div>
  );
}

type Errors = { memorials: Record<string, string>; posts?: string; form?: string };

function DeletionForm({ plan, onSent }: { plan: DeletionPlan; onSent: (sent: DeletionRequestSent) => void }) {
  const queryClient = useQueryClient();
  const formRef = useRef<HTMLFormElement>(null);
  const [choices, setChoices] = useState<Record<string, string>>({});
  const [posts, setPosts] = useState<PostChoice | ''>('');
  const [errors, setErrors] = useState<Errors>({ memorials: {} });
  const choosable = plan.owned.filter((memorial) => memorial.coAdmins.length > 0);
  const onlyDeleted = plan.owned.filter((memorial) => memorial.coAdmins.length === 0);

  const send = useMutation({
    mutationFn: (body: DeletionRequestBody) => apiRequest<DeletionRequestSent>('POST', ACCOUNT_DELETION_URL, { body }),
    onSuccess: onSent,
    onError: (error) => {
      // A memorial made, given away or left by a co-admin since the page was read: read the plan
      // again (the choices of memorials still there stay), and keep the server's message in view.
      if (error instanceof ApiError && error.status === 400 && error.field === 'memorials') void queryClient.invalidateQueries({ queryKey: PLAN_KEY });
      if (error instanceof ApiError && error.status === 400 && error.field === 'posts') setErrors({ memorials: {}, posts: error.message });
      else setErrors({ memorials: {}, form: errorMessage(error) });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Errors = { memorials: {} };
    for (const memorial of choosable) if (!choices[memorial.id]) found.memorials[memorial.id] = deletionMessages.memorialMissing;
    if (plan.posts > 0 && !posts) found.posts = deletionMessages.postsMissing;
    setErrors(found);
    if (Object.keys(found.memorials).length > 0 || found.posts) {
      // Focus the first group still without a choice, so a keyboard or screen reader lands on it.
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLInputElement>('input[aria-invalid="true"]')?.focus());
      return;
    }
    send.mutate({
      memorials: plan.owned.map((memorial) => {
        const choice = choices[memorial.id];
        return { memorialId: memorial.id, handTo: choice && choice !== DELETE ? choice : null };
      }),
      // With no posts the answer changes nothing; the server still wants one.
      posts: posts || 'delete',
    });
  };

  return (
    <form ref={formRef} noValidate onSubmit={submit} className="space-y-8" aria-busy={send.isPending}>
      <div className="space-y-4">
        <p>
          Når kontoen er slettet, kan du ikke logge ind igen, og vi kan ikke hente noget frem. Vil du gemme noget først, så hent dine data ovenfor.
        </p>
        <p>Vælg herunder, hvad der skal ske med det, du har lagt på Mindested. Så sender vi dig en e-mail med et link, og først når du har åbnet det og bekræftet, bliver noget slettet.</p>
      </div>

      {plan.owned.length > 0 ? (
        <div className="space-y-7">
          <h3 className="font-sans text-lg font-semibold">{plan.owned.length === 1 ? 'Din mindeside' : `Dine ${memorialsWord(plan.owned.length)}`}</h3>
          {choosable.map((memorial) => (
            <MemorialChoice
              key={memorial.id}
              memorial={memorial}
              value={choices[memorial.id] ?? ''}
              error={errors.memorials[memorial.id]}
              onChange={(value) => {
                setChoices((current) => ({ ...current, [memorial.id]: value }));
                setErrors(({ memorials: { [memorial.id]: _gone, ...rest }, ...others }) => ({ ...others, memorials: rest }));
              }}
            />
          ))}
          {onlyDeleted.map((memorial) => (
            <WithoutCoAdmins key={memorial.id} memorial={memorial} />
          ))}
        </div>
      ) : null}

      {plan.posts > 0 ? (
        <ChoiceCards
          legend="Dine lys, hilsner og minder"
          hint={`Det gælder ${plan.posts} indlæg i alt.`}
          choices={POST_CHOICES}
          value={posts}
          onChange={(value) => {
            setPosts(value);
            setErrors((current) => ({ ...current, posts: undefined }));
          }}
          error={errors.posts}
        />
      ) : null}

      <div>
        <h3 className="font-sans text-lg font-semibold">Det sker også</h3>
        <div className="mt-3">
          <Bullets>
            <li>Din konto med navn, brugernavn, e-mail og adgangskode bliver slettet, og du bliver logget ud.</li>
            {plan.coAdministered > 0 ? (
              <li>
                {plan.coAdministered === 1
                  ? 'Den mindeside, du hjælper med at passe, bliver stående hos sin ejer. Din adgang til den ophører.'
                  : `De ${memorialsWord(plan.coAdministered)}, du hjælper med at passe, bliver stående hos deres ejere. Din adgang til dem ophører.`}
              </li>
            ) : null}
            {plan.invoices > 0 ? <li>{invoicesKept(plan.invoices)}</li> : null}
            <li>Intet bliver slettet, før du har klikket på linket i e-mailen og bekræftet.</li>
          </Bullets>
        </div>
      </div>

      {errors.form ? (
        <Notice tone="problem" title="Vi kunne ikke sende linket">
          <p role="alert">{errors.form}</p>
        </Notice>
      ) : null}

      <Button type="submit" size="lg" className="w-full py-3 text-center whitespace-normal! sm:w-auto" disabled={send.isPending}>
        <Send aria-hidden="true" />
        {send.isPending ? 'Sender...' : 'Send mig et link til at slette kontoen'}
      </Button>
    </form>
  );
}

function MemorialChoice({ memorial, value, error, onChange }: { memorial: OwnedMemorial; value: string; error?: string; onChange: (value: string) => void }) {
  const choices: Choice<string>[] = [
    ...memorial.coAdmins.map((coAdmin) => ({
      value: coAdmin.userId,
      title: `Giv den til ${coAdmin.fullName}`,
      description: `${coAdmin.fullName} bliver ejer og kan passe mindesiden videre, med alt hvad der er på den.`,
    })),
    { value: DELETE, title: 'Slet mindesiden', description: 'Mindesiden bliver slettet med alle billeder, videoer og musik. Besøgende får at vide, at den er slettet.' },
  ];
  return <ChoiceCards legend={`Mindesiden for ${memorial.name}`} choices={choices} value={value} onChange={onChange} error={error} />;
}

/** A memorial nobody else helps with can only go with the account; say how to hand it on instead. */
function WithoutCoAdmins({ memorial }: { memorial: OwnedMemorial }) {
  const id = useId();
  return (
    <div role="group" aria-labelledby={id}>
      <p id={id} className="text-base font-semibold">
        Mindesiden for {memorial.name}
      </p>
      <Notice className="mt-3">
        <p>Mindesiden har ingen medadministratorer, så den bliver slettet med alle billeder, videoer og musik.</p>
        <p className="mt-2">
          Vil du hellere give den videre, så gør først en anden til medadministrator under{' '}
          <TextLink to={`/edit-memorial/${encodeURIComponent(memorial.slug)}#adgang`}>Adgang for mindesiden</TextLink>, og kom så tilbage hertil.
        </p>
      </Notice>
    </div>
  );
}
