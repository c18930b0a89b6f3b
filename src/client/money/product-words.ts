/** A product as a choice card describes it: its price, and what it is (a plaque's material, a package's codes). */
import { formatPrice } from './format';
import type { Catalogue } from './use-money';

type Product = Catalogue['products'][number];

export function productDescription(product: Product): string {
  return product.description ? `${formatPrice(product.priceOre)} · ${product.description}` : formatPrice(product.priceOre);
}

/**
 * The AI extras a family can order. Their making arrives with the AI work (issue 25); until then
 * staff take the order through its steps, and each step e-mails the buyer, so that is what we promise.
 */
export type ExtraKind = 'animated_greeting' | 'song';

const EXTRA_NOUN: Record<ExtraKind, string> = { animated_greeting: 'hilsenen', song: 'sangen' };

/**
 * What happens after "Betal" for a greeting or a song, said once, plainly: in the form, and on the
 * order before and after it is paid.
 */
export function handMade(kind: ExtraKind, where: 'form' | 'unpaid order' | 'paid order'): string {
  const noun = EXTRA_NOUN[kind];
  if (where === 'paid order') return `Vi er i gang med ${noun} og skriver til jer på e-mail, når den er klar.`;
  return `Når I har betalt, går vi i gang med ${noun}. Vi skriver til jer på e-mail, når den er klar.`;
}
