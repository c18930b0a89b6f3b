/** /contact: write to Mindested, or use the e-mail address directly. */
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { CircleCheck, Mail } from 'lucide-react';
import { PageShell } from '@/client/components/layout/PageShell';
import { Button } from '@/client/components/ui/button';
import { Card, CardBody } from '@/client/components/ui/card';
import { usePageTitle } from '@/client/lib/page-title';
import { siteConfig } from '@/client/lib/site-config';
import { CONTACT_SUBJECT_MAX, type ContactKind, DATA_REQUEST_PARAM } from '@/shared/contact';
import { ContactForm } from './ContactForm';

const linkClass = 'font-semibold text-gold-text underline decoration-gold/50 underline-offset-4 hover:decoration-gold-text';

function Sent({ message }: { message: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The form the person was in is gone; move them to what replaced it, so a screen reader reads it.
  useEffect(() => heading.current?.focus(), []);
  return (
    <div role="status" className="py-4 text-center">
      <CircleCheck className="mx-auto size-12 text-gold" aria-hidden="true" />
      <h2 ref={heading} tabIndex={-1} className="mt-4 text-2xl outline-none">
        Din besked er sendt
      </h2>
      <p className="mx-auto mt-3 max-w-md text-muted-foreground">{message}</p>
      <Button asChild variant="secondary" className="mt-8">
        <Link to="/">Gå til forside</Link>
      </Button>
    </div>
  );
}

export default function ContactPage() {
  usePageTitle('Kontakt');
  const [sent, setSent] = useState<string | null>(null);
  // A page that sends people here with a purpose names it (/gdpr-data-request: "Anmodning om mine data").
  const [params] = useSearchParams();
  const subject = (params.get('emne') ?? '').slice(0, CONTACT_SUBJECT_MAX);
  // From /gdpr-data-request: a request with a month's deadline, which the inbox shows as such.
  const kind: ContactKind = params.get(DATA_REQUEST_PARAM) === 'data' ? 'data_request' : 'message';
  const { contactEmail } = siteConfig();

  return (
    <PageShell>
      <div className="mx-auto grid max-w-6xl gap-12 px-5 py-12 sm:px-6 sm:py-20 lg:grid-cols-[1fr_34rem] lg:gap-16">
        <div className="lg:pt-6">
          
          <h1 className="text-4xl sm:text-5xl">Kontakt os</h1>
          <div className="mt-5 max-w-xl space-y-4 text-lg text-muted-foreground">
            <p>
              Har du spørgsmål til en mindeside, en QR-kode eller en bestilling? Skriv til os, så svarer vi normalt inden
              for to hverdage.
            </p>
            <p>
              Mangler du en QR-kode, kan du læse, <Link to="/qr-info" className={linkClass}>hvordan du får en</Link>. Er du
              bedemand eller stenhugger, kan du også <Link to="/reseller-register" className={linkClass}>blive forhandler</Link>.
            </p>
          </div>
          <div className="mt-10 max-w-xl rounded-xl border border-border bg-card/70 p-6">
            <h2 className="font-sans text-lg font-semibold">Foretrækker du e-mail?</h2>
            <p className="mt-2 text-muted-foreground">Skriv direkte til os på</p>
            <a href={`mailto:${contactEmail}`} className={`${linkClass} mt-1 inline-flex min-h-11 items-center gap-2 break-all`}>
              <Mail className="size-5 shrink-0" aria-hidden="true" />
              {contactEmail}
            </a>
          </div>
        </div>

        <Card>
          <CardBody className="sm:px-10 sm:py-11">
            {sent ? (
              <Sent message={sent} />
            ) : (
              <>
                {kind === 'data_request' ? (
                  <>
                    <h2 className="text-2xl">Skriv din anmodning</h2>
                    <p className="mt-3 mb-8 text-muted-foreground">
                      Skriv, om du vil have udleveret, rettet eller slettet oplysninger, og om det gælder dig selv eller en afdød, du er pårørende til. Vi svarer senest
                      inden for en måned.
                    </p>
                  </>
                ) : (
                  <h2 className="mb-8 text-2xl">Skriv en besked</h2>
                )}
                <ContactForm onSent={setSent} subject={subject} kind={kind} />
              </>
            )}
          </CardBody>
        </Card>
      </div>
    </PageShell>
  );
}
