/** A product as a choice card describes it: price, and a plaque's material and size or a package's number of codes. */
import { formatPrice } from './format';
import type { Catalogue } from './use-money';

type Product = Catalogue['products'][number];

const number = new Intl.NumberFormat('da-DK');

export function productDescription(product: Product): string {
  const size = product.widthMm && product.heightMm ? `${number.format(product.widthMm)} × ${number.format(product.heightMm)} mm` : null;
  const codes = product.codes ? `${number.format(product.codes)} ${product.codes === 1 ? 'kode' : 'koder'}` : null;
  const facts = [product.material, size, codes].filter(Boolean).join(', ');
  return [formatPrice(product.priceOre), facts].filter(Boolean).join(' · ');
}
