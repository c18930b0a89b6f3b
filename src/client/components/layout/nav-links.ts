/**
 * The header's entries (SPEC.md §2 "Header") in one list, so the desktop bar and the phone's side
 * menu cannot drift apart. Who sees what follows SPEC.md §6.
 */
export interface NavEntry {
  to: string;
  label: string;
  /** Where the entry appears: both places, or only in the phone's side menu ("Mine bestillinger"). */
  only?: 'mobile';
}

export const PRICING: NavEntry = { to: '/pricing', label: 'Priser' };
export const CONTACT: NavEntry = { to: '/contact', label: 'Kontakt' };
export const RESELLER: NavEntry = { to: '/reseller-dashboard', label: 'Forhandler' };
export const CREATE_MEMORIAL: NavEntry = { to: '/create-memorial', label: 'Opret mindeside' };
export const NOTIFICATIONS: NavEntry = { to: '/profile?tab=notifications', label: 'Notifikationer' };
export const PROFILE: NavEntry = { to: '/profile', label: 'Min profil' };
export const ORDERS: NavEntry = { to: '/orders', label: 'Mine bestillinger', only: 'mobile' };
export const LOGIN: NavEntry = { to: '/login', label: 'Log ind' };
export const REGISTER: NavEntry = { to: '/register', label: 'Opret konto' };

/** The bell's accessible name: "Notifikationer", and how many are unread when there are any. */
export function notificationsLabel(badge: string | null): string {
  return badge ? `Notifikationer, ${badge} ulæste` : 'Notifikationer';
}
