/** The contact form (/contact): one schema for the form and for POST /api/contact. */
import { z } from 'zod';
import './zod-locale';
import { EMAIL_MAX, FULL_NAME_MAX } from './constants';

export const CONTACT_MESSAGE_MIN = 10;
export const CONTACT_MESSAGE_MAX = 5000;
export const CONTACT_SUBJECT_MAX = 150;

/**
 * What a message is: most are questions; a request about personal data (GDPR articles 15 to 20,
 * also about a deceased relative) comes from /gdpr-data-request and must be answered within a
 * month (article 12(3)), so the support inbox and the dashboard show its deadline.
 */
export const CONTACT_KINDS = ['message', 'data_request'] as const;
export type ContactKind = (typeof CONTACT_KINDS)[number];

/**
 * A data request's deadline: the same day next month, or that month's last day when it has no such
 * day (a request of 31 January is answered by 28 or 29 February).
 */
export function dataRequestAnswerBy(received: Date): Date {
  const answerBy = new Date(received);
  answerBy.setUTCDate(1);
  answerBy.setUTCMonth(answerBy.getUTCMonth() + 1);
  const lastDay = new Date(Date.UTC(answerBy.getUTCFullYear(), answerBy.getUTCMonth() + 1, 0)).getUTCDate();
  answerBy.setUTCDate(Math.min(received.getUTCDate(), lastDay));
  return answerBy;
}

/** /contact?anmodning=data: the form sends its message as a data request (from /gdpr-data-request). */
export const DATA_REQUEST_PARAM = 'anmodning';
export const DATA_REQUEST_CONTACT_PATH = `/contact?${DATA_REQUEST_PARAM}=data&emne=${encodeURIComponent('Anmodning om mine data')}`;

export const contactBody = z.object({
  name: z.string().trim().min(2, 'Skriv dit navn.').max(FULL_NAME_MAX, `Navnet må højst være ${FULL_NAME_MAX} tegn.`),
  email: z.string().trim().max(EMAIL_MAX, 'E-mailadressen er for lang.').pipe(z.email('Skriv en gyldig e-mailadresse.')),
  subject: z.string().trim().max(CONTACT_SUBJECT_MAX, `Emnet må højst være ${CONTACT_SUBJECT_MAX} tegn.`).optional().default(''),
  message: z
    .string()
    .trim()
    .min(CONTACT_MESSAGE_MIN, `Skriv mindst ${CONTACT_MESSAGE_MIN} tegn, så vi kan hjælpe dig.`)
    .max(CONTACT_MESSAGE_MAX, `Beskeden må højst være ${CONTACT_MESSAGE_MAX} tegn.`),
  kind: z.enum(CONTACT_KINDS).optional().default('message'),
  /** A field people never see: a robot that fills it in is thanked and ignored. */
  website: z.string().max(500).optional().default(''),
});
export type ContactInput = z.input<typeof contactBody>;

export const contactResponse = z.object({ message: z.string() });
export const CONTACT_THANKS = 'Tak for din besked. Vi har sendt en bekræftelse til din e-mail og svarer normalt inden for to hverdage.';
/** A deadline as a Dane writes it: "29. december 2026", on the Danish calendar. */
/** `answerBy` in Danish words (danishLongDate). */
export const dataRequestThanks = (answerBy: string) => `Tak for din anmodning. Vi har sendt en bekræftelse til din e-mail og svarer senest ${answerBy}, som loven kræver.`;
