/** The back office's people in Danish words: dates, counts, and the labels of what an account has. */
import type { MemberRole } from '@/shared/memorials';
import { RESELLER_STATUS_LABELS } from '@/shared/resellers';

const day = new Intl.DateTimeFormat('da-DK', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Copenhagen' });
const moment = new Intl.DateTimeFormat('da-DK', { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Copenhagen' });
const number = new Intl.NumberFormat('da-DK');

/** "12. marts 2026" */
export const danishDay = (iso: string) => day.format(new Date(iso));
/** "12. marts 2026 kl. 14.05" */
export const danishMoment = (iso: string) => moment.format(new Date(iso));
/** "1.234 personer", "1 person" */
export const peopleCount = (n: number) => `${number.format(n)} ${n === 1 ? 'person' : 'personer'}`;
export const danishNumber = (n: number) => number.format(n);

export const MEMBER_ROLE_NAMES: Record<MemberRole, string> = { owner: 'Ejer', coadmin: 'Medadministrator', viewer: 'Læser' };
export const RESELLER_STATUS_NAMES = RESELLER_STATUS_LABELS;

/** "Karen Hansens konto", "Jens' konto": Danish adds s, or only an apostrophe after s, x and z. */
export const genitive = (name: string) => (/[sxz]$/i.test(name) ? `${name}'` : `${name}s`);
