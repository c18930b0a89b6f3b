/**
 * A memorial's readable address: "Karen Jensen", 1941–2023 → karen-jensen-1941-2023, suffixed
 * -2, -3 … when taken. Danish letters are spelled out (æ→ae, ø→oe, å→aa) as Danes write them in
 * e-mail addresses, so the address reads as the name.
 */
import { MEMORIAL_LIMITS, RESERVED_SLUGS } from '../../shared/memorials';
import { slugLooksLikeCode } from '../../shared/memorials-api';

/**
 * First path segments of the app's own pages: /{slug} must never shadow one, nor a page shadow
 * a memorial (SPEC.md §2 lists the reserved words; these are the rest of routes.tsx).
 */
const ROUTE_WORDS = new Set([
  ...RESERVED_SLUGS,
  'api',
  'assets',
  'icons',
  'memorial',
  'classic-memorial',
  'enhanced-memorial',
  'create-memorial',
  'edit-memorial',
  'edit-image',
  'family-tree',
  'profile',
  'qr',
  'qr-scan',
  'qr-linking',
  'qr-register',
  'qr-email-register',
  'setup',
  'invitation',
  'reset-password',
  'hidden-register',
  'reseller-terms',
  'reseller-register',
  'reseller-dashboard',
  'subscription',
  'orders',
  'gdpr-data-request',
  'test-memorial',
  'gallery-demo',
  'theme-test',
]);

const LETTERS: Record<string, string> = { æ: 'ae', ø: 'oe', å: 'aa', ß: 'ss' };

export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[æøåß]/g, (letter) => LETTERS[letter]!)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MEMORIAL_LIMITS.slug - 4)
    .replace(/-+$/g, '');
}

/** The address a new memorial asks for, before collisions: name and the years of life. */
export function baseSlug(name: string, birthDate: string | null, deathDate: string | null): string {
  const years = [birthDate, deathDate].filter(Boolean).map((date) => date!.slice(0, 4));
  // A name of signs only ("†") still needs words in its address.
  const words = slugify(name);
  return [words.length >= 2 ? words : 'mindeside', ...years].join('-');
}

export function isReservedSlug(slug: string): boolean {
  return ROUTE_WORDS.has(slug);
}

/**
 * An address a memorial may have: not a page of the app, and never one that reads as a QR code,
 * so that a stone's code can never be taken by a memorial's address (docs/decisions/0021).
 */
export function isUsableSlug(slug: string): boolean {
  return !isReservedSlug(slug) && !slugLooksLikeCode(slug);
}

/** The random end of a private memorial's address: lower-case Crockford letters, as in codes. */
const TAIL_ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
export const PRIVATE_TAIL_LENGTH = 8;

/**
 * A private memorial's address: the readable part and 8 random characters (40 bits). The
 * address must be unique, so a readable one alone would let anyone confirm that a private
 * memorial of that name exists by trying to take its address (docs/decisions/0021).
 */
export function privateSlug(readable: string, randomBytes: (size: number) => Uint8Array): string {
  const head = readable.slice(0, MEMORIAL_LIMITS.slug - PRIVATE_TAIL_LENGTH - 1).replace(/-+$/g, '') || 'mindeside';
  for (;;) {
    const tail = Array.from(randomBytes(PRIVATE_TAIL_LENGTH), (byte) => TAIL_ALPHABET[byte % TAIL_ALPHABET.length]).join('');
    const slug = `${head}-${tail}`;
    if (isUsableSlug(slug)) return slug;
  }
}

/** The n-th candidate for a base address: base, base-2, base-3 … (a reserved word starts at -2). */
export function slugCandidate(base: string, attempt: number): string {
  if (attempt === 0) return isReservedSlug(base) ? `${base}-2` : base;
  return `${base}-${attempt + 1}`;
}
