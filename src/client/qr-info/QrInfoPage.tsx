/**
 * /qr-info: how an account is made. Registration is only possible with the QR code from a
 * memorial stone (SPEC.md §1), so this page explains where the code comes from, why it is needed,
 * and lets the person type it.
 */
import { Link } from 'react-router';
import { Card, CardBody } from '@/client/components/ui/card';
import { Ornament } from '@/client/components/ui/ornament';
import { PageShell } from '@/client/components/layout/PageShell';
import { usePageTitle } from '@/client/lib/page-title';
import { siteConfig } from '@/client/lib/site-config';
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

const sources = [
  {
    title: 'Hos bedemanden',
    text: 'Mange bedemænd tilbyder en QR-kode sammen med begravelsen eller bisættelsen. Spørg, når I aftaler det praktiske.',
  },
  {
    title: 'Hos stenhuggeren',
    text: 'Bestiller I en mindesten, kan stenhuggeren gravere koden i stenen eller sætte den på som en lille plade.',
  },
  {
    title: 'Står stenen der allerede?',
    text: 'Så kan I få en QR-plade, der sættes på bagefter. Spørg jeres stenhugger, eller skriv til os.',
  },
];

export default function QrInfoPage() {
  usePageTitle('Opret konto med QR-kode');
  const { contactEmail } = siteConfig();
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
              <a href={`mailto:${contactEmail}`} className={`${linkClass} break-all`}>
                {contactEmail}
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

        <section aria-labelledby="faa-en-kode" className="lg:col-start-1 lg:row-start-3">
          <h2 id="faa-en-kode" className="text-2xl">
            Sådan får du en QR-kode
          </h2>
          <p className="mt-4 max-w-xl text-muted-foreground">
            QR-koderne sælges gennem bedemænd og stenhuggere, der er forhandlere af Mindested. Koden følger med stenen, og
            den er jeres, så længe stenen står.
          </p>
          <ul className="mt-6 space-y-5">
            {sources.map((source) => (
              <li key={source.title} className="border-l-2 border-gold/50 pl-5">
                <h3 className="font-sans text-lg font-semibold">{source.title}</h3>
                <p className="mt-1 text-muted-foreground">{source.text}</p>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="hvorfor-kode" className="lg:col-start-1 lg:row-start-4">
          <h2 id="hvorfor-kode" className="text-2xl">
            Hvorfor skal jeg bruge en QR-kode?
          </h2>
          <div className="mt-4 max-w-xl space-y-4 text-muted-foreground">
            <p>
              Koden binder mindesiden til den sten, den hører til. Den, der står ved graven og scanner koden, kommer altid til
              den rigtige mindeside – og det er kun familien med koden, der kan oprette den.
            </p>
            <p>
              Det holder også Mindested fri for falske profiler og spam. Derfor kan vi tilbyde, at det altid er gratis at besøge
              en mindeside, tænde et lys og skrive en hilsen, uden reklamer.
            </p>
            <p>
              Har du allerede en kode, så skriv den i feltet »Skriv din QR-kode« her på siden, eller scan den med telefonen. Er du i tvivl om noget,{' '}
              <Link to="/contact" className={linkClass}>
                kontakt os
              </Link>
              , så hjælper vi dig.
            </p>
          </div>
        </section>
      </div>
    </PageShell>
  );
}
