/**
 * E-mail to a memorial's administrators about what visitors leave (PRODUCT.md "What visitors leave,
 * and moderation"): the approve and reject links (/post-decision/{token}), the digest's unsubscribe
 * link (/unsubscribe/{token}) and the person's own choices on /profile.
 */
import { z } from 'zod';
import { POST_KINDS, POST_MAIL_CHOICES, POST_STATUSES } from './posts-api';
import './zod-locale';

export const DECISION_ACTIONS = ['approve', 'reject'] as const;
export type DecisionAction = (typeof DECISION_ACTIONS)[number];

/** The links are random and long; anything else cannot be one of ours. */
export const tokenParams = z.object({ token: z.string().min(20).max(100).regex(/^[\w-]+$/) });

/**
 * Where a decision link stands:
 * ready: the post waits, and the button decides it; done: this link just decided it;
 * used: this link (or its twin for the other choice) was used before; expired: too old;
 * decided: someone else decided the post first; not-admin: the person no longer looks after the memorial.
 */
export const DECISION_STATES = ['ready', 'done', 'used', 'expired', 'decided', 'not-admin'] as const;
export type DecisionState = (typeof DECISION_STATES)[number];

export const postDecision = z.object({
  state: z.enum(DECISION_STATES),
  action: z.enum(DECISION_ACTIONS),
  post: z.object({
    kind: z.enum(POST_KINDS),
    name: z.string(),
    message: z.string().nullable(),
    status: z.enum(POST_STATUSES),
    createdAt: z.string(),
    /** Who decided it and when, once someone has. */
    decidedBy: z.string().nullable(),
    decidedAt: z.string().nullable(),
  }),
  memorial: z.object({ name: z.string(), slug: z.string() }),
});
export type PostDecision = z.infer<typeof postDecision>;

/** GET and PATCH /api/profile/mail-preferences. */
export const mailPreferences = z.object({
  postMails: z.enum(POST_MAIL_CHOICES),
  anniversaryReminders: z.boolean(),
});
export type MailPreferences = z.infer<typeof mailPreferences>;
export const mailPreferencesBody = mailPreferences.partial();

/** GET /api/unsubscribe/{token}: whose digest the link stops, and whether it already has. */
export const unsubscribeStatus = z.object({ fullName: z.string(), email: z.string(), postMails: z.enum(POST_MAIL_CHOICES) });
export type UnsubscribeStatus = z.infer<typeof unsubscribeStatus>;
