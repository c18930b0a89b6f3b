import type { MailMessage } from '../lib/mail';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function passwordResetMail({ to, name, link }: { to: string; name: string; link: string }): MailMessage {
  const text = [
    `Kære ${name}`,
    '',
    'Vi har fået en anmodning om at nulstille adgangskoden til din konto hos Mindested.',
    'Åbn linket herunder for at vælge en ny adgangskode. Linket virker i en time og kan kun bruges én gang.',
    '',
    link,
    '',
    'Har du ikke bedt om det, kan du se bort fra denne e-mail. Din adgangskode er ikke ændret.',
    '',
    'Venlig hilsen',
    'Mindested',
  ].join('\n');
  const html = `<!doctype html><html lang="da"><body style="font-family:Georgia,serif;font-size:17px;line-height:1.6;color:#2b2622;background:#faf7f2;padding:24px">
<p>Kære ${escapeHtml(name)}</p>
<p>Vi har fået en anmodning om at nulstille adgangskoden til din konto hos Mindested.
Tryk på knappen for at vælge en ny adgangskode. Linket virker i en time og kan kun bruges én gang.</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#5b4636;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none">Vælg ny adgangskode</a></p>
<p style="font-size:15px">Virker knappen ikke, så kopiér denne adresse ind i din browser:<br>${escapeHtml(link)}</p>
<p>Har du ikke bedt om det, kan du se bort fra denne e-mail. Din adgangskode er ikke ændret.</p>
<p>Venlig hilsen<br>Mindested</p></body></html>`;
  return { to, subject: 'Nulstil din adgangskode til Mindested', text, html };
}
