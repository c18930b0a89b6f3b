/**
 * The letters a reseller's own steps send: the receipt for an application, and a family's link
 * when a reseller gives them a code (to set up an account with it, or to log in and take it in use).
 * The back office's decisions write their own (decision-mail.ts).
 */
import { letter } from '../auth/mail';
import type { MailMessage } from '../lib/mail';

export function applicationReceivedMail({ to, name, companyName, link }: { to: string; name: string; companyName: string; link: string }): MailMessage {
  return letter({
    to,
    subject: 'Vi har modtaget jeres ansøgning som forhandler',
    name,
    before: [
      `Tak for ansøgningen om at blive forhandler af Mindested for ${companyName}.`,
      'Vi gennemgår den normalt inden for fem hverdage og skriver til jer, så snart den er afgjort. Har I en konto hos os, kan I følge ansøgningen på forhandlersiden.',
    ],
    button: { text: 'Se forhandlersiden', link },
    after: 'Har I ikke ansøgt, kan I se bort fra denne e-mail.',
  });
}

/** To a family without an account: the link that makes one with the code locked to it. */
export function handoverSetupMail({ to, name, companyName, link }: { to: string; name: string; companyName: string; link: string }): MailMessage {
  return letter({
    to,
    subject: `${companyName} har givet jer en QR-kode til mindestenen`,
    name,
    before: [
      `${companyName} har givet jer en QR-kode fra Mindested. Når koden sidder på mindestenen, kan alle, der besøger graven, scanne den med en mobiltelefon og se mindesiden for jeres kære.`,
      `Åbn linket, og vælg et brugernavn og en adgangskode. Så er koden låst til jeres konto, og I kan lave mindesiden i jeres eget tempo. Linket virker i 7 dage og kan kun bruges én gang. Er det udløbet, kan ${companyName} sende jer et nyt.`,
    ],
    button: { text: 'Opret konto og tag koden i brug', link },
    after: `Har I spørgsmål til koden eller stenen, så kontakt ${companyName}. Har I ikke ventet denne e-mail, kan I se bort fra den.`,
  });
}

/** To a family whose address has an account already: log in, and the code is locked to it. */
export function handoverLoginMail({ to, name, companyName, link }: { to: string; name: string; companyName: string; link: string }): MailMessage {
  return letter({
    to,
    subject: `${companyName} har givet jer en QR-kode til mindestenen`,
    name,
    before: [
      `${companyName} har givet jer en QR-kode fra Mindested til mindestenen.`,
      'Der findes allerede en konto hos Mindested med denne e-mailadresse. Log ind med den via linket, så bliver koden låst til kontoen, og I kan knytte den til en mindeside.',
    ],
    button: { text: 'Log ind og tag koden i brug', link },
    after: 'Har du glemt din adgangskode, kan du nulstille den på login-siden. Har I ikke ventet denne e-mail, kan I se bort fra den.',
  });
}
