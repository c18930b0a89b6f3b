/** The money pages' Danish words for dates and prices (PRODUCT.md: "1.499,00 kr.", "12. marts 1945"). */
export { formatPrice } from '@/shared/pricing';

const day = new Intl.DateTimeFormat('da-DK', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Copenhagen' });
const time = new Intl.DateTimeFormat('da-DK', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Copenhagen' });

/** "25. december 2026" */
export const danishDay = (iso: string) => day.format(new Date(iso));

/** "25. december 2026 kl. 14.05", for an order's steps. */
export const danishDayAndTime = (iso: string) => `${day.format(new Date(iso))} kl. ${time.format(new Date(iso))}`;

/** A link in running text, as the other pages underline theirs. */
export const linkClass = 'font-semibold text-gold-text underline decoration-gold/50 underline-offset-4 hover:decoration-gold-text';
