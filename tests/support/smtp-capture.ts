/**
 * A real SMTP server on loopback that keeps every message it receives, so tests read e-mail the
 * way a person would and follow its links.
 */
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** Each header as received, by its lower-case name (the first, when one came twice). */
  headers: Record<string, string>;
}

export interface SmtpCapture {
  url: string;
  messages: CapturedMail[];
  /** Resolves with the first message (already received or still to come) that matches. */
  waitFor(match: (mail: CapturedMail) => boolean, timeoutMs?: number): Promise<CapturedMail>;
  close(): Promise<void>;
}

export async function startSmtpCapture(): Promise<SmtpCapture> {
  const messages: CapturedMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          messages.push({
            from: parsed.from?.text ?? '',
            to: session.envelope.rcptTo.map((r) => r.address),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            headers: Object.fromEntries(
              [...parsed.headerLines].reverse().map(({ key, line }) => [key, line.slice(line.indexOf(':') + 1).replace(/\r?\n[ \t]+/g, ' ').trim()]),
            ),
          });
          for (const wake of waiters) wake();
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitFor(match, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = messages.find(match);
          if (!found) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching e-mail within ${timeoutMs} ms (got ${messages.length}: ${messages.map((m) => m.subject).join(', ')})`));
        }, timeoutMs);
        if (!check()) waiters.add(check);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first link in a message's text that contains `path`. */
export function linkIn(mail: CapturedMail, path: string): string {
  const link = (mail.text.match(/https?:\/\/\S+/g) ?? []).find((url) => url.includes(path));
  if (!link) throw new Error(`no link containing ${path} in e-mail "${mail.subject}"`);
  return link;
}
