/**
 * What /reseller-dashboard shows before there is a dashboard: to someone who is no reseller, what a
 * reseller is; to an applicant, where the application stands; to a rejected one, why, and the way on.
 */
import { Link } from 'react-router';
import { ArrowRight, Check, Mail, QrCode, Store } from 'lucide-react';
import { RESELLER_KIND_LABELS } from '@/shared/resellers';
import type { ResellerSelf } from '@/shared/resellers-api';
import { Button } from '@/client/components/ui/button';
import { Card, CardBody } from '@/client/components/ui/card';
import { Notice } from '@/client/components/ui/notice';
import { Ornament } from '@/client/components/ui/ornament';
import { cn } from '@/client/lib/cn';
import { danishDay } from './format';

const linkClass = 'font-semibold text-gold-text underline decoration-gold/50 underline-offset-4 hover:decoration-gold-text';

/**
 * To an account without a reseller record, and to a visitor, who also gets the way to log in
 * (`loginPath`): a dealer with an account may simply not be signed in.
 */
export function NotAReseller({ loginPath }: { loginPath?: string }) {
  const points = [
    { icon: Store, text: 'Bedemænd og stenhuggere giver familierne en QR-kode til mindestenen.' },
    { icon: QrCode, text: 'Koden åbner en mindeside, hvor familie og venner kan tænde lys, skrive hilsner og dele minder.' },
    { icon: Check, text: 'I følger hver kode i jeres eget overblik, fra pakken kommer, til koden er taget i brug.' },
  ];
  return (
    <div className="mx-auto max-w-2xl px-4 py-12 sm:py-20">
      <Card>
        <CardBody>
          <Ornament className="mb-5" />
          <h1 className="text-center text-3xl sm:text-4xl">Forhandler hos Mindested</h1>
          <p className="mx-auto mt-4 max-w-md text-center text-lg text-muted-foreground">
            {loginPath ? 'Er I bedemand eller stenhugger? Så kan I blive forhandler hos os.' : 'Du er ikke registreret som forhandler.'}
          </p>
          <ul className="mt-10 space-y-5">
            {points.map(({ icon: Icon, text }) => (
              <li key={text} className="flex gap-4">
                <span aria-hidden="true" className="flex size-10 shrink-0 items-center justify-center rounded-full border border-gold/50 bg-gold-soft">
                  <Icon className="size-5 text-gold-text" />
                </span>
                <p className="pt-1.5 text-lg">{text}</p>
              </li>
            ))}
          </ul>
          <div className="mt-10 flex flex-col items-center gap-4">
            <Button asChild size="lg" className="w-full sm:w-auto">
              <Link to="/reseller-register">
                Bliv forhandler nu
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
            {loginPath ? (
              <p className="text-center text-lg">
                Er I allerede forhandler?{' '}
                <Link to={loginPath} className={cn(linkClass, 'inline-flex min-h-11 items-center')}>
                  Log ind
                </Link>
              </p>
            ) : null}
            <Link to="/reseller-terms" className={cn(linkClass, 'inline-flex min-h-11 items-center')}>
              Læs forhandlervilkårene
            </Link>
          </div>
        </CardBody>
      </Card>
    </div>
  );
}

/** Where an application stands: sent, being looked at, answered by e-mail. */
export function PendingApplication({ reseller }: { reseller: ResellerSelf }) {
  const steps = [
    // A rejected applicant who applied again sent it when the status last changed.
    { title: 'Ansøgningen er sendt', text: danishDay(reseller.statusChangedAt ?? reseller.createdAt), done: true },
    { title: 'Vi gennemgår ansøgningen', text: 'Vi svarer normalt inden for fem hverdage.', done: false },
    { title: 'I får svar på e-mail', text: `Vi skriver til ${reseller.email}, når ansøgningen er afgjort.`, done: false },
  ];
  return (
    <div className="mt-10 grid gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
      <section aria-labelledby="ansoegning-status" className="rounded-2xl border border-border bg-card px-5 py-7 shadow-sm sm:px-8">
        <h2 id="ansoegning-status" className="text-2xl sm:text-3xl">
          Jeres ansøgning
        </h2>
        <ol className="mt-7 space-y-6">
          {steps.map((step, index) => (
            <li key={step.title} className="flex gap-4">
              <span
                aria-hidden="true"
                className={cn(
                  'flex size-10 shrink-0 items-center justify-center rounded-full border font-serif text-lg',
                  step.done ? 'border-primary bg-primary text-primary-foreground' : 'border-gold/50 bg-gold-soft',
                )}
              >
                {step.done ? <Check className="size-5" strokeWidth={3} /> : index + 1}
              </span>
              <div>
                <h3 className="font-sans text-lg font-semibold">
                  {step.title}
                  {step.done ? <span className="sr-only"> (færdig)</span> : null}
                </h3>
                <p className="mt-1 text-muted-foreground">{step.text}</p>
              </div>
            </li>
          ))}
        </ol>
      </section>
      <ApplicationDetails reseller={reseller} />
    </div>
  );
}

export function RejectedApplication({ reseller }: { reseller: ResellerSelf }) {
  return (
    <div className="mt-10 grid gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
      <section aria-labelledby="ansoegning-afslaaet" className="rounded-2xl border border-border bg-card px-5 py-7 shadow-sm sm:px-8">
        <h2 id="ansoegning-afslaaet" className="text-2xl sm:text-3xl">
          Jeres ansøgning er afslået
        </h2>
        {reseller.statusChangedAt ? <p className="mt-2 text-muted-foreground">Afgjort {danishDay(reseller.statusChangedAt)}.</p> : null}
        {reseller.statusReason ? (
          <Notice className="mt-6" title="Begrundelse">
            <p className="whitespace-pre-line">{reseller.statusReason}</p>
          </Notice>
        ) : null}
        <p className="mt-6 text-lg">
          Har I spørgsmål til afgørelsen, er I velkomne til at skrive til os. Har noget ændret sig, kan I sende en ny ansøgning.
        </p>
        <div className="mt-8 flex flex-col gap-3 sm:flex-row">
          <Button asChild size="lg">
            <Link to="/contact">
              <Mail aria-hidden="true" />
              Skriv til os
            </Link>
          </Button>
          <Button asChild variant="secondary" size="lg">
            <Link to="/reseller-register">Ansøg igen</Link>
          </Button>
        </div>
      </section>
      <ApplicationDetails reseller={reseller} />
    </div>
  );
}

/** What was applied with, so the applicant can see it is right. */
export function ApplicationDetails({ reseller, title = 'Det har I oplyst' }: { reseller: ResellerSelf; title?: string }) {
  const details = [
    { term: 'Virksomhed', value: reseller.companyName },
    { term: 'CVR-nummer', value: reseller.cvr },
    { term: 'Slags virksomhed', value: RESELLER_KIND_LABELS[reseller.kind] },
    { term: 'Adresse', value: `${reseller.address}, ${reseller.postcode} ${reseller.town}` },
    { term: 'Kontaktperson', value: reseller.contactName },
    { term: 'E-mail', value: reseller.email },
    { term: 'Telefon', value: reseller.phone },
  ];
  return (
    <section aria-labelledby="ansoegning-oplysninger" className="rounded-2xl border border-border bg-card/70 px-5 py-7 sm:px-8">
      <h2 id="ansoegning-oplysninger" className="text-2xl">
        {title}
      </h2>
      <dl className="mt-5 divide-y divide-border">
        {details.map((detail) => (
          <div key={detail.term} className="grid gap-0.5 py-3 sm:grid-cols-[10rem_minmax(0,1fr)] sm:gap-4">
            <dt className="text-sm font-semibold text-muted-foreground sm:text-base sm:font-normal">{detail.term}</dt>
            <dd className="break-words">{detail.value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-5 text-sm text-muted-foreground">
        Er noget forkert, så <Link to="/contact" className={linkClass}>skriv til os</Link>.
      </p>
    </section>
  );
}
