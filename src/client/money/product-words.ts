/** A product as a choice card describes it: its price, and what it is (a plaque's material, a package's codes). */
import { formatPrice } from './format';
import type { Catalogue } from './use-money';

type Product = Catalogue['products'][number];

export function productDescription(product: Product): string {
  return product.description ? `${formatPrice(product.priceOre)} · ${product.description}` : formatPrice(product.priceOre);
}

/** The AI extras a family can order; their production is not built yet, so people make them. */
export type ExtraKind = 'animated_greeting' | 'song';

const EXTRA_NOUN: Record<ExtraKind, string> = { animated_greeting: 'hilsenen', song: 'sangen' };

/**
 * What happens after "Betal" for a greeting or a song, said once, plainly: in the form, and on the
 * order before and after it is paid.
 */
export function handMade(kind: ExtraKind, where: 'form' | 'unpaid order' | 'paid order'): string {
  const noun = EXTRA_NOUN[kind];
  if (where === 'form') return `Når I har betalt, laver vi ${noun} i hånden, og I finder den på ordren under Mine bestillinger, når den er klar.`;
  if (where === 'unpaid order') return `Når I har betalt, laver vi ${noun} i hånden og lægger den her på ordren, når den er klar.`;
  return `Vi laver ${noun} i hånden og lægger den her på ordren, når den er klar.`;
}
