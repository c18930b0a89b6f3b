/**
 * Our reply to a contact message, by e-mail: what we wrote, signed by the person who wrote it, the
 * link where the sender answers into the same thread (/support/reply/{token}), and what the sender
 * last wrote, quoted. Everything a person typed is text: escaped in the HTML, never markup.
 */
import { SUPPORT_REPLY_LINK_DAYS } from '../../shared/support';
import { DANISH_TIME_ZONE } from '../lib/daily';
import type { MailMessage } from '../lib/mail';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A person's lines in HTML: escaped, line breaks kept. */
const lines = (value: string) => escapeHtml(value).replace(/\r?\n/g, '<br>');

const when = new Intl.DateTimeFormat('da-DK', { timeZone: DANISH_TIME_ZONE, dateStyle: 'long', timeStyle: 'short' });

export interface SupportReplyLetter {
  to: string;
  name: string;
  /** The contact message's subject; empty when the sender gave none. */
  subject: string;
  reply: string;
  /** Who of us wrote it, as the letter is signed. */
  staffName: string;
  /** The sender's newest message, which the reply answers. */
  quoted: { body: string; at: Date };
  link: string;
  contactEmail: string;
}

export function supportReplyMail(input: SupportReplyLetter): MailMessage {
  const subject = input.subject ? `Svar fra Mindested: ${input.subject}` : 'Svar fra Mindested på din besked';
  const wrote = `Du skrev ${when.format(input.quoted.at)}:`;
  const howToAnswer = `Vil du svare os, så brug linket herunder. Så kommer dit svar direkte ind i sagen hos os. Linket virker i ${SUPPORT_REPLY_LINK_DAYS} dage og kan bruges én gang.`;
  const text = [
    `Kære ${input.name}`,
    '',
    input.reply,
    '',
    'Venlig hilsen',
    input.staffName,
    'Mindested',
    '',
    '---',
    howToAnswer,
    `Svar på beskeden: ${input.link}`,
    '',
    wrote,
    ...input.quoted.body.split(/\r?\n/).map((line) => `> ${line}`),
  ].join('\n');
  const html = `<!doctype html><html lang="da"><body style="font-family:Georgia,serif;font-size:17px;line-height:1.6;color:#2b2622;background:#faf7f2;padding:24px">
<p>Kære ${escapeHtml(input.name)}</p>
<p>${lines(input.reply)}</p>
<p>Venlig hilsen<br>${escapeHtml(input.staffName)}<br>Mindested</p>
<hr style="border:0;border-top:1px solid #e4dccf;margin:24px 0">
<p>${escapeHtml(howToAnswer)}</p>
<p><a href="${escapeHtml(input.link)}" style="display:inline-block;background:#5b4636;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none">Svar på beskeden</a></p>
<p style="font-size:15px">Virker knappen ikke, så kopiér denne adresse ind i din browser:<br>${escapeHtml(input.link)}</p>
<p style="margin:24px 0 0">${escapeHtml(wrote)}</p>
<blockquote style="margin:8px 0 16px;padding:12px 16px;border-left:3px solid #b08d57;background:#fff">${lines(input.quoted.body)}</blockquote>
</body></html>`;
  return { to: input.to, subject, text, html, replyTo: input.contactEmail };
}
