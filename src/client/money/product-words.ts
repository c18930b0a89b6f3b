/** A product as a choice card describes it: its price, and what it is (a plaque's material, a package's codes). */
import { formatPrice } from './format';
import type { Catalogue } from './use-money';

type Product = Catalogue['products'][number];

export function productDescription(product: Product): string {
  return product.description ? `${formatPrice(product.priceOre)} · ${product.description}` : formatPrice(product.priceOre);
}

/**
 * The AI extras a family can order (decision 0033). Once paid, the family makes it themselves on
 * the memorial's own page for it (/memorial/{id}/greeting, /memorial/{id}/song): a few minutes'
 * work by the provider, which they see and approve before anyone else does.
 */
export type ExtraKind = 'animated_greeting' | 'song';

/** Where the family makes each extra, and the button that leads there. */
export const EXTRA_PAGE: Record<ExtraKind, { path: string; action: string }> = {
  animated_greeting: { path: 'greeting', action: 'Lav hilsenen' },
  song: { path: 'song', action: 'Lav sangen' },
};

const HOW: Record<ExtraKind, string> = {
  animated_greeting: 'I vælger selv et portræt fra mindesidens galleri og skriver hilsenen, der står under det.',
  song: 'I vælger selv, hvad sangen skal bygge på, og læser og retter teksten, før musikken bliver lavet.',
};
const NOUN: Record<ExtraKind, string> = { animated_greeting: 'hilsenen', song: 'sangen' };

/**
 * What happens after "Betal" for a greeting or a song, said once, plainly: in the form, and on the
 * order before and after it is paid.
 */
export function howItIsMade(kind: ExtraKind, where: 'form' | 'unpaid order' | 'paid order'): string {
  const noun = NOUN[kind];
  if (where === 'paid order') return `${noun.charAt(0).toUpperCase()}${noun.slice(1)} er betalt. ${HOW[kind]} Det tager et par minutter, og I ser resultatet, før det kommer på mindesiden.`;
  if (where === 'unpaid order') return `Når betalingen er modtaget, laver I ${noun} på mindesiden. ${HOW[kind]}`;
  return `Når I har betalt, laver I ${noun} på mindesiden. ${HOW[kind]} I ser resultatet, før det kommer på mindesiden.`;
}
