/**
 * /reseller-register, "Bliv forhandler nu": a funeral home or stone dealer applies (PRODUCT.md
 * "Resellers"). A visitor applies with an e-mail address and, once approved, is e-mailed a link to
 * choose username and password; a signed-in person applies for their own account, and one who has
 * applied already sees where that stands instead. ?partner=CODE is the referral link of an
 * approved reseller: the applicant becomes its partner once approved.
 */
import { useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { ArrowRight, CircleCheck } from 'lucide-react';
import type { User } from '@/shared/auth';
import { RESELLER_STATUS_LABELS, type ResellerMe } from '@/shared/resellers';
import { resellerMessages } from '@/shared/resellers-api';
import { PageShell } from '@/client/components/layout/PageShell';
import { Button } from '@/client/components/ui/button';
import { Card, CardBody } from '@/client/components/ui/card';
import { Notice } from '@/client/components/ui/notice';
import { usePageTitle } from '@/client/lib/page-title';
import { ApiError, apiRequest } from '@/client/lib/request';
import { useUser } from '@/client/lib/use-user';
import { ApplicationForm, type ApplicationResult } from './ApplicationForm';
import { genitive } from './format';
import { overviewQueryKey } from './use-dashboard';
import { resellerQueryKey, useResellerQuery } from './use-reseller';

const linkClass = 'font-semibold text-gold-text underline decoration-gold/50 underline-offset-4 hover:decoration-gold-text';

export default function ResellerRegisterPage() {
  usePageTitle('Bliv forhandler');
  const [params] = useSearchParams();
  const partnerCode = params.get('partner')?.trim() || undefined;
  const { user, isLoading } = useUser();
  const record = useResellerQuery(Boolean(user));
  const [sent, setSent] = useState<ApplicationResult | null>(null);
  const queryClient = useQueryClient();

  const onSent = (result: ApplicationResult) => {
    setSent(result);
    if (user) {
      void queryClient.invalidateQueries({ queryKey: resellerQueryKey });
      void queryClient.invalidateQueries({ queryKey: overviewQueryKey });
    }
  };

  const waiting = isLoading || (user !== null && record.isPending);
  const existing = user && !sent ? (record.data ?? null) : null;

  return (
    <PageShell>
      <div className="mx-auto grid max-w-6xl gap-10 px-5 py-12 sm:px-6 sm:py-20 lg:grid-cols-[minmax(0,1fr)_36rem] lg:gap-16">
        <Introduction user={user} partnerCode={partnerCode} />
        <Card className="self-start">
          <CardBody className="px-5 sm:px-10 sm:py-11">
            {waiting ? (
              <p role="status" className="py-16 text-center text-muted-foreground">
                Indlæser...
              </p>
            ) : sent ? (
              <Sent result={sent} signedIn={user !== null} />
            ) : existing && existing.status !== 'rejected' ? (
              <ExistingApplication reseller={existing} />
            ) : (
              <>
                <h2 className="text-3xl">Ansøgning</h2>
                <p className="mt-2 mb-8 text-muted-foreground">Alle felter skal udfyldes.</p>
                {existing ? (
                  <Notice className="mb-8" title="Jeres tidligere ansøgning blev afslået">
                    Begrundelsen står på <Link to="/reseller-dashboard" className={linkClass}>forhandlersiden</Link>. I er velkomne til at
                    sende en ny ansøgning.
                  </Notice>
                ) : null}
                {partnerCode ? <PartnerNote code={partnerCode} /> : null}
                <PartnerAwareForm user={user} partnerCode={partnerCode} onSent={onSent} />
              </>
            )}
          </CardBody>
        </Card>
      </div>
    </PageShell>
  );
}

/** Why, and how it goes: three steps, said before anyone fills anything in. */
function Introduction({ user, partnerCode }: { user: User | null; partnerCode: string | undefined }) {
  const here = partnerCode ? `/reseller-register?partner=${encodeURIComponent(partnerCode)}` : '/reseller-register';
  const steps = [
    { title: 'I sender ansøgningen', text: 'Det tager få minutter. Vi bruger CVR-nummeret til at se, at virksomheden er registreret.' },
    { title: 'Vi gennemgår den', text: 'Normalt inden for fem hverdage. I får svar på e-mail, uanset hvad vi beslutter.' },
    user
      ? { title: 'I får jeres forhandleroverblik', text: 'Når I er godkendt, finder I det under »Forhandler« i menuen, når du er logget ind.' }
      : { title: 'I vælger brugernavn og adgangskode', text: 'Når I er godkendt, får I en e-mail med et link, hvor I vælger brugernavn og adgangskode til jeres forhandleroverblik.' },
  ];
  return (
    <div className="lg:pt-4">
      <p className="text-sm font-semibold tracking-[0.14em] text-gold-text uppercase">For bedemænd og stenhuggere</p>
      <h1 className="mt-3 text-4xl sm:text-5xl">Bliv forhandler hos Mindested</h1>
      <div className="mt-5 max-w-xl space-y-4 text-lg text-muted-foreground">
        <p>
          Som forhandler giver I familierne en QR-kode til mindestenen. Koden åbner en mindeside, hvor familie og venner kan tænde
          et lys, skrive en hilsen og dele minder.
        </p>
        <p>I følger hver kode i jeres eget overblik: hvornår den er givet til en familie, og hvornår den er taget i brug.</p>
      </div>
      <ol className="mt-10 max-w-xl space-y-6">
        {steps.map((step, index) => (
          <li key={step.title} className="flex gap-4">
            <span aria-hidden="true" className="flex size-10 shrink-0 items-center justify-center rounded-full border border-gold/50 bg-gold-soft font-serif text-lg">
              {index + 1}
            </span>
            <div>
              <h2 className="font-sans text-lg font-semibold">{step.title}</h2>
              <p className="mt-1 text-muted-foreground">{step.text}</p>
            </div>
          </li>
        ))}
      </ol>
      <div className="mt-10 max-w-xl space-y-3 text-base text-muted-foreground">
        <p>
          Læs <Link to="/reseller-terms" className={linkClass}>forhandlervilkårene</Link>, før I ansøger.
        </p>
        {user ? null : (
          <p>
            Har du allerede en konto hos Mindested?{' '}
            <Link to={`/login?redirect=${encodeURIComponent(here)}`} className={linkClass}>
              Log ind først
            </Link>
            , så knyttes ansøgningen til den.
          </p>
        )}
      </div>
    </div>
  );
}

const partnerKey = (code: string) => ['/api/resellers/partner', code] as const;

function usePartner(code: string | undefined) {
  return useQuery({
    queryKey: partnerKey(code ?? ''),
    queryFn: ({ signal }) => apiRequest<{ companyName: string }>('GET', `/api/resellers/partner/${encodeURIComponent(code!)}`, { signal }),
    enabled: code !== undefined,
    // An unknown link stays unknown; a dropped connection is tried once more.
    retry: (failures, error) => !(error instanceof ApiError && error.status > 0) && failures < 1,
  });
}

/** Whose referral link the applicant came through, or a gentle word that it is not valid. */
function PartnerNote({ code }: { code: string }) {
  const partner = usePartner(code);
  if (partner.isPending) return null;
  if (partner.data) {
    return (
      <Notice className="mb-8">
        Du ansøger via <strong className="font-semibold">{genitive(partner.data.companyName)}</strong> henvisning.
      </Notice>
    );
  }
  return <Notice className="mb-8">{resellerMessages.unknownPartner}</Notice>;
}

/** The form, sending the referral code only once the server knows it (an unknown one would be refused). */
function PartnerAwareForm({ user, partnerCode, onSent }: { user: User | null; partnerCode: string | undefined; onSent: (result: ApplicationResult) => void }) {
  const partner = usePartner(partnerCode);
  return <ApplicationForm user={user} partner={partner.data ? partnerCode : undefined} onSent={onSent} />;
}

/** After sending: what happens now, in place of the form. */
function Sent({ result, signedIn }: { result: ApplicationResult; signedIn: boolean }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The form the person was in is gone; move them to what replaced it, so a screen reader reads it.
  useEffect(() => heading.current?.focus(), []);
  return (
    <div role="status" className="py-4 text-center">
      <CircleCheck className="mx-auto size-12 text-gold" aria-hidden="true" />
      <h2 ref={heading} tabIndex={-1} className="mt-4 text-3xl outline-none">
        Ansøgningen er sendt
      </h2>
      <p className="mx-auto mt-4 max-w-md text-lg text-muted-foreground">{result.message}</p>
      {signedIn ? (
        <Button asChild size="lg" className="mt-8 w-full sm:w-auto">
          <Link to="/reseller-dashboard">
            Følg ansøgningen
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      ) : (
        <>
          <p className="mx-auto mt-4 max-w-md text-muted-foreground">
            Når ansøgningen er godkendt, får I en e-mail med et link, hvor I vælger brugernavn og adgangskode.
          </p>
          <Button asChild variant="secondary" size="lg" className="mt-8 w-full sm:w-auto">
            <Link to="/">Gå til forside</Link>
          </Button>
        </>
      )}
    </div>
  );
}

const EXISTING_TEXT: Record<ResellerMe['status'], string> = {
  pending: 'Vi har jeres ansøgning og gennemgår den normalt inden for fem hverdage. I kan følge den på forhandlersiden.',
  approved: 'I er godkendt som forhandler. Jeres koder, pakker og partnere finder I på forhandlersiden.',
  suspended: 'Jeres forhandleradgang er suspenderet. På forhandlersiden kan I se hvorfor.',
  rejected: 'Jeres ansøgning er afslået. På forhandlersiden kan I se hvorfor.',
};

/** A signed-in person who has applied already: where it stands, and the way to the dashboard. */
function ExistingApplication({ reseller }: { reseller: ResellerMe }) {
  return (
    <div className="py-4 text-center">
      <h2 className="text-3xl">{reseller.companyName}</h2>
      <p className="mt-3">
        <span className="inline-flex items-center rounded-full border border-gold/50 bg-gold-soft px-3 text-sm leading-7 font-semibold">
          {RESELLER_STATUS_LABELS[reseller.status]}
        </span>
      </p>
      <p className="mx-auto mt-5 max-w-md text-lg text-muted-foreground">{EXISTING_TEXT[reseller.status]}</p>
      <Button asChild size="lg" className="mt-8 w-full sm:w-auto">
        <Link to="/reseller-dashboard">
          Gå til forhandlersiden
          <ArrowRight aria-hidden="true" />
        </Link>
      </Button>
    </div>
  );
}
