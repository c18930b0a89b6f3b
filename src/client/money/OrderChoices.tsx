/**
 * What a family can order from /orders, as four tiles with the catalogue's prices: a QR plaque
 * (from the cheapest), extra codes (per code), an animated greeting and a song. Each opens its form
 * (/orders?new=…). Until the prices come the tiles stand without them; a kind no longer sold is
 * left out; if the catalogue cannot be fetched, the tiles still lead to their forms, which say why.
 */
import { Fragment } from 'react';
import { Link } from 'react-router';
import { ChevronRight, Music, QrCode, Sparkles, Square, type LucideIcon } from 'lucide-react';
import { ORDER_KIND_LABELS, type OrderKind } from '@/shared/money';
import { Skeleton } from '@/client/components/ui/skeleton';
import { formatPrice, linkClass } from './format';
import { useCatalogue, type Catalogue } from './use-money';

type FamilyKind = Extract<OrderKind, 'plaque' | 'extra_codes' | 'animated_greeting' | 'song'>;

const CHOICES: { kind: FamilyKind; to: string; icon: LucideIcon }[] = [
  { kind: 'plaque', to: '/orders?new=plaque', icon: Square },
  { kind: 'extra_codes', to: '/orders?new=codes', icon: QrCode },
  { kind: 'animated_greeting', to: '/orders?new=greeting', icon: Sparkles },
  { kind: 'song', to: '/orders?new=song', icon: Music },
];

/** "fra 399,00 kr." for plaques, "99,00 kr. pr. stk." for codes; null when none is for sale. */
function priceWords(kind: FamilyKind, catalogue: Catalogue): string | null {
  const prices = catalogue.products.filter((product) => product.kind === kind).map((product) => product.priceOre);
  if (prices.length === 0) return null;
  const lowest = Math.min(...prices);
  if (kind === 'extra_codes') return `${formatPrice(lowest)} pr. stk.`;
  return prices.length > 1 ? `fra ${formatPrice(lowest)}` : formatPrice(lowest);
}

export function OrderChoices() {
  const catalogue = useCatalogue();
  const choices = catalogue.data ? CHOICES.filter((choice) => priceWords(choice.kind, catalogue.data) !== null) : CHOICES;
  return (
    <section aria-labelledby="bestil-nyt">
      <h2 id="bestil-nyt" className="text-2xl">
        Bestil
      </h2>
      <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4">
        {choices.map(({ kind, to, icon: Icon }) => {
          const price = catalogue.data ? priceWords(kind, catalogue.data) : null;
          return (
            <li key={kind} className="flex">
              <Link
                to={to}
                className="group flex min-h-28 w-full flex-col gap-3 rounded-xl border border-input/70 bg-card px-4 py-4 shadow-xs transition-colors hover:border-foreground/40 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring"
              >
                <span className="flex items-center justify-between gap-2">
                  <span aria-hidden="true" className="flex size-10 items-center justify-center rounded-full bg-gold-soft text-gold-text">
                    <Icon className="size-5" />
                  </span>
                  <ChevronRight aria-hidden="true" className="size-5 text-muted-foreground transition-transform group-hover:translate-x-0.5 motion-reduce:transition-none" />
                </span>
                <span className="mt-auto">
                  {/* Under "Bestil" the tile says what; a screen reader hears the whole action. */}
                  <span className="block leading-snug font-semibold break-words">
                    <span className="sr-only">Bestil </span>
                    {/* "Ekstra / QR-koder" on a narrow tile, never "Ekstra QR- / koder". */}
                    {ORDER_KIND_LABELS[kind].split(' ').map((word, index) => (
                      <Fragment key={index}>
                        {index > 0 ? ' ' : null}
                        <span className="whitespace-nowrap">{word}</span>
                      </Fragment>
                    ))}
                  </span>
                  {price ? (
                    <span className="mt-1 block text-sm text-muted-foreground tabular-nums">{price}</span>
                  ) : catalogue.isPending ? (
                    <Skeleton className="mt-1.5 h-4 w-20 rounded-md" />
                  ) : null}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
      <p className="mt-4 text-muted-foreground">
        Premium købes til den enkelte mindeside under{' '}
        <Link to="/subscription" className={linkClass}>
          Premium og abonnementer
        </Link>
        .
      </p>
    </section>
  );
}
