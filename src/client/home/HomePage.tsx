/**
 * The front page: what Mindested is, in a few calm words, and the way in. The full landing page
 * (SPEC.md §2 "Landing page") is issue 3's.
 */
import { Link } from 'react-router';
import { ArrowRight } from 'lucide-react';
import { Button } from '@/client/components/ui/button';
import { PageShell } from '@/client/components/layout/PageShell';
import { useUser } from '@/client/auth/use-user';
import { usePageTitle } from '@/client/lib/page-title';
import { StoneIllustration } from './StoneIllustration';

const steps = [
  { title: 'QR-koden på stenen', text: 'Bedemanden eller stenhuggeren giver jer en QR-kode til mindestenen.' },
  { title: 'Jeres konto', text: 'I opretter en konto med koden, så stenen hører til familien.' },
  { title: 'Mindesiden', text: 'Billeder, livshistorie og hilsner samlet ét sted, når nogen står ved stenen.' },
];

export default function HomePage() {
  usePageTitle();
  const { user } = useUser();

  return (
    <PageShell>
      <section className="mx-auto grid max-w-6xl items-center gap-10 px-4 pt-10 pb-14 sm:px-6 sm:pt-16 lg:grid-cols-[1.1fr_0.9fr] lg:gap-16 lg:pt-24 lg:pb-24">
        <div>
          <p className="text-sm font-semibold tracking-[0.14em] text-gold-text uppercase">Digitale mindesider</p>
          <h1 className="mt-4 text-[2.6rem] leading-[1.08] sm:text-5xl lg:text-6xl">Et mindested for dem, vi savner</h1>
          <p className="mt-6 max-w-xl text-lg text-muted-foreground sm:text-xl">
            Mindested forbinder mindestenen med en digital mindeside. Scan QR-koden på stenen, og find billeder,
            historier og hilsner fra dem, der holdt af.
          </p>
          <div className="mt-9 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
            {user ? (
              <>
                <Button asChild size="lg">
                  <Link to="/create-memorial">
                    Opret mindeside
                    <ArrowRight aria-hidden="true" />
                  </Link>
                </Button>
                <Button asChild size="lg" variant="secondary">
                  <Link to="/profile">Min profil</Link>
                </Button>
              </>
            ) : (
              <>
                <Button asChild size="lg">
                  <Link to="/qr-info">
                    Kom i gang nu
                    <ArrowRight aria-hidden="true" />
                  </Link>
                </Button>
                <Button asChild size="lg" variant="secondary">
                  <Link to="/login">Log ind</Link>
                </Button>
              </>
            )}
          </div>
          <p className="mt-6 text-base text-muted-foreground">Det er gratis at besøge en mindeside – altid, og uden reklamer.</p>
        </div>
        <div className="mx-auto w-full max-w-[19rem] sm:max-w-sm lg:max-w-md">
          <StoneIllustration className="h-auto w-full" />
        </div>
      </section>

      <section aria-labelledby="saadan-virker-det" className="border-t border-border/80 bg-card/50">
        <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6 sm:py-20">
          <h2 id="saadan-virker-det" className="text-center text-3xl">
            Sådan virker det
          </h2>
          <ol className="mt-10 grid gap-8 sm:grid-cols-3 sm:gap-10">
            {steps.map((step, index) => (
              <li key={step.title} className="text-center">
                <span
                  aria-hidden="true"
                  className="mx-auto flex size-12 items-center justify-center rounded-full border border-gold/60 bg-gold-soft/60 font-serif text-xl text-gold-text"
                >
                  {index + 1}
                </span>
                <h3 className="mt-4 text-xl">{step.title}</h3>
                <p className="mx-auto mt-2 max-w-xs text-muted-foreground">{step.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>
    </PageShell>
  );
}
