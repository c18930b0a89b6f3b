/**
 * The e-mail that tells an administrator what visitors left: one letter listing the new candles,
 * greetings, memories and tributes per memorial, each waiting one with its own "Godkend" and
 * "Afvis" links, in HTML and plain text. The same look as auth/mail.ts's letters; its own layout
 * because it has many posts and two buttons each, where those have one.
 */
import type { PostKind, PostStatus } from '../../shared/posts-api';
import { DANISH_TIME_ZONE } from '../lib/daily';
import type { MailMessage } from '../lib/mail';

/** Posts listed per memorial; the rest are counted ("og 12 mere") and wait on the admin page. */
export const LISTED_PER_MEMORIAL = 20;

export interface MailedPost {
  kind: PostKind;
  status: PostStatus;
  name: string;
  message: string | null;
  createdAt: Date;
  /** The links for a waiting post; none for one already shown (a candle that burns at once). */
  links: { approve: string; reject: string } | null;
}

export interface MailedMemorial {
  name: string;
  adminLink: string;
  /** Listed ones (at most LISTED_PER_MEMORIAL), waiting ones first. */
  posts: MailedPost[];
  /** New ones not listed. */
  more: number;
}

export interface PostLetter {
  to: string;
  name: string;
  kind: 'immediate' | 'digest';
  memorials: MailedMemorial[];
  profileLink: string;
  /** The digest's one-click way out. */
  unsubscribeLink?: string;
  /** The digest's RFC 8058 address (POST without confirmation, for the mail program's own button). */
  oneClickUnsubscribe?: string;
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const when = new Intl.DateTimeFormat('da-DK', { timeZone: DANISH_TIME_ZONE, day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit' });

/** "Lys tændt af Ida", "Hilsen fra Ole": who left what, the way the family would say it. */
function heading(post: MailedPost): string {
  switch (post.kind) {
    case 'candle':
      return `Lys tændt af ${post.name}`;
    case 'guestbook':
      return `Hilsen fra ${post.name}`;
    case 'memory':
      return `Minde fra ${post.name}`;
    case 'tribute':
      return `Mindeord fra ${post.name}`;
  }
}

const ONE: Record<PostKind, string> = {
  candle: 'Nyt lys',
  guestbook: 'Ny hilsen i gæstebogen',
  memory: 'Nyt minde',
  tribute: 'Nye mindeord',
};

function subjectOf(letter: PostLetter): string {
  const total = letter.memorials.reduce((sum, m) => sum + m.posts.length + m.more, 0);
  const where = letter.memorials.length === 1 ? `mindesiden for ${letter.memorials[0]!.name}` : 'dine mindesider';
  if (letter.kind === 'digest') return `Dagens hilsner og lys på ${where}`;
  if (total === 1) return `${ONE[letter.memorials[0]!.posts[0]!.kind]} på ${where}`;
  return `${total} nye hilsner og lys på ${where}`;
}

function intro(letter: PostLetter): string[] {
  const where = letter.memorials.length === 1 ? `mindesiden for ${letter.memorials[0]!.name}` : 'de mindesider, du er administrator af';
  const waiting = letter.memorials.some((m) => m.posts.some((p) => p.links));
  return [
    letter.kind === 'digest' ? `Her er dagens overblik over det nye på ${where}.` : `Der er kommet nyt på ${where}.`,
    ...(waiting ? ['Det, der venter, bliver først vist på mindesiden, når du eller en anden administrator har godkendt det. Du kan godkende eller afvise direkte herfra.'] : []),
  ];
}

function footer(letter: PostLetter): string[] {
  if (letter.kind === 'digest') {
    return ['Du får denne e-mail én gang om dagen, fordi du har valgt det på din profil.'];
  }
  return ['Du får denne e-mail, fordi du er administrator af mindesiden. På din profil kan du vælge at få én samlet e-mail om dagen i stedet, eller ingen.'];
}

function textOf(letter: PostLetter): string {
  const lines = [`Kære ${letter.name}`, '', ...intro(letter).flatMap((p) => [p, ''])];
  for (const memorial of letter.memorials) {
    if (letter.memorials.length > 1) lines.push(`Mindesiden for ${memorial.name}`, '');
    for (const post of memorial.posts) {
      lines.push(`${heading(post)}, ${when.format(post.createdAt)}`);
      if (post.message) lines.push(...post.message.split('\n').map((line) => `  ${line}`));
      if (post.links) lines.push(`Godkend: ${post.links.approve}`, `Afvis: ${post.links.reject}`);
      else lines.push('Vises allerede på mindesiden.');
      lines.push('');
    }
    if (memorial.more > 0) lines.push(`… og ${memorial.more} mere. Se dem alle her: ${memorial.adminLink}`, '');
    else lines.push(`Alle hilsner og lys på mindesiden: ${memorial.adminLink}`, '');
  }
  lines.push(...footer(letter), `Dine valg for e-mail: ${letter.profileLink}`);
  if (letter.unsubscribeLink) lines.push(`Afmeld den daglige e-mail: ${letter.unsubscribeLink}`);
  lines.push('', 'Venlig hilsen', 'Mindested');
  return lines.join('\n');
}

const button = (text: string, link: string, filled: boolean) =>
  `<a href="${escapeHtml(link)}" style="display:inline-block;margin:4px 8px 4px 0;padding:10px 18px;border-radius:8px;text-decoration:none;font-family:Arial,sans-serif;font-size:16px;${
    filled ? 'background:#5b4636;color:#ffffff;border:2px solid #5b4636' : 'background:#ffffff;color:#5b4636;border:2px solid #5b4636'
  }">${escapeHtml(text)}</a>`;

function htmlOf(letter: PostLetter): string {
  const memorials = letter.memorials
    .map((memorial) => {
      const posts = memorial.posts
        .map((post) => {
          const message = post.message
            ? `<p style="margin:8px 0 0;padding:10px 14px;border-left:3px solid #c9a96e;background:#ffffff;white-space:pre-wrap">${escapeHtml(post.message)}</p>`
            : '';
          const actions = post.links
            ? `<p style="margin:12px 0 0">${button('Godkend', post.links.approve, true)}${button('Afvis', post.links.reject, false)}</p>`
            : '<p style="margin:8px 0 0;font-size:15px;color:#6b5d52">Vises allerede på mindesiden.</p>';
          return `<li style="margin:0 0 16px;padding:14px 16px;border:1px solid #e6ddd0;border-radius:8px;background:#fffdf9;list-style:none">
<p style="margin:0"><strong>${escapeHtml(heading(post))}</strong> <span style="font-size:15px;color:#6b5d52">${escapeHtml(when.format(post.createdAt))}</span></p>${message}${actions}</li>`;
        })
        .join('\n');
      const title = letter.memorials.length > 1 ? `<h2 style="font-size:20px;font-weight:normal;margin:28px 0 12px">Mindesiden for ${escapeHtml(memorial.name)}</h2>` : '';
      const more =
        memorial.more > 0
          ? `<p>… og ${memorial.more} mere. <a href="${escapeHtml(memorial.adminLink)}" style="color:#5b4636">Se dem alle på mindesiden</a></p>`
          : `<p><a href="${escapeHtml(memorial.adminLink)}" style="color:#5b4636">Se alle hilsner og lys på mindesiden</a></p>`;
      return `${title}<ul style="margin:0;padding:0">\n${posts}\n</ul>\n${more}`;
    })
    .join('\n');
  const unsubscribe = letter.unsubscribeLink ? ` <a href="${escapeHtml(letter.unsubscribeLink)}" style="color:#6b5d52">Afmeld den daglige e-mail</a>` : '';
  return `<!doctype html><html lang="da"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"></head><body style="font-family:Georgia,serif;font-size:17px;line-height:1.6;color:#2b2622;background:#faf7f2;padding:24px;margin:0">
<div style="max-width:600px;margin:0 auto">
<p>Kære ${escapeHtml(letter.name)}</p>
${intro(letter)
  .map((p) => `<p>${escapeHtml(p)}</p>`)
  .join('\n')}
${memorials}
<p>Venlig hilsen<br>Mindested</p>
<p style="margin-top:32px;padding-top:12px;border-top:1px solid #e6ddd0;font-size:14px;color:#6b5d52">${footer(letter).map(escapeHtml).join(' ')} <a href="${escapeHtml(letter.profileLink)}" style="color:#6b5d52">Dine valg for e-mail</a>${unsubscribe}</p>
</div></body></html>`;
}

export function postLetter(letter: PostLetter): MailMessage {
  return {
    to: letter.to,
    subject: subjectOf(letter),
    text: textOf(letter),
    html: htmlOf(letter),
    ...(letter.oneClickUnsubscribe
      ? { headers: { 'List-Unsubscribe': `<${letter.oneClickUnsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } }
      : {}),
  };
}
