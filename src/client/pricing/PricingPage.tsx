/**
 * /pricing: the plans from GET /api/plans (prices live in the database, PRODUCT.md "Money"), as this
 * installation offers them (the server leaves out AI extras it has no provider for), and in plain
 * words what is always free.
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ArrowRight } from 'lucide-react';
import type { Plan } from '@/shared/pricing';
import { PageShell } from '@/client/components/layout/PageShell';
import { QueryStatus } from '@/client/components/layout/QueryStatus';
import { Button } from '@/client/components/ui/button';
import { Notice } from '@/client/components/ui/notice';
import { Ornament } from '@/client/components/ui/ornament';
import { usePageTitle } from '@/client/lib/page-title';
import { PlanCard } from './PlanCard';

function Plans() {
  const query = useQuery<{ plans: Plan[] }>({ queryKey: ['/api/plans'] });

  if (query.isPending || query.isError) {
    return <QueryStatus compact query={query} pending="Indlæser priser..." failed="Priserne kunne ikke hentes" className="mx-auto mt-14 max-w-xl text-center" />;
  }
  if (query.data.plans.length === 0) {
    return (
      <Notice title="Ingen priser at vise lige nu" className="mx-auto mt-14 max-w-xl">
        <p>
          Vi er ved at opdatere vores priser. <Link to="/contact" className="font-semibold underline underline-offset-4">Skriv til os</Link>, så
          fortæller vi, hvad det koster.
        </p>
      </Notice>
    );
  }
  return (
    <div className="mt-14">
      <ul className="grid gap-8 md:grid-cols-2 xl:grid-cols-3">
        {query.data.plans.map((plan) => (
          <li key={plan.slug} className="flex">
            <PlanCard plan={plan} />
          </li>
        ))}
      </ul>
      <p className="mt-8 text-center text-base text-muted-foreground">Alle priser er i danske kroner inkl. 25 % moms.</p>
    </div>
  );
}

const linkClass = 'font-semibold text-gold-text underline decoration-gold/50 underline-offset-4 hover:decoration-gold-text';

export default function PricingPage() {
  usePageTitle('Priser');
  return (
    <PageShell>
      <div className="mx-auto max-w-6xl px-5 py-12 sm:px-6 sm:py-20">
        <div className="mx-auto max-w-2xl text-center">
          <Ornament className="mb-5" />
          <h1 className="text-4xl sm:text-5xl">Priser</h1>
          <p className="mt-5 text-lg text-muted-foreground">
            En mindeside er gratis. I betaler kun for det ekstra, I selv vælger – og aldrig for at holde et minde i live.
          </p>
        </div>

        <Plans />

        <div className="mx-auto mt-20 grid max-w-5xl gap-12 md:grid-cols-2">
          <section aria-labelledby="altid-gratis">
            <h2 id="altid-gratis" className="text-2xl sm:text-3xl">
              Det er altid gratis
            </h2>
            <div className="mt-4 space-y-4 text-muted-foreground">
              <p>
                Det koster ikke noget at besøge en mindeside, at tænde et lys eller at skrive en hilsen i gæstebogen. Sådan
                er det for alle, altid, og uden at man skal oprette en konto.
              </p>
              <p>
                Begge layouts, det klassiske og det udvidede, er med på den gratis mindeside, og det samme er farvetemaerne
                Lys og Skumring.
              </p>
              <p>
                Der er aldrig reklamer på Mindested. Stopper I et abonnement, bliver mindesiden stående, og intet bliver
                slettet: det, der hører til Premium, gemmes og vises igen, hvis I begynder igen.
              </p>
            </div>
          </section>
          <section aria-labelledby="kom-i-gang">
            <h2 id="kom-i-gang" className="text-2xl sm:text-3xl">
              Sådan kommer I i gang
            </h2>
            <div className="mt-4 space-y-4 text-muted-foreground">
              <p>
                En mindeside begynder med en QR-kode fra bedemanden eller stenhuggeren. Med koden opretter I en konto, og så
                er stenen og mindesiden forbundet.
              </p>
              <p>
                Har I spørgsmål til priserne, eller vil I købe en QR-plade uden om en forhandler?{' '}
                <Link to="/contact" className={linkClass}>
                  Kontakt os
                </Link>
                , så hjælper vi.
              </p>
            </div>
            <Button asChild size="lg" variant="secondary" className="mt-6">
              <Link to="/qr-info">
                Sådan får I en QR-kode
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
          </section>
        </div>
      </div>
    </PageShell>
  );
}
