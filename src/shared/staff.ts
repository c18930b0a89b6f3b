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

/**
 * POST /api/admin/two-factor-setup: a new secret to put in an authenticator app, as a QR code (SVG)
 * and as text. Nothing is stored yet: `setupToken` is the secret sealed by the server for this
 * account, sent back with the first code to confirm, so an abandoned set-up leaves no trace and a
 * working factor stays until its replacement is confirmed.
 */
export const twoFactorSetupResponse = z.object({ otpauthUri: z.string(), secret: z.string(), qrSvg: z.string(), setupToken: z.string() });
export type TwoFactorSetup = z.infer<typeof twoFactorSetupResponse>;

const typedCode = z.string().trim().min(1, 'Skriv koden fra appen.').max(40, 'Koden er for lang.');

/** POST /api/admin/two-factor-setup/confirm: the first code from the app proves it holds the secret. */
export const twoFactorConfirmBody = z.object({ setupToken: z.string().min(1).max(500), code: typedCode });
/** The recovery codes, shown once: only their hashes are kept. */
export const twoFactorConfirmResponse = z.object({ recoveryCodes: z.array(z.string()).length(10) });

/** POST /api/admin/two-factor-verification: a 6-digit code from the app, or a recovery code. */
export const twoFactorVerifyBody = z.object({ code: typedCode });

export const twoFactorMessages = {
  wrongCode: 'Koden passer ikke. Skriv de 6 cifre, appen viser lige nu, og tjek, at telefonens ur går rigtigt.',
  usedCode: 'Koden er allerede brugt. Vent, til appen viser en ny kode, og skriv den.',
  wrongRecoveryCode: 'Gendannelseskoden passer ikke. Tjek, at du har skrevet den rigtigt.',
  usedRecoveryCode: 'Gendannelseskoden er allerede brugt. Hver kode virker kun én gang; brug en af de andre.',
  setupCodeWrong: 'Koden passer ikke. Skan den nye QR-kode (eller skriv nøglen) i appen, og skriv den kode, appen viser nu.',
  setupExpired: 'Opsætningen er udløbet. Begynd forfra, og skan den nye QR-kode.',
  alreadySetUp: 'Du har allerede totrinsbekræftelse. Bekræft først med en kode fra appen, før du opsætter en ny.',
  resetOwn: 'Din egen totrinsbekræftelse nulstiller du ikke her. Opsæt en ny under Totrinsbekræftelse.',
  userNotFound: 'Personen findes ikke.',
} as const;
