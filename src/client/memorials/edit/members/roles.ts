/**
 * The roles in the words a family reads them: one name each, and one calm sentence on what it
 * may do. "Læser" is the person let in to see a private page.
 */
import type { MemberRole } from '@/shared/memorials';

export const ROLE_NAMES: Record<MemberRole, string> = {
  owner: 'Ejer',
  coadmin: 'Medadministrator',
  viewer: 'Læser',
};

export const ROLE_DESCRIPTIONS: Record<MemberRole, string> = {
  owner: 'Ejeren kan alt: redigere mindesiden, bestemme hvem der har adgang, overdrage ejerskabet og slette siden.',
  coadmin: 'En medadministrator kan redigere mindesiden og give læsere adgang, men ikke slette siden.',
  viewer: 'En læser kan se mindesiden, også når den er privat, men kan ikke ændre noget.',
};

/** How the role reads in a sentence: "Bent er nu medadministrator." */
export const roleInSentence = (role: MemberRole) => ROLE_NAMES[role].toLowerCase();
