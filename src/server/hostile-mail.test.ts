/**
 * Hostile text in e-mails (issue 27, item 5): the corpus of tests/support/xss.ts typed into every
 * field an e-mail repeats, each mail read back from the SMTP capture and its HTML part rendered in
 * Chromium with the trap set: no payload runs, none leaves markup, none adds a header (the CR/LF
 * payloads would add Bcc: or a second Content-Type), and the text part carries the text as typed.
 *
 * Through the API, as an attacker would, each field at its length limit with every payload passing
 * through it (tests/support/hostile-data.ts):
 * - contact form: name, subject, message → the sender's receipt;
 * - a staff reply to those threads: the thread's subject (in the mail's Subject header), the reply,
 *   the staff member's name → the reply;
 * - candles (name, message), greetings and memories on memorials with hostile names, whose owners
 *   have hostile names → each owner's immediate mail (the memorial's name in its Subject);
 * - an invitation to help with each of those memorials → the invitation (inviter's and memorial's
 *   names in its Subject).
 * Through the builders, with the whole corpus in every text they take: the letters whose trigger
 * needs a paid order, an AI try, a reseller's decision or an account's deletion (their words are
 * the same fields the API above and the journeys store; the builders are where escaping happens).
 *
 * The pages that show the same texts are tests/e2e/hostile-text.test.ts.
 */
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../../tests/support/browser';
import { createUser } from '../../tests/support/factories';
import { VISIBLE_MARK, WHOLE_CORPUS, hostileTexts, nth } from '../../tests/support/hostile-data';
import { signIn } from '../../tests/support/sign-in';
import type { CapturedMail } from '../../tests/support/smtp-capture';
import { type TestApp, createTestApp } from '../../tests/support/test-app';
import { type XssFinding, countDialogs, trapXss, xssFindings } from '../../tests/support/xss';
import { CONTACT_MESSAGE_MAX, CONTACT_SUBJECT_MAX } from '../shared/contact';
import { FULL_NAME_MAX } from '../shared/constants';
import { MEMORIAL_LIMITS } from '../shared/memorials';
import type { Memorial } from '../shared/memorials';
import { CANDLE_MESSAGE_MAX, GREETING_MAX, MEMORY_MAX, POST_NAME_MAX } from '../shared/posts-api';
import { SUPPORT_REPLY_MAX } from '../shared/support';
import { tryFinishedMail } from './ai/mail';
import { reminderMail } from './anniversaries/reminders';
import { accountSetupMail, existingAccountMail, loginLinkMail, passwordResetMail } from './auth/mail';
import { contactReceiptMail } from './contact/mail';
import { contactMessages, type orders } from './db/schema';
import { type MailMessage, createMailer } from './lib/mail';
import { orderStepMail } from './money/mail';
import { QUIET_MS, sweepPostMails } from './notifications/post-mail';
import { deletionLinkMail, deletionReceiptMail } from './privacy/account-deletion-mail';
import { approvedMail, approvedSetupMail, newSetupLinkMail, rejectedMail, suspendedMail } from './resellers/decision-mail';
import { applicationReceivedMail, handoverLoginMail, handoverSetupMail } from './resellers/mail';
import { supportReplyMail } from './support/mail';


/**
 * What a mail or a document shows of a text is made in the server's code alone, whichever database
 * stored the text: run on the embedded database only, with every other API test on both.
 */
const onOneDatabase = describe.skipIf(Boolean(process.env.DATABASE_URL));

let t: TestApp;
let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  [t, browser] = await Promise.all([
    createTestApp({ RATE_LIMIT_CONTACT_PER_IP: '1000', RATE_LIMIT_POSTS_PER_IP: '1000', RATE_LIMIT_POSTS_PER_MEMORIAL: '1000' }),
    launchBrowser(),
  ]);
  context = await browser.newContext();
  await trapXss(context);
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

const names = hostileTexts(FULL_NAME_MAX);
/**
 * For a long field once its texts have all been sent: a mail the size of the whole corpus takes a
 * fifth of a second to send and parse, and the short fields need fifty of them.
 */
const PLAIN = 'Hej. Et spørgsmål om min mors mindeside.';
const memorialNames = hostileTexts(MEMORIAL_LIMITS.name);

/**
 * What a mail shows of the corpus other than text: its HTML part rendered in Chromium (a page of
 * its own, as a mail program's viewer), and headers a payload's CR/LF would have added.
 */
async function mailFindings(mails: CapturedMail[]): Promise<XssFinding[]> {
  const findings: XssFinding[] = [];
  const started = Date.now();
  const page = await context.newPage();
  countDialogs(page, findings);
  try {
    for (const mail of mails) {
      const injected = Object.keys(mail.headers).filter((name) => ['bcc', 'x-xss'].includes(name));
      if (injected.length) findings.push({ kind: 'markup', detail: `"${mail.subject}": header ${injected.join(', ')}` });
      if (!/^multipart\/alternative|^text\/plain/i.test(mail.headers['content-type'] ?? '')) {
        findings.push({ kind: 'markup', detail: `"${mail.subject}": content-type ${mail.headers['content-type']}` });
      }
      if (/[\r\n]/.test(mail.subject)) findings.push({ kind: 'markup', detail: `"${mail.subject}": a line break in the subject` });
      if (!mail.html) continue;
      // `load` waits for the images, so an onerror has fired by then.
      await page.setContent(mail.html, { waitUntil: 'load' });
      for (const finding of await xssFindings(page)) findings.push({ ...finding, detail: `"${mail.subject.slice(0, 60)}": ${finding.detail}` });
    }
  } finally {
    await page.close();
  }
  console.log(`rendered ${mails.length} mails in ${Date.now() - started} ms`);
  return findings;
}

/** The mails sent to `to`, after the queue has run. */
async function mailsTo(to: (address: string) => boolean): Promise<CapturedMail[]> {
  await t.app.deps.jobs.drain();
  return t.mail.messages.filter((mail) => mail.to.some(to));
}

function expectNone(findings: XssFinding[], what: string, mails: number) {
  console.log(`hostile text in e-mails (${what}): ${mails} mails → ${findings.filter((f) => f.kind !== 'markup').length} runs, ${findings.filter((f) => f.kind === 'markup').length} markup or headers`);
  expect(findings.map((f) => `${f.kind}: ${f.detail}`)).toEqual([]);
}

onOneDatabase('hostile text typed into the fields e-mails repeat', () => {
  it('runs nowhere in the contact receipt and the staff reply, and the subject adds no header', async () => {
    const subjects = hostileTexts(CONTACT_SUBJECT_MAX);
    const messages = hostileTexts(CONTACT_MESSAGE_MAX);
    const count = Math.max(names.length, subjects.length, messages.length);
    for (let i = 0; i < count; i++) {
      const response = await t.request({
        method: 'POST',
        url: '/api/contact',
        payload: { name: nth(names, i), email: `afsender${i}@eksempel.dk`, subject: nth(subjects, i), message: messages[i] ?? PLAIN },
      });
      expect(response.statusCode, response.body).toBe(201);
    }
    const receipts = await mailsTo((to) => to.startsWith('afsender'));
    expect(receipts).toHaveLength(count);
    expect(receipts.every((mail) => mail.text.includes(VISIBLE_MARK))).toBe(true);
    expect(receipts.find((mail) => mail.to.includes('afsender0@eksempel.dk'))!.text).toContain(messages[0]!.split(/[\r\n]/)[0]);

    // A staff member (named from the corpus too) answers every thread: the subject goes into the reply's Subject.
    const staff = await createUser(t.database.db, { role: 'admin', fullName: nth(names, 1) });
    const cookie = await signIn(t, staff);
    const threads = await t.database.db.select({ id: contactMessages.id }).from(contactMessages);
    const replies = hostileTexts(SUPPORT_REPLY_MAX);
    for (const [i, thread] of threads.entries()) {
      const response = await t.request({ method: 'POST', url: `/api/admin/support/${thread.id}/replies`, headers: { cookie }, payload: { body: replies[i] ?? PLAIN } });
      expect(response.statusCode, response.body).toBe(201);
    }
    const answers = (await mailsTo((to) => to.startsWith('afsender'))).filter((mail) => !receipts.includes(mail));
    expect(answers).toHaveLength(threads.length);
    expect(answers.every((mail) => mail.text.includes(VISIBLE_MARK))).toBe(true);

    expectNone(await mailFindings([...receipts, ...answers]), 'contact form and replies', receipts.length + answers.length);
  });

  it('runs nowhere in the family’s mail about candles, greetings and memories, nor in an invitation', async () => {
    const owners: { cookie: string; memorial: Memorial }[] = [];
    for (let i = 0; i < Math.max(names.length, memorialNames.length); i++) {
      const user = await createUser(t.database.db, { fullName: nth(names, i), email: `ejer${i}@eksempel.dk` });
      const cookie = await signIn(t, user);
      const created = await t.request({ method: 'POST', url: '/api/memorials', headers: { cookie }, payload: { name: nth(memorialNames, i) } });
      expect(created.statusCode, created.body).toBe(201);
      owners.push({ cookie, memorial: created.json<Memorial>() });
    }
    const leave = async (i: number, kind: 'candles' | 'guestbook' | 'memories', body: Record<string, unknown>) => {
      const response = await t.request({ method: 'POST', url: `/api/memorials/${owners[i % owners.length]!.memorial.id}/${kind}`, payload: body });
      expect(response.statusCode, response.body).toBe(201);
    };
    // Every post name and candle message goes round the memorials; the long texts go to the first ones.
    const postNames = hostileTexts(POST_NAME_MAX);
    const candleMessages = hostileTexts(CANDLE_MESSAGE_MAX);
    for (let i = 0; i < Math.max(postNames.length, candleMessages.length, owners.length); i++) {
      await leave(i, 'candles', { name: nth(postNames, i), message: nth(candleMessages, i) });
    }
    for (const [i, message] of hostileTexts(GREETING_MAX).entries()) await leave(i, 'guestbook', { name: nth(postNames, i + 1), message });
    for (const [i, message] of hostileTexts(MEMORY_MAX).entries()) await leave(i, 'memories', { name: nth(postNames, i + 2), message });
    t.clock.advance(QUIET_MS + 1000);
    await sweepPostMails(t.app.deps);
    const postMails = await mailsTo((to) => to.startsWith('ejer'));
    expect(postMails).toHaveLength(owners.length);
    expect(postMails.every((mail) => mail.text.includes(VISIBLE_MARK))).toBe(true);

    for (const [i, owner] of owners.entries()) {
      const response = await t.request({ method: 'POST', url: `/api/memorials/${owner.memorial.id}/invitations`, headers: { cookie: owner.cookie }, payload: { email: `inviteret${i}@eksempel.dk` } });
      expect(response.statusCode, response.body).toBe(201);
    }
    const invitations = await mailsTo((to) => to.startsWith('inviteret'));
    expect(invitations).toHaveLength(owners.length);
    expect(invitations.every((mail) => mail.text.includes(VISIBLE_MARK))).toBe(true);

    expectNone(await mailFindings([...postMails, ...invitations]), 'posts and invitations', postMails.length + invitations.length);
  });

  it('runs nowhere in the letters built from stored names, orders, AI tries and resellers’ records', async () => {
    const config = t.app.deps.config;
    const text = WHOLE_CORPUS;
    const link = `${config.BASE_URL}/login/abc`;
    const to = 'bygget@eksempel.dk';
    const reseller = { email: to, contactName: text, companyName: text };
    type OrderRow = typeof orders.$inferSelect;
    const order = (status: OrderRow['status']) =>
      ({ number: 1042, status, kind: 'plaque', paymentMethod: 'card', totalOre: 49_900, buyerName: text, buyerEmail: to, deliveryName: text }) as OrderRow;
    const letters: MailMessage[] = [
      tryFinishedMail(config, { kind: 'greeting', status: 'succeeded' }, { email: to, name: text }, { id: 'x', name: text }),
      tryFinishedMail(config, { kind: 'song', status: 'failed' }, { email: to, name: text }, { id: 'x', name: text }),
      reminderMail({ to, recipientName: text, memorial: { name: text, slug: 'karen' }, occasion: { birthday: { age: 90 } }, baseUrl: config.BASE_URL }),
      ...(['pending_payment', 'shipped', 'cancelled'] as const).map((status) => orderStepMail(config, order(status), text)),
      applicationReceivedMail({ to, name: text, companyName: text, link }),
      handoverSetupMail({ to, name: text, companyName: text, link }),
      handoverLoginMail({ to, name: text, companyName: text, link }),
      approvedMail(reseller, config.BASE_URL, 1000),
      approvedSetupMail(reseller, link, 1000),
      newSetupLinkMail(reseller, link),
      rejectedMail(reseller, config.BASE_URL, text),
      suspendedMail(reseller, config.BASE_URL, text),
      deletionLinkMail({ to, name: text, link }),
      deletionReceiptMail({ to, name: text, receipt: { memorialsHandedOver: 1, memorialsDeleted: 1, postsAnonymised: 1, postsDeleted: 1, invoicesKept: 1 } }),
      passwordResetMail({ to, name: text, link }),
      accountSetupMail({ to, name: text, link }),
      existingAccountMail({ to, name: text, link }),
      loginLinkMail({ to, name: text, link, sentByStaff: true }),
      contactReceiptMail({ to, name: text, subject: text, message: text, contactEmail: config.CONTACT_EMAIL }),
      supportReplyMail({ to, name: text, subject: text, reply: text, staffName: text, quoted: { body: text, at: t.clock.now() }, link, contactEmail: config.CONTACT_EMAIL }),
    ];
    // Through nodemailer to the SMTP capture, as the queue's job sends them (lib/mail.ts).
    const mailer = createMailer({ smtpUrl: t.mail.url, from: config.MAIL_FROM, dataDir: '/nonexistent', log: t.app.log });
    try {
      for (const message of letters) await mailer.send(message);
    } finally {
      mailer.close();
    }
    const sent = t.mail.messages.filter((mail) => mail.to.includes(to));
    expect(sent).toHaveLength(letters.length);
    expect(sent.every((mail) => mail.text.includes(VISIBLE_MARK))).toBe(true);
    expectNone(await mailFindings(sent), 'letters', sent.length);
  });
});
