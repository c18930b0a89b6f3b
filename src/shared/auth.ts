/**
 * Request and response schemas of the account calls (SPEC.md §7). The browser validates its forms
 * with these and the server parses every request with the same ones, so a rule lives in one place.
 */
import { z } from 'zod';
import './zod-locale';
import {
  EMAIL_MAX,
  FULL_NAME_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
  USERNAME_MAX,
  USERNAME_MIN,
} from './constants';
import { isWellFormedCode, normalizeCode } from './qr-code';

export const messages = {
  usernameShort: 'Brugernavn eller email skal være mindst 2 tegn.',
  passwordShort: 'Adgangskode skal være mindst 6 tegn.',
  passwordLong: `Adgangskoden må højst være ${PASSWORD_MAX} tegn.`,
  passwordsDiffer: 'De to adgangskoder er ikke ens.',
  emailInvalid: 'Skriv en gyldig e-mailadresse, fx navn@eksempel.dk.',
  fullNameRequired: 'Skriv dit fulde navn.',
  fullNameLong: `Navnet må højst være ${FULL_NAME_MAX} tegn.`,
  newUsernameShort: `Brugernavnet skal være mindst ${USERNAME_MIN} tegn.`,
  newUsernameLong: `Brugernavnet må højst være ${USERNAME_MAX} tegn.`,
  newUsernameChars: 'Brugernavnet må kun indeholde bogstaver, tal, punktum, bindestreg og understregning.',
  qrCodeInvalid: 'QR-koden er ikke gyldig. Tjek at du har skrevet den rigtigt.',
} as const;

/** A QR code as typed or scanned; normalised to its canonical 10 characters. */
export const qrCodeInput = z
  .string()
  .trim()
  .refine(isWellFormedCode, messages.qrCodeInvalid)
  .transform((value) => normalizeCode(value)!);

const password = z.string().min(PASSWORD_MIN, messages.passwordShort).max(PASSWORD_MAX, messages.passwordLong);
const email = z.string().trim().toLowerCase().max(EMAIL_MAX, messages.emailInvalid).pipe(z.email(messages.emailInvalid));

export const loginBody = z.object({
  username: z.string().trim().min(USERNAME_MIN, messages.usernameShort).max(EMAIL_MAX, messages.usernameShort),
  password: z.string().min(PASSWORD_MIN, messages.passwordShort).max(PASSWORD_MAX, messages.passwordLong),
  qrCode: qrCodeInput.optional(),
});
export type LoginBody = z.input<typeof loginBody>;

export const newUsername = z
  .string()
  .trim()
  .min(USERNAME_MIN, messages.newUsernameShort)
  .max(USERNAME_MAX, messages.newUsernameLong)
  .regex(/^[\p{L}\p{N}._-]+$/u, messages.newUsernameChars);

export const registerBody = z.object({
  fullName: z.string().trim().min(1, messages.fullNameRequired).max(FULL_NAME_MAX, messages.fullNameLong),
  username: newUsername,
  email,
  password,
  qrCode: qrCodeInput,
});
export type RegisterBody = z.input<typeof registerBody>;

export const passwordResetRequestBody = z.object({ email });
/** "Send mig et login-link" asks with the address alone, like "Glemt adgangskode?". */
export const loginLinkRequestBody = z.object({ email });
/** A token from a link we e-mailed: /reset-password/{token}, /login/{token}. */
export const linkToken = z.string().min(20).max(200);
export const passwordResetBody = z.object({
  token: linkToken,
  password,
});
export type PasswordResetBody = z.input<typeof passwordResetBody>;

export const messageResponse = z.object({ message: z.string() });

export const roles = ['user', 'admin', 'support', 'production'] as const;
export type Role = (typeof roles)[number];

export const userResponse = z.object({
  id: z.string(),
  fullName: z.string(),
  username: z.string(),
  email: z.string(),
  role: z.enum(roles),
  isAdmin: z.boolean(),
  createdAt: z.string(),
});
export type User = z.infer<typeof userResponse>;

/** Login and registration answer with the user and whether a QR code was locked on the way. */
export const loginResponse = userResponse.extend({ qrCodeLinked: z.boolean() });
export type LoginResponse = z.infer<typeof loginResponse>;

/** The fields a duplicate-error (409) can name (SPEC.md §3 "duplicates"). */
export const duplicateFields = ['username', 'email'] as const;
export type DuplicateField = (typeof duplicateFields)[number];
