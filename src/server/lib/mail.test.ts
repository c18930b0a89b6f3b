import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { startSmtpCapture } from '../../../tests/support/smtp-capture';
import { createMailer } from './mail';

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

describe('mail', () => {
  it('writes an .eml file under DATA_DIR/mail and logs its links when there is no SMTP_URL', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'mindested-mail-'));
    dirs.push(dir);
    const logged: unknown[] = [];
    const log = { info: (obj: unknown) => logged.push(obj) } as unknown as FastifyBaseLogger;
    const mailer = createMailer({ from: 'Mindested <noreply@mindested.dk>', dataDir: dir, log });
    await mailer.send({ to: 'karen@eksempel.dk', subject: 'Nulstil', text: 'Åbn http://localhost:5000/reset-password/abc for at fortsætte.' });
    const files = await readdir(path.join(dir, 'mail'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const eml = await readFile(path.join(dir, 'mail', files[0]!), 'utf8');
    expect(eml).toContain('To: karen@eksempel.dk');
    expect(eml).toContain('Subject: Nulstil');
    expect(logged).toEqual([expect.objectContaining({ links: ['http://localhost:5000/reset-password/abc'] })]);
  });

  it('sends through SMTP_URL to a real SMTP server', async () => {
    const capture = await startSmtpCapture();
    try {
      const mailer = createMailer({ smtpUrl: capture.url, from: 'Mindested <noreply@mindested.dk>', dataDir: '/nonexistent', log: {} as FastifyBaseLogger });
      await mailer.send({ to: 'jens@eksempel.dk', subject: 'Hej', text: 'Kære Jens', html: '<p>Kære Jens</p>' });
      mailer.close();
      const mail = await capture.waitFor((m) => m.to.includes('jens@eksempel.dk'));
      expect(mail).toMatchObject({ subject: 'Hej', text: 'Kære Jens', from: '"Mindested" <noreply@mindested.dk>' });
    } finally {
      await capture.close();
    }
  });
});
