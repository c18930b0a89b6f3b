/**
 * The words /gdpr-data-request's "Slet din konto" and the confirming page (/gdpr-data-request/slet/{token})
 * both use, so the choice, the link's page and the receipt name things alike. A count of posts
 * says "indlæg", which is the same in singular and plural; "lys, hilsner og minder" names what they are.
 */
import { BOOKKEEPING_YEARS } from '@/shared/account-deletion';

export const memorialsWord = (count: number) => `${count} ${count === 1 ? 'mindeside' : 'mindesider'}`;
export const invoicesWord = (count: number) => `${count} ${count === 1 ? 'faktura' : 'fakturaer'}`;

/** Why the invoices stay, with what is on them. */
export function invoicesKept(count: number): string {
  const them = count === 1 ? 'Din faktura' : `Dine ${invoicesWord(count)}`;
  return `${them} gemmer vi i ${BOOKKEEPING_YEARS} år fra udgangen af regnskabsåret, som bogføringsloven kræver. Dit navn og din adresse står på ${count === 1 ? 'den' : 'dem'}.`;
}

export const DATA_REQUEST_PAGE = '/gdpr-data-request';
