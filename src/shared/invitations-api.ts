/**
 * Co-admin invitations by e-mail (PRODUCT.md "Roles", "Links sent by e-mail"): the owner invites an
 * address, the link /invitation/{token} lets the invitee accept with the account they have or make
 * one. The owner's form validates with invitationBody and the server parses with it too; the
 * invitation page's account form with invitationRegisterBody, which is /register's own rules.
 */
import './zod-locale';
import { z } from 'zod';
import { messages, registerBody } from './auth';
import { EMAIL_MAX } from './constants';

/** An invitation works for 7 days, like an account-setup link: long enough for a family in grief. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60_000;

export const invitationMessages = {
  emailMissing: 'Skriv e-mailadressen på den, du vil invitere.',
  emailInvalid: messages.emailInvalid,
} as const;

export const invitationBody = z.strictObject({
  email: z
    .string(invitationMessages.emailMissing)
    .trim()
    .min(1, invitationMessages.emailMissing)
    .toLowerCase()
    .max(EMAIL_MAX, invitationMessages.emailInvalid)
    .pipe(z.email(invitationMessages.emailInvalid)),
});
export type InvitationInput = z.input<typeof invitationBody>;
export type InvitationBody = z.output<typeof invitationBody>;

/** An open invitation as the owner sees it in the list. */
export const invitationResponse = z.object({
  id: z.string(),
  email: z.string(),
  /** Who sent it; null when that account no longer exists. */
  invitedBy: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type Invitation = z.output<typeof invitationResponse>;

export const invitationsResponse = z.object({ invitations: z.array(invitationResponse) });
export type InvitationsList = z.output<typeof invitationsResponse>;

export const invitationParams = z.object({ id: z.string().min(1).max(120), invitationId: z.uuid('Ukendt invitation.') });

/** Any text: a link cut short is simply unknown, and answered as one (not with a validation message). */
export const invitationTokenParams = z.object({ token: z.string().min(1).max(200) });

export const INVITATION_STATES = ['valid', 'used', 'expired', 'withdrawn'] as const;
export type InvitationState = (typeof INVITATION_STATES)[number];

/** What /invitation/{token} shows. `message` says, in Danish, why a link no longer works and what to do. */
export const invitationViewResponse = z.object({
  state: z.enum(INVITATION_STATES),
  message: z.string().nullable(),
  memorialName: z.string(),
  inviterName: z.string().nullable(),
  email: z.string(),
  /** Whether the invited address already has an account: the page then offers to log in first. */
  accountExists: z.boolean(),
});
export type InvitationView = z.output<typeof invitationViewResponse>;

/** The new account's fields, with /register's rules; the e-mail is the invitation's own. */
export const invitationRegisterBody = registerBody.pick({ fullName: true, username: true, password: true });
export type InvitationRegisterInput = z.input<typeof invitationRegisterBody>;
export type InvitationRegisterBody = z.output<typeof invitationRegisterBody>;

/** Where the new co-admin goes next. */
export const invitationAcceptedResponse = z.object({ memorialId: z.string(), slug: z.string(), memorialName: z.string() });
export type InvitationAccepted = z.output<typeof invitationAcceptedResponse>;
