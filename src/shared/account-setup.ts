/**
 * E-mail registration with a QR code (/qr-email-register) and the link it sends (/setup/{token}):
 * the person gives name and e-mail, gets a link, and there chooses username and password; the
 * code is locked to the new account.
 */
import { z } from 'zod';
import './zod-locale';
import { EMAIL_MAX, FULL_NAME_MAX, PASSWORD_MAX, PASSWORD_MIN } from './constants';
import { messages, newUsername, qrCodeInput } from './auth';

export const SETUP_REQUESTED = 'Tak. Vi har sendt en e-mail med et link, hvor du vælger brugernavn og adgangskode. Linket virker i 7 dage.';

export const qrEmailRegisterBody = z.object({
  fullName: z.string().trim().min(1, messages.fullNameRequired).max(FULL_NAME_MAX, messages.fullNameLong),
  email: z.string().trim().toLowerCase().max(EMAIL_MAX, messages.emailInvalid).pipe(z.email(messages.emailInvalid)),
  qrCode: qrCodeInput,
  /** A field people never see: a robot fills it in. */
  website: z.string().max(200).optional(),
});
export type QrEmailRegisterBody = z.input<typeof qrEmailRegisterBody>;

/** Any text: a link cut short is simply unknown, and answered as one (not with a validation message). */
export const setupTokenParams = z.object({ token: z.string().min(1).max(200) });

export const accountSetupResponse = z.object({
  fullName: z.string(),
  email: z.string(),
  /** The code locked to the new account; empty for a reseller's account. */
  qrCode: z.string().nullable(),
  /** The reseller the new account runs, when the link came with an approved application. */
  companyName: z.string().nullable(),
});
export type AccountSetup = z.infer<typeof accountSetupResponse>;

export const accountSetupBody = z.object({
  token: z.string().min(20).max(200),
  username: newUsername,
  password: z.string().min(PASSWORD_MIN, messages.passwordShort).max(PASSWORD_MAX, messages.passwordLong),
});
export type AccountSetupBody = z.input<typeof accountSetupBody>;
