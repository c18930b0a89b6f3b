/**
 * E-mail through nodemailer. With SMTP_URL it goes to that server; without it each message is
 * written as an .eml file under DATA_DIR/mail and its links are logged, so a person trying the
 * product locally can follow a reset link.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import { z } from 'zod';

export const mailMessage = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().optional(),
  replyTo: z.string().optional(),
  /** Extra headers, e.g. a digest's List-Unsubscribe (RFC 8058). */
  headers: z.record(z.string(), z.string()).optional(),
});
export type MailMessage = z.infer<typeof mailMessage>;

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export function createMailer(options: { smtpUrl?: string | undefined; from: string; dataDir: string; log: FastifyBaseLogger }): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from: options.from, ...message });
      },
      close: () => transport.close(),
    };
  }

  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const dir = path.join(options.dataDir, 'mail');
  return {
    async send(message) {
      const info = await transport.sendMail({ from: options.from, ...message });
      await mkdir(dir, { recursive: true });
      const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[^\w.-]/g, '')}.eml`);
      await writeFile(file, info.message as Buffer);
      const links = message.text.match(/https?:\/\/\S+/g) ?? [];
      options.log.info({ to: message.to, subject: message.subject, file, links }, 'e-mail skrevet til fil (ingen SMTP_URL)');
    },
    close: () => transport.close(),
  };
}

/** Job kind and handler that sends one message; the queue retries it when the server is down. */
export const SEND_MAIL = 'mail.send';

export function sendMailJob(mailer: Mailer) {
  return async (payload: unknown) => mailer.send(mailMessage.parse(payload));
}
