/**
 * /admin/prices: what Mindested sells and for how much, incl. 25 % moms: Premium's plans and the
 * products (plaques, extra codes, the AI extras, resellers' QR packages). A price is changed in
 * place and asked once more before it is saved. The page says plainly what a change touches: new
 * purchases only; an order keeps the price it was bought at (decision 0025).
 */
import { QueryStatus } from '@/client/components/layout/QueryStatus';
import { Notice } from '@/client/components/ui/notice';
import { AdminLayout } from '../AdminLayout';
import { Panel } from '../Panel';
import { PriceRow } from './PriceRow';
import { type PriceRow as Price, usePrices } from './use-money';

const GROUPS: readonly { kind: Price['kind']; title: string; about: string; empty: string }[] = [
  { kind: 'plan', title: 'Planer', about: 'Premium og kortene på prissiden.', empty: 'Der er ingen planer.' },
  { kind: 'product', title: 'Varer', about: 'QR-plader, ekstra koder, AI-ekstra og forhandlernes QR-pakker.', empty: 'Der er ingen varer.' },
];

export default function PricesPage() {
  const query = usePrices();
  const prices = query.data?.prices;

  return (
    <AdminLayout title="Priser" description="Alle priser er i kroner inkl. 25 % moms.">
      <Notice title="En ny pris gælder kun nye køb" className="max-w-3xl">
        Ordrer, der allerede er lagt, beholder den pris, kunden betalte, og deres fakturaer ændres ikke. Det gælder også en ordre, der venter på bankoverførsel: den betales til prisen, da den blev lagt.
      </Notice>
      {prices ? (
        <div className="mt-6 max-w-3xl space-y-6">
          {GROUPS.map(({ kind, title, about, empty }) => {
            const rows = prices.filter((price) => price.kind === kind);
            return (
              <Panel key={kind} title={title}>
                <p className="text-sm text-muted-foreground">{about}</p>
                {rows.length === 0 ? (
                  <p className="text-muted-foreground">{empty}</p>
                ) : (
                  <ul className="divide-y divide-border" aria-label={title}>
                    {rows.map((price) => (
                      <PriceRow key={`${price.kind}/${price.slug}`} price={price} />
                    ))}
                  </ul>
                )}
              </Panel>
            );
          })}
        </div>
      ) : (
        <QueryStatus compact className="mt-6" query={query} pending="Henter priser..." failed="Priserne kunne ikke hentes" />
      )}
    </AdminLayout>
  );
}
