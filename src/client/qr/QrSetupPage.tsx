/**
 * /qr-setup/{code}: the person's own code, not yet opening a memorial. Two ways on: make a new
 * memorial that the code will open (the create pages link it when they are done: memorials/save.ts),
 * or choose one they already have (/qr-linking/{code}). A code that is not theirs to set up goes
 * back to /qr-scan/{code}, which explains it.
 */
import { Link, useParams } from 'react-router';
import { ArrowRight, BookHeart, Link2 } from 'lucide-react';
import { CardPage } from '@/client/components/layout/CardPage';
import { usePageTitle } from '@/client/lib/page-title';
import { formatCode } from '@/shared/qr-code';
import { OwnCode } from './OwnCode';

const CHOICE =
  'group flex items-center gap-4 rounded-2xl border border-border bg-card px-5 py-5 text-left shadow-sm transition-colors hover:border-gold focus-visible:outline-3 focus-visible:outline-offset-3 focus-visible:outline-ring';

export default function QrSetupPage() {
  const { code = '' } = useParams();
  usePageTitle('Tag QR-koden i brug');

  return (
    <OwnCode code={code}>
      {(own) => (
        <CardPage title="Hvad skal koden åbne?" lead={<p>Koden {formatCode(own)} er låst til din konto. Vælg den mindeside, stenen skal åbne.</p>}>
          <ul className="grid gap-4">
            <li>
              <Link to={`/create-memorial?qrCode=${own}`} className={CHOICE}>
                <BookHeart className="size-8 shrink-0 text-gold-text" aria-hidden="true" />
                <span className="flex-1">
                  <span className="block font-serif text-xl">Opret en ny mindeside</span>
                  <span className="block text-muted-foreground">Koden åbner den, så snart den er oprettet.</span>
                </span>
                <ArrowRight className="size-5 shrink-0 transition-transform group-hover:translate-x-1" aria-hidden="true" />
              </Link>
            </li>
            <li>
              <Link to={`/qr-linking/${own}`} className={CHOICE}>
                <Link2 className="size-8 shrink-0 text-gold-text" aria-hidden="true" />
                <span className="flex-1">
                  <span className="block font-serif text-xl">Vælg en mindeside, I allerede har</span>
                  <span className="block text-muted-foreground">Også to, hvis to står på samme sten.</span>
                </span>
                <ArrowRight className="size-5 shrink-0 transition-transform group-hover:translate-x-1" aria-hidden="true" />
              </Link>
            </li>
          </ul>
        </CardPage>
      )}
    </OwnCode>
  );
}
