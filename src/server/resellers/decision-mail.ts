/**
 * The letters the back office's decisions send a reseller (PRODUCT.md "Resellers"): approved (with
 * the way to its dashboard, or the link that makes its account), rejected, suspended and
 * reinstated (with the reason in the back office's own words), a new commission rate, and a new
 * setup link. Addressed to the application's contact, written to the firm ("I", "jeres").
 */
import { formatCommission } from '../../shared/resellers-admin';
import { type Letter, letter } from '../auth/mail';
import type { MailMessage } from '../lib/mail';

export interface Recipient {
  email: string;
  contactName: string;
  companyName: string;
}

const QUESTIONS = 'Har I spørgsmål, er I velkomne til at skrive til os via kontaktsiden.';
const SETUP_RULES = 'Linket virker i 7 dage og kan kun bruges én gang.';

function to(reseller: Recipient, rest: Omit<Letter, 'to' | 'name' | 'greeting'>): MailMessage {
  const name = reseller.contactName.trim() || reseller.companyName;
  return letter({ to: reseller.email, name, ...rest });
}

const commissionLine = (basisPoints: number) => (basisPoints > 0 ? [`Jeres provision af partneres køb er ${formatCommission(basisPoints)}.`] : []);

/** Approved, for an applicant that has an account: the dashboard is open. */
export function approvedMail(reseller: Recipient, baseUrl: string, commissionBasisPoints: number): MailMessage {
  return to(reseller, {
    subject: 'Jeres forhandleransøgning er godkendt',
    before: [
      `Vi har godkendt ansøgningen fra ${reseller.companyName}, og I er nu forhandler hos Mindested.`,
      'På forhandlersiden ser I jeres QR-pakker og koder, giver koder videre til familier og følger jeres partnernetværk.',
      ...commissionLine(commissionBasisPoints),
    ],
    button: { text: 'Gå til forhandlersiden', link: `${baseUrl}/reseller-dashboard` },
    after: QUESTIONS,
  });
}

/** Approved, for a visitor's application: the link that makes the reseller's account. */
export function approvedSetupMail(reseller: Recipient, link: string, commissionBasisPoints: number): MailMessage {
  return to(reseller, {
    subject: 'Jeres forhandleransøgning er godkendt',
    before: [
      `Vi har godkendt ansøgningen fra ${reseller.companyName}, og I er nu forhandler hos Mindested.`,
      `Åbn linket, og vælg brugernavn og adgangskode til jeres forhandlerkonto. ${SETUP_RULES}`,
      ...commissionLine(commissionBasisPoints),
    ],
    button: { text: 'Vælg brugernavn og adgangskode', link },
    after: 'Er linket udløbet, før I når at bruge det, så skriv til os via kontaktsiden, så sender vi et nyt.',
  });
}

/** A new setup link, when the first one expired or went astray; the old ones no longer work. */
export function newSetupLinkMail(reseller: Recipient, link: string): MailMessage {
  return to(reseller, {
    subject: 'Nyt link til jeres forhandlerkonto hos Mindested',
    before: [
      `Her er et nyt link til at oprette forhandlerkontoen for ${reseller.companyName} hos Mindested. Links, vi har sendt før, virker ikke længere.`,
      `Åbn linket, og vælg brugernavn og adgangskode. ${SETUP_RULES}`,
    ],
    button: { text: 'Vælg brugernavn og adgangskode', link },
    after: QUESTIONS,
  });
}

export function rejectedMail(reseller: Recipient, baseUrl: string, reason: string): MailMessage {
  return to(reseller, {
    subject: 'Svar på jeres forhandleransøgning',
    before: [
      `Tak for ansøgningen fra ${reseller.companyName} om at blive forhandler hos Mindested. Vi har desværre afslået den.`,
      `Begrundelse: ${reason}`,
      'Har I spørgsmål til afgørelsen, eller mener I, at vi har misforstået noget, er I velkomne til at skrive til os.',
    ],
    button: { text: 'Skriv til os', link: `${baseUrl}/contact` },
    after: 'Skriv gerne jeres CVR-nummer i beskeden, så finder vi hurtigt ansøgningen.',
  });
}

export function suspendedMail(reseller: Recipient, baseUrl: string, reason: string): MailMessage {
  return to(reseller, {
    subject: 'Jeres forhandleradgang hos Mindested er suspenderet',
    before: [
      `Vi har suspenderet forhandleradgangen for ${reseller.companyName}. Indtil videre kan I ikke give koder videre til familier.`,
      `Begrundelse: ${reason}`,
      'Jeres koder og historik er bevaret, og koder, som familier allerede har taget i brug, virker som hidtil.',
    ],
    button: { text: 'Skriv til os', link: `${baseUrl}/contact` },
    after: 'Skriv til os, hvis I har spørgsmål, eller når forholdet er bragt i orden, så ser vi på sagen igen.',
  });
}

export function reinstatedMail(reseller: Recipient, baseUrl: string): MailMessage {
  return to(reseller, {
    subject: 'Jeres forhandleradgang hos Mindested er genoptaget',
    before: [`Vi har genoptaget forhandleradgangen for ${reseller.companyName}. I kan igen give koder videre til familier.`],
    button: { text: 'Gå til forhandlersiden', link: `${baseUrl}/reseller-dashboard` },
    after: QUESTIONS,
  });
}

export function commissionMail(reseller: Recipient, baseUrl: string, commissionBasisPoints: number): MailMessage {
  return to(reseller, {
    subject: 'Ny provision hos Mindested',
    before: [
      `Provisionen for ${reseller.companyName} af partneres køb er nu ${formatCommission(commissionBasisPoints)}. Den gælder for køb fra i dag.`,
      'I kan følge provisionen under partnernetværket på forhandlersiden.',
    ],
    button: { text: 'Gå til forhandlersiden', link: `${baseUrl}/reseller-dashboard` },
    after: QUESTIONS,
  });
}
