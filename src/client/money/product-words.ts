/** A product as a choice card describes it: its price, and what it is (a plaque's material, a package's codes). */
import { formatPrice } from './format';
import type { Catalogue } from './use-money';

type Product = Catalogue['products'][number];

export function productDescription(product: Product): string {
  return product.description ? `${formatPrice(product.priceOre)} · ${product.description}` : formatPrice(product.priceOre);
}
