import type { MailMessage } from '../lib/mail';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export interface Letter {
  to: string;
  subject: string;
  name: string;
  /** Instead of "Kære {name}": for a letter to an address whose owner we cannot name yet. */
  greeting?: string;
  /** Paragraphs before the button; the text version says "Åbn linket herunder" where the HTML has the button. */
  before: string[];
  /** The one thing to do; a letter that only tells (a receipt) has none. */
  button?: { text: string; link: string };
  after: string;
}

/** Our e-mails as a Danish letter: greeting, a few paragraphs, one button (and its address for a plain-text reader). */
export function letter({ to, subject, name, greeting = `Kære ${name}`, before, button, after }: Letter): MailMessage {
  const text = [greeting, '', ...before.flatMap((p) => [p, '']), ...(button ? [button.link, ''] : []), after, '', 'Venlig hilsen', 'Mindested'].join('\n');
  const html = `<!doctype html><html lang="da"><body style="font-family:Georgia,serif;font-size:17px;line-height:1.6;color:#2b2622;background:#faf7f2;padding:24px">
<p>${escapeHtml(greeting)}</p>
${before.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
${
  button
    ? `<p><a href="${escapeHtml(button.link)}" style="display:inline-block;background:#5b4636;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none">${escapeHtml(button.text)}</a></p>
<p style="font-size:15px">Virker knappen ikke, så kopiér denne adresse ind i din browser:<br>${escapeHtml(button.link)}</p>
`
    : ''
}<p>${escapeHtml(after)}</p>
<p>Venlig hilsen<br>Mindested</p></body></html>`;
  return { to, subject, text, html };
}

export function passwordResetMail({ to, name, link }: { to: string; name: string; link: string }): MailMessage {
  return letter({
    to,
    subject: 'Nulstil din adgangskode til Mindested',
    name,
    before: [
      'Vi har fået en anmodning om at nulstille adgangskoden til din konto hos Mindested.',
      'Åbn linket for at vælge en ny adgangskode. Linket virker i en time og kan kun bruges én gang.',
    ],
    button: { text: 'Vælg ny adgangskode', link },
    after: 'Har du ikke bedt om det, kan du se bort fra denne e-mail. Din adgangskode er ikke ændret.',
  });
}

/** The link that finishes an e-mail registration with a QR code. */
export function accountSetupMail({ to, name, link }: { to: string; name: string; link: string }): MailMessage {
  return letter({
    to,
    subject: 'Vælg brugernavn og adgangskode til Mindested',
    name,
    before: [
      'Tak fordi du vil tage jeres QR-kode i brug hos Mindested.',
      'Åbn linket, og vælg et brugernavn og en adgangskode. Så er koden låst til din konto, og du kan lave mindesiden, som stenen skal åbne. Linket virker i 7 dage og kan kun bruges én gang.',
    ],
    button: { text: 'Vælg brugernavn og adgangskode', link },
    after: 'Har du ikke bedt om det, kan du se bort fra denne e-mail.',
  });
}

/** To an address that already has an account: no second account, but the way to use the code with it. */
export function existingAccountMail({ to, name, link }: { to: string; name: string; link: string }): MailMessage {
  return letter({
    to,
    subject: 'Du har allerede en konto hos Mindested',
    name,
    before: [
      'Vi har fået en anmodning om at oprette en konto hos Mindested med denne e-mailadresse, men der findes allerede en konto med den.',
      'Log ind med din konto via linket, så bliver QR-koden låst til den.',
    ],
    button: { text: 'Log ind og tag koden i brug', link },
    after: 'Har du glemt din adgangskode, kan du nulstille den på login-siden. Har du ikke bedt om noget, kan du se bort fra denne e-mail.',
  });
}

/** A one-time login link (/login/{token}): asked for on the login page, or sent by Mindested's staff. */
export function loginLinkMail({ to, name, link, sentByStaff }: { to: string; name: string; link: string; sentByStaff: boolean }): MailMessage {
  return letter({
    to,
    subject: 'Dit login-link til Mindested',
    name,
    before: [
      sentByStaff
        ? 'Mindested har sendt dig et link, så du kan logge ind på din konto uden adgangskode.'
        : 'Du har bedt om et link til at logge ind på din konto hos Mindested uden adgangskode.',
      'Åbn linket, og tryk på "Log ind". Linket virker i en time og kan kun bruges én gang.',
    ],
    button: { text: 'Log ind på Mindested', link },
    after: 'Har du ikke bedt om det, kan du se bort fra denne e-mail. Ingen kan logge ind uden linket.',
  });
}
