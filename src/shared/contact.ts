/** The contact form (/contact): one schema for the form and for POST /api/contact. */
import { z } from 'zod';
import './zod-locale';
import { EMAIL_MAX, FULL_NAME_MAX } from './constants';

export const CONTACT_MESSAGE_MIN = 10;
export const CONTACT_MESSAGE_MAX = 5000;
export const CONTACT_SUBJECT_MAX = 150;

export const contactBody = z.object({
  name: z.string().trim().min(2, 'Skriv dit navn.').max(FULL_NAME_MAX, `Navnet må højst være ${FULL_NAME_MAX} tegn.`),
  email: z.string().trim().max(EMAIL_MAX, 'E-mailadressen er for lang.').pipe(z.email('Skriv en gyldig e-mailadresse.')),
  subject: z.string().trim().max(CONTACT_SUBJECT_MAX, `Emnet må højst være ${CONTACT_SUBJECT_MAX} tegn.`).optional().default(''),
  message: z
    .string()
    .trim()
    .min(CONTACT_MESSAGE_MIN, `Skriv mindst ${CONTACT_MESSAGE_MIN} tegn, så vi kan hjælpe dig.`)
    .max(CONTACT_MESSAGE_MAX, `Beskeden må højst være ${CONTACT_MESSAGE_MAX} tegn.`),
  /** A field people never see: a robot that fills it in is thanked and ignored. */
  website: z.string().max(500).optional().default(''),
});
export type ContactInput = z.input<typeof contactBody>;

export const contactResponse = z.object({ message: z.string() });
export const CONTACT_THANKS = 'Tak for din besked. Vi har sendt en bekræftelse til din e-mail og svarer normalt inden for to hverdage.';
