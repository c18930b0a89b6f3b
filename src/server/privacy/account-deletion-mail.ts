/** The two letters of an account's deletion (account-deletion.ts): the confirming link, and the receipt. */
import { BOOKKEEPING_YEARS, DELETION_LINK_HOURS, type DeletionReceipt } from '../../shared/account-deletion';
import { letter } from '../auth/mail';
import type { MailMessage } from '../lib/mail';

export function deletionLinkMail({ to, name, link }: { to: string; name: string; link: string }): MailMessage {
  return letter({
    to,
    subject: 'Bekræft, at din konto hos Mindested skal slettes',
    name,
    before: [
      'Du har bedt os slette din konto hos Mindested. Der er ikke slettet noget endnu.',
      `Åbn linket, mens du er logget ind, for at se, hvad der sker med dine mindesider og dine indlæg, og bekræfte sletningen. Linket virker i ${DELETION_LINK_HOURS} timer og kan kun bruges én gang.`,
    ],
    button: { text: 'Se og bekræft sletningen', link },
    after: 'Har du ikke bedt om det, så skift din adgangskode og se bort fra denne e-mail. Din konto er ikke slettet.',
  });
}

const counted = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Counts only: the receipt names no memorial and no person, so it holds nothing we just deleted. */
export function deletionReceiptMail({ to, name, receipt }: { to: string; name: string; receipt: DeletionReceipt }): MailMessage {
  const done = [
    receipt.memorialsHandedOver > 0 ? `${counted(receipt.memorialsHandedOver, 'mindeside er', 'mindesider er')} givet videre til den medadministrator, du valgte.` : null,
    receipt.memorialsDeleted > 0 ? `${counted(receipt.memorialsDeleted, 'mindeside er', 'mindesider er')} slettet med billeder, videoer og musik.` : null,
    receipt.postsAnonymised > 0 ? `${counted(receipt.postsAnonymised, 'lys, hilsen eller minde står', 'lys, hilsner og minder står')} nu som "Anonym".` : null,
    receipt.postsDeleted > 0 ? `${counted(receipt.postsDeleted, 'lys, hilsen eller minde er', 'lys, hilsner og minder er')} slettet.` : null,
    receipt.invoicesKept > 0
      ? `${counted(receipt.invoicesKept, 'faktura gemmer', 'fakturaer gemmer')} vi i ${BOOKKEEPING_YEARS} år fra udgangen af regnskabsåret, som bogføringsloven kræver. Derefter slettes ${receipt.invoicesKept === 1 ? 'den' : 'de'}.`
      : null,
  ].filter((line): line is string => line !== null);
  return letter({
    to,
    subject: 'Din konto hos Mindested er slettet',
    name,
    before: ['Din konto hos Mindested er nu slettet, som du bad om. Du er logget ud alle steder, og du kan ikke længere logge ind.', ...done],
    after: 'Denne e-mail er din kvittering. Du er altid velkommen tilbage med en ny konto.',
  });
}
