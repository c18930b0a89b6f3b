/**
 * /create-memorial: the three ways to begin. Step by step for those who want to be led, a blank
 * page for those who know what to write, and a template for those who want a structure to fill in.
 */
import { Link, useLocation } from 'react-router';
import { ArrowRight, FileText, LayoutTemplate, ListChecks } from 'lucide-react';
import { useUser } from '@/client/lib/use-user';
import { PageShell } from '@/client/components/layout/PageShell';
import { Button } from '@/client/components/ui/button';
import { Notice } from '@/client/components/ui/notice';
import { Ornament } from '@/client/components/ui/ornament';
import { usePageTitle } from '@/client/lib/page-title';

const WAYS = [
  {
    to: '/create-memorial/guided',
    icon: ListChecks,
    title: 'Trin for trin',
    text: 'Vi guider jer gennem navn, datoer, portræt, livshistorie og livslinje. Alt gemmes undervejs, så I kan holde pause.',
    recommended: true,
  },
  {
    to: '/create-memorial/template',
    icon: LayoutTemplate,
    title: 'Ud fra en skabelon',
    text: 'Begynd med en livshistorie, der allerede er delt op i afsnit med spørgsmål, der hjælper jer i gang.',
  },
  {
    to: '/create-memorial/blank',
    icon: FileText,
    title: 'Blank side',
    text: 'Kun navn og datoer nu. Resten udfylder I i jeres eget tempo bagefter.',
  },
];

export default function CreateMemorialPage() {
  usePageTitle('Opret mindeside');
  const { user, isLoading } = useUser();
  const { search } = useLocation();

  return (
    <PageShell>
      <div className="mx-auto w-full max-w-4xl px-4 py-12 sm:px-6 sm:py-16">
        <header className="text-center">
          <Ornament />
          <h1 className="mt-5 text-4xl sm:text-5xl">Opret en mindeside</h1>
          <p className="mx-auto mt-4 max-w-xl text-lg text-muted-foreground">
            Et sted at samle minderne om den, I har mistet. Vælg den måde, der passer jer; I kan altid ændre og tilføje senere.
          </p>
        </header>

        {!isLoading && !user ? (
          <Notice className="mx-auto mt-10 max-w-2xl" title="Log ind for at oprette en mindeside">
            <p>Du opretter din konto med QR-koden fra mindestenen eller pakken fra bedemanden. Har du allerede en konto, så log ind først.</p>
            <div className="mt-4 flex flex-wrap gap-3">
              <Button asChild>
                <Link to="/login?redirect=/create-memorial">Log ind</Link>
              </Button>
              <Button asChild variant="secondary">
                <Link to="/qr-info">Jeg har en QR-kode</Link>
              </Button>
            </div>
          </Notice>
        ) : null}

        <ul className="mt-12 grid gap-5 md:grid-cols-3">
          {WAYS.map((way) => (
            <li key={way.to}>
              <Link
                // A stone's code (?qrCode=…, from /qr-setup) travels on to the way chosen.
                to={`${way.to}${search}`}
                className="group relative flex h-full flex-col rounded-2xl border border-border bg-card px-6 py-7 shadow-sm transition-colors hover:border-gold focus-visible:outline-3 focus-visible:outline-offset-3 focus-visible:outline-ring"
              >
                {way.recommended ? (
                  <span className="absolute -top-3 left-6 rounded-full bg-gold-soft px-3 py-0.5 text-sm font-semibold text-gold-text">Anbefalet</span>
                ) : null}
                <way.icon className="size-9 text-gold-text" aria-hidden="true" />
                <h2 className="mt-4 text-2xl">{way.title}</h2>
                <p className="mt-2 flex-1 text-muted-foreground">{way.text}</p>
                <span className="mt-6 inline-flex items-center gap-2 font-semibold text-foreground">
                  Vælg
                  <ArrowRight className="size-5 transition-transform group-hover:translate-x-1" aria-hidden="true" />
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </PageShell>
  );
}
