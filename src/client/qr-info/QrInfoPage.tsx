/**
 * /qr-info: how an account is made. Registration is only possible with the QR code from a
 * memorial stone (SPEC.md §1), so this page explains where the code comes from and lets the
 * person type it.
 */
import { Link } from 'react-router';
import { Card, CardBody } from '@/client/components/ui/card';
import { Ornament } from '@/client/components/ui/ornament';
import { CONTACT_EMAIL } from '@/client/components/layout/Footer';
import { PageShell } from '@/client/components/layout/PageShell';
import { usePageTitle } from '@/client/lib/page-title';
import { CodeEntryForm } from './CodeEntryForm';

const steps = [
  {
    title: 'Find QR-koden',
    text: 'Koden sidder på mindestenen eller på en lille plade ved graven. Den følger med stenen fra bedemanden eller stenhuggeren.',
  },
  {
    title: 'Scan eller skriv koden',
    text: 'Peg telefonens kamera på QR-symbolet, eller skriv de 10 tegn, der står under symbolet.',
  },
  {
    title: 'Opret din konto',
    text: 'Skriv dit navn, din e-mail og en adgangskode. Så er QR-koden knyttet til din konto, og du kan give stenen en mindeside.',
  },
];

const linkClass = 'font-semibold text-gold-text underline decoration-gold/50 underline-offset-4 hover:decoration-gold-text';

export default function QrInfoPage() {
  usePageTitle('Opret konto med QR-kode');
  return (
    <PageShell>
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-10 sm:px-6 sm:py-16 lg:grid-cols-[1fr_28rem] lg:gap-x-16 lg:gap-y-12 lg:py-20">
        <div className="lg:col-start-1 lg:row-start-1 lg:pt-6">
          <p className="text-sm font-semibold tracking-[0.14em] text-gold-text uppercase">Opret konto</p>
          <h1 className="mt-3 text-4xl sm:text-5xl">Din konto begynder med QR-koden</h1>
          <p className="mt-5 max-w-xl text-lg text-muted-foreground">
            På Mindested opretter du en konto med QR-koden fra mindestenen. Det sikrer, at det er familien, der
            knytter stenen til en mindeside.
          </p>
        </div>

        <div className="lg:col-start-2 lg:row-span-2 lg:row-start-1">
          <Card>
            <CardBody className="sm:px-9 sm:py-10">
              <Ornament className="mb-4" />
              <h2 className="text-center text-2xl">Skriv din QR-kode</h2>
              <p className="mt-2 mb-7 text-center text-muted-foreground">
                Står du ved stenen, kan du også scanne QR-symbolet med telefonens kamera.
              </p>
              <CodeEntryForm />
            </CardBody>
          </Card>
          <div className="mt-8 space-y-3 text-center text-base text-muted-foreground">
            <p>
              Har du allerede en konto?{' '}
              <Link to="/login" className={linkClass}>
                Log ind
              </Link>
            </p>
            <p>
              Ingen QR-kode? Spørg bedemanden eller stenhuggeren, eller skriv til{' '}
              <a href={`mailto:${CONTACT_EMAIL}`} className={`${linkClass} whitespace-nowrap`}>
                {CONTACT_EMAIL}
              </a>
              .
            </p>
          </div>
        </div>

        <section aria-labelledby="saadan" className="lg:col-start-1 lg:row-start-2">
          <h2 id="saadan" className="text-2xl">
            Sådan gør du
          </h2>
          <ol className="mt-6 space-y-6">
            {steps.map((step, index) => (
              <li key={step.title} className="flex gap-4">
                <span
                  aria-hidden="true"
                  className="flex size-10 shrink-0 items-center justify-center rounded-full border border-gold/60 bg-gold-soft/60 font-serif text-lg text-gold-text"
                >
                  {index + 1}
                </span>
                <div>
                  <h3 className="font-sans text-lg font-semibold">{step.title}</h3>
                  <p className="mt-1 text-muted-foreground">{step.text}</p>
                </div>
              </li>
            ))}
          </ol>
        </section>
      </div>
    </PageShell>
  );
}
