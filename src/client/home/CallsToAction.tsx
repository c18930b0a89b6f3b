/** The page's last three sections: Premium, the closing invitation and the one for resellers. */
import { Link } from 'react-router';
import { ArrowRight, Check } from 'lucide-react';
import { Button } from '@/client/components/ui/button';
import { Ornament } from '@/client/components/ui/ornament';
import { cn } from '@/client/lib/cn';
import { FREE_PHOTO_LIMIT } from '@/shared/premium';
import { BELOW_THE_FOLD, Section, SectionHeading } from './Section';

/** What Premium holds today (shared/premium.ts); both layouts are on the free page. */
const premium = ['Ubegrænset plads til billeder og film', 'Alle farvetemaer', 'Betal måned for måned eller for et år', 'Stop når I vil – intet bliver slettet'];

export function PremiumSection() {
  return (
    <Section
      id="premium"
      tone="card"
      eyebrow="Premium"
      title="Mere plads til minderne"
      lead={
        <p>
          Mindesiden er gratis og bliver ved med at være det – med livshistorie, op til {FREE_PHOTO_LIMIT} billeder, lys og
          gæstebog. Når galleriet vokser, giver Premium plads til alle billederne og filmene og flere farvetemaer. Stopper
          I, bliver intet slettet: det, der hører til Premium, gemmes og vises igen, hvis I begynder igen.
        </p>
      }
    >
      <ul className="mt-8 grid max-w-2xl gap-3 sm:grid-cols-2">
        {premium.map((item) => (
          <li key={item} className="flex gap-3">
            <Check className="mt-1 size-5 shrink-0 text-gold-text" aria-hidden="true" />
            {item}
          </li>
        ))}
      </ul>
      <Button asChild size="lg" variant="secondary" className="mt-10 w-full whitespace-normal text-center sm:w-auto">
        <Link to="/pricing">
          Udforsk premium muligheder
          <ArrowRight aria-hidden="true" />
        </Link>
      </Button>
    </Section>
  );
}

export function ClosingSection() {
  return (
    <section id="kom-i-gang" aria-labelledby="kom-i-gang-titel" className={cn('border-t border-border/70', BELOW_THE_FOLD)}>
      <div className="mx-auto max-w-6xl px-5 py-20 text-center sm:px-6 sm:py-28">
        <Ornament className="mb-6" />
        <SectionHeading
          id="kom-i-gang-titel"
          align="center"
          title="Giv minderne et sted at være"
          lead={
            <p>
              Det tager få minutter at komme i gang, og I kan altid tilføje mere senere. Mange begynder med et enkelt billede
              og et par linjer – resten kommer, når I er klar.
            </p>
          }
        />
        <Button asChild size="lg" className="mt-10 w-full whitespace-normal text-center sm:w-auto">
          <Link to="/create-memorial">
            Opret dit mindested
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </div>
    </section>
  );
}

export function ResellerSection() {
  return (
    <section
      id="forhandlere"
      aria-labelledby="forhandlere-titel"
      className={cn('border-t border-border/70 bg-primary text-primary-foreground dark:bg-gold-soft dark:text-foreground', BELOW_THE_FOLD)}
    >
      <div className="mx-auto grid max-w-6xl items-center gap-8 px-5 py-16 sm:px-6 sm:py-20 lg:grid-cols-[1fr_auto] lg:gap-16">
        <div className="max-w-2xl">
          <p className="text-sm font-semibold tracking-[0.14em] uppercase opacity-85">For bedemænd og stenhuggere</p>
          <h2 id="forhandlere-titel" className="mt-3 text-3xl text-primary-foreground sm:text-4xl dark:text-foreground">
            Tilbyd jeres kunder en mindesten, der kan mere
          </h2>
          <p className="mt-5 text-lg opacity-90">
            Som forhandler køber I QR-koder i pakker til engrospris, giver dem videre til familierne og følger hver kode i
            jeres eget overblik. Vi tager os af mindesiderne, driften og hjælpen til familierne.
          </p>
        </div>
        <Button asChild size="lg" variant="secondary" className="w-full justify-self-start border-transparent whitespace-normal text-center sm:w-auto">
          <Link to="/reseller-register">
            Bliv forhandler nu
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </div>
    </section>
  );
}
