/**
 * "Køb QR-pakker" on an approved reseller's dashboard: the packages for sale (the catalogue lists
 * them only to an approved reseller), the form behind a button (each opening is a new order with a
 * new key), and the way to the orders and invoices already made.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { ArrowRight, ShoppingBag } from 'lucide-react';
import type { ResellerSelf } from '@/shared/resellers-api';
import { QueryStatus } from '@/client/components/layout/QueryStatus';
import { Button } from '@/client/components/ui/button';
import { linkClass } from './format';
import { QrPackageOrderForm } from './QrPackageOrderForm';
import { useCatalogue } from './use-money';

export function QrPackagesSection({ reseller }: { reseller: ResellerSelf }) {
  const [open, setOpen] = useState(false);
  const catalogue = useCatalogue();
  const packages = catalogue.data?.products.filter((product) => product.kind === 'qr_package') ?? [];

  return (
    <section aria-labelledby="koeb-qr-pakker">
      <h2 id="koeb-qr-pakker" className="text-2xl sm:text-3xl">
        Køb QR-pakker
      </h2>
      <p className="mt-2 text-muted-foreground">Koderne kommer under Koder, når pakken er sendt. I kan følge bestillingen og hente fakturaen under Mine bestillinger.</p>
      {catalogue.isPending || catalogue.isError ? (
        <QueryStatus compact query={catalogue} pending="Henter pakkerne..." failed="Pakkerne kunne ikke hentes" className="mt-6" />
      ) : packages.length === 0 ? (
        <p className="mt-6 rounded-xl border border-dashed border-border px-5 py-6 text-center text-muted-foreground">
          Der er ingen pakker at købe lige nu.{' '}
          <Link to="/contact" className={linkClass}>
            Skriv til os
          </Link>
          , så hjælper vi.
        </p>
      ) : open ? (
        <QrPackageOrderForm catalogue={catalogue.data} reseller={reseller} onClose={() => setOpen(false)} />
      ) : (
        <Button size="lg" className="mt-6 w-full sm:w-auto" onClick={() => setOpen(true)}>
          <ShoppingBag aria-hidden="true" />
          Køb QR-pakker
        </Button>
      )}
      <p className="mt-4">
        <Link to="/orders" className={`${linkClass} inline-flex min-h-11 items-center gap-2`}>
          Mine bestillinger og fakturaer
          <ArrowRight className="size-5" aria-hidden="true" />
        </Link>
      </p>
    </section>
  );
}
