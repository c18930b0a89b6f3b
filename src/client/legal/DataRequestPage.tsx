/**
 * /gdpr-data-request "Anmodning om dine data" (GDPR articles 15, 17 and 20; issue 26): a signed-in
 * person downloads everything we hold about them as one ZIP (server/privacy/personal-data.ts) and
 * deletes their own account (AccountDeletionSection); anyone without an account, or asking about a
 * deceased relative, writes to us through the contact form (its subject filled in), which lands in
 * the support inbox. The download is a plain link: the browser saves the file as the server writes it.
 */
import { Download, LogIn, Mail } from 'lucide-react';
import { Link } from 'react-router';
import { PageShell } from '@/client/components/layout/PageShell';
import { Button } from '@/client/components/ui/button';
import { usePageTitle } from '@/client/lib/page-title';
import { useUser } from '@/client/lib/use-user';
import { BOOKKEEPING_YEARS } from '@/shared/account-deletion';
import { DATA_REQUEST_CONTACT_PATH } from '@/shared/contact';
import { PERSONAL_DATA_PER_DAY, PERSONAL_DATA_URL } from '@/shared/personal-data';
import { AccountDeletionSection } from './AccountDeletionSection';
import { LegalTitle } from './LegalPage';
import { Bullets, TextLink } from './prose';

const TITLE = 'Anmodning om dine data';

export default function DataRequestPage() {
  usePageTitle(TITLE);
  const { user, isLoading } = useUser();

  return (
    <PageShell>
      <article className="mx-auto max-w-[70ch] px-5 py-12 sm:px-6 sm:py-20">
        <header>
          <LegalTitle>{TITLE}</LegalTitle>
          <p className="mt-8 text-lg">
            Her kan du hente de oplysninger, Mindested har om dig, slette din konto og bede os rette oplysninger. Læs mere om, hvad vi gemmer og hvorfor, i vores{' '}
            <TextLink to="/privacy">privatlivspolitik</TextLink>.
          </p>
        </header>

        <section aria-labelledby="hent-titel" className="mt-14">
          <h2 id="hent-titel" className="text-2xl sm:text-3xl">
            Hent dine data
          </h2>
          <div className="mt-5 space-y-4">
            <p>Du får én ZIP-fil med:</p>
            <Bullets>
              <li>din konto og dine samtykker,</li>
              <li>de mindesider, du administrerer, med deres tekster og tidslinjer,</li>
              <li>dine lys, hilsner og minder, dine beskeder til os, ordrer og fakturaer,</li>
              <li>hvad vores medarbejdere har gjort ved din konto,</li>
              <li>de billeder, videoer og lydfiler, du selv har lagt op.</li>
            </Bullets>
            <p>Oplysningerne ligger i JSON-filer, som et andet program kan læse. Koder til at logge ind med er udeladt.</p>
            {isLoading ? (
              <p role="status" className="text-muted-foreground">
                Henter...
              </p>
            ) : user ? (
              <div className="space-y-3 pt-2">
                <Button asChild size="lg" className="w-full sm:w-auto">
                  {/* The server names the file; `download` keeps the page where it is while it is saved. */}
                  <a href={PERSONAL_DATA_URL} download>
                    <Download aria-hidden="true" />
                    Hent mine data
                  </a>
                </Button>
                <p className="text-base text-muted-foreground">
                  Filen laves, når du trykker, og kan tage et øjeblik, hvis du har lagt mange billeder op. Du kan hente den {PERSONAL_DATA_PER_DAY} gange i døgnet.
                </p>
              </div>
            ) : (
              <div className="space-y-3 pt-2">
                <p>Log ind, så vi ved, at det er dine oplysninger, du henter.</p>
                <Button asChild size="lg" className="w-full sm:w-auto">
                  <Link to={`/login?redirect=${encodeURIComponent('/gdpr-data-request')}`}>
                    <LogIn aria-hidden="true" />
                    Log ind
                  </Link>
                </Button>
              </div>
            )}
          </div>
        </section>

        <AccountDeletionSection />

        <section aria-labelledby="anmodning-titel" className="mt-14">
          <h2 id="anmodning-titel" className="text-2xl sm:text-3xl">
            Andre anmodninger
          </h2>
          <div className="mt-5 space-y-4">
            <p>
              Vil du have rettet oplysninger om dig, eller har du ikke en konto hos os, så skriv til os. Det gælder også oplysninger om en afdød, som du er pårørende
              til: dem beskytter loven i ti år efter dødsfaldet.
            </p>
            <p>Vi bekræfter, at anmodningen kommer fra dig, før vi ændrer noget, og vi svarer senest inden for en måned. Fakturaer og andet regnskabsmateriale gemmer vi dog i {BOOKKEEPING_YEARS} år fra udgangen af regnskabsåret, som bogføringsloven kræver.</p>
            <Button asChild variant="secondary" size="lg" className="w-full sm:w-auto">
              {/* Sent as a data request: the support inbox and the dashboard show its deadline. */}
              <Link to={DATA_REQUEST_CONTACT_PATH}>
                <Mail aria-hidden="true" />
                Skriv til os
              </Link>
            </Button>
          </div>
        </section>
      </article>
    </PageShell>
  );
}
