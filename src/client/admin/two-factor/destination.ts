/**
 * Where a staff member goes once they have passed the second factor: the page they were on their
 * way to (the admin guard sends it along), else their own part of the back office. Production's
 * pages come with a later issue; until then their start is the profile.
 */
import type { Role } from '@/shared/auth';

const HOME: Record<Role, string> = { admin: '/admin/dashboard', support: '/admin/support', production: '/profile', user: '/' };
const TWO_FACTOR_PAGES = ['/admin/two-factor-verification', '/admin/two-factor-setup'];

export function destinationAfterTwoFactor(role: Role, state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  // Only a path on this site, and not back to where the person is now.
  if (typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') && !TWO_FACTOR_PAGES.some((page) => from.startsWith(page))) return from;
  return HOME[role];
}
