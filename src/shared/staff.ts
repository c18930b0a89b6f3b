/**
 * The people who run Mindested (PRODUCT.md "People and roles"): their roles, and the messages the
 * back office's guard answers with on both sides.
 */
import { z } from 'zod';
import type { Role } from './auth';

export const STAFF_ROLES = ['admin', 'support', 'production'] as const satisfies readonly Role[];
export type StaffRole = (typeof STAFF_ROLES)[number];

export const isStaff = (role: Role): role is StaffRole => (STAFF_ROLES as readonly Role[]).includes(role);

export const ROLE_LABELS: Record<Role, string> = {
  user: 'Bruger',
  admin: 'Administrator',
  support: 'Support',
  production: 'Produktion',
};

export const staffMessages = {
  notStaff: 'Du har ikke adgang til denne del af Mindested.',
  twoFactorRequired: 'Bekræft først, at det er dig, med en kode fra din godkendelses-app.',
  twoFactorSetUpFirst: 'Opsæt først totrinsbekræftelse med en godkendelses-app.',
} as const;

/** GET /api/admin/two-factor-verification-status (SPEC.md §7): isRequired and isVerified, and whether a factor is set up at all. */
export const twoFactorStatusResponse = z.object({ isRequired: z.boolean(), isVerified: z.boolean(), isSetUp: z.boolean() });
export type TwoFactorStatus = z.infer<typeof twoFactorStatusResponse>;
