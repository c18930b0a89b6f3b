import type { MailMessage } from '../lib/mail';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The sender's receipt: what they wrote, so they know it arrived and can find it again. A request
 * about personal data (`answerBy` set) is promised an answer by its deadline instead.
 */
export function contactReceiptMail(input: { to: string; name: string; subject: string; message: string; answerBy?: string | null; contactEmail: string }): MailMessage {
  const subjectLine = input.subject ? `Emne: ${input.subject}` : '';
  const thanks = input.answerBy
    ? `Tak for din anmodning til Mindested. Vi har modtaget den og svarer senest ${input.answerBy}. Før vi udleverer, retter eller sletter noget, sikrer vi os, at anmodningen kommer fra dig.`
    : 'Tak for din besked til Mindested. Vi har modtaget den og svarer normalt inden for to hverdage.';
  const text = [
    `Kære ${input.name}`,
    '',
    thanks,
    '',
    'Du skrev:',
    ...(subjectLine ? [subjectLine] : []),
    input.message,
    '',
    `Har du mere at tilføje, kan du svare på denne e-mail eller skrive til ${input.contactEmail}.`,
    '',
    'Venlig hilsen',
    'Mindested',
  ].join('\n');
  const quoted = escapeHtml(input.message).replace(/\n/g, '<br>');
  const html = `<!doctype html><html lang="da"><body style="font-family:Georgia,serif;font-size:17px;line-height:1.6;color:#2b2622;background:#faf7f2;padding:24px">
<p>Kære ${escapeHtml(input.name)}</p>
<p>${escapeHtml(thanks)}</p>
<p style="margin:0">Du skrev:</p>
<blockquote style="margin:8px 0 16px;padding:12px 16px;border-left:3px solid #b08d57;background:#fff">${subjectLine ? `<strong>${escapeHtml(subjectLine)}</strong><br>` : ''}${quoted}</blockquote>
<p>Har du mere at tilføje, kan du svare på denne e-mail eller skrive til ${escapeHtml(input.contactEmail)}.</p>
<p>Venlig hilsen<br>Mindested</p></body></html>`;
  const subject = input.answerBy ? 'Vi har modtaget din anmodning om dine data' : 'Vi har modtaget din besked';
  return { to: input.to, subject, text, html, replyTo: input.contactEmail };
}
