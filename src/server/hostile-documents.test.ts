/**
 * Issue 27, item 5: the hostile-input corpus (tests/support/xss.ts) typed into every text field
 * that ends up in a PDF or a CSV export, through the API, then each document fetched through its
 * own route and read as its readers read it. A PDF must carry no active content (pdfActiveContent:
 * no JavaScript, Launch or open actions: a payload that broke out of its string would show up as a
 * dictionary key), must show the payload as text (pdftotext finds `__xss(`) and must open
 * (pdftoppm draws its first page). A CSV must hold no cell a spreadsheet would run as a formula,
 * and a defused cell is the typed text with an apostrophe before it and nothing else changed.
 *
 * Documents: the memorial book (name, epitaph, life story, timeline, captions, the family's words
 * and their names), the invoice (the buyer's name, company, address and town), the reseller's
 * letter to a family (the family's name, the reseller's name and address), a QR package's label
 * and print sheet, the laser job sheet (the package's name, the reseller's, the staff member's).
 * Exports: the reseller's codes (package, family, e-mail), a package's codes (reseller), the laser
 * ZIP's manifest and the successor's map. The QR print PDF of a single code shows no typed text.
 * `MINDESTED_SCREENSHOTS=1` copies each kind's first page as a PNG into .scratch/ to look at.
 */
import { execFile } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDealer } from '../../tests/support/dealers';
import { createUser } from '../../tests/support/factories';
import { type Cast, castMemorial } from '../../tests/support/memorial-cast';
import { multipartForm } from '../../tests/support/multipart';
import { givePremium } from '../../tests/support/premium';
import { signIn } from '../../tests/support/sign-in';
import { type TestApp, createTestApp } from '../../tests/support/test-app';
import { FORMULA_PAYLOADS, XSS_PAYLOADS as PAYLOADS, defusedCell, formulaCells, parseCsv, payloadTexts as packed, pdfActiveContent } from '../../tests/support/xss';
import { readZip } from '../../tests/support/zip';
import { SUCCESSOR_MAP_URLS } from '../shared/archive';
import { bookPdfUrl } from '../shared/memorial-book';
import { formatCode } from '../shared/qr-code';
import { resellers, users } from './db/schema';
import { SELLER_ENV } from '../../tests/support/seller';


/**
 * What a mail or a document shows of a text is made in the server's code alone, whichever database
 * stored the text: run on the embedded database only, with every other API test on both.
 */
const onOneDatabase = describe.skipIf(Boolean(process.env.DATABASE_URL));

const run = promisify(execFile);


let t: TestApp;
let dir: string;
let admin: { id: string; role: 'admin'; cookie: string };

beforeAll(async () => {
  // Many posts from one family on one memorial, as the corpus needs.
  t = await createTestApp({ ...SELLER_ENV, RATE_LIMIT_POSTS_PER_IP: '1000', RATE_LIMIT_POSTS_PER_MEMORIAL: '1000' });
  dir = await mkdtemp(path.join(tmpdir(), 'mindested-hostile-'));
  const user = await createUser(t.database.db, { role: 'admin' });
  admin = { id: user.id, role: 'admin', cookie: await signIn(t, user) };
});
afterAll(async () => {
  console.log(
    `documents: ${XSS_PAYLOADS.length} payloads → ${Object.entries(pdfCounts).map(([kind, n]) => `${n} ${kind}`).join(', ')} PDFs: 0 with active content, payload text in each; ` +
      `${csvCells} hostile CSV cells in ${csvFiles} exports: 0 formulas`,
  );
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

const get = (url: string, cookie?: string) => t.request({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const send = (method: 'POST' | 'PUT', url: string, cookie: string, payload: object) => t.request({ method, url, headers: { cookie }, payload });

const pdfCounts: Record<string, number> = {};
let csvCells = 0;
let csvFiles = 0;

/**
 * One PDF checked: no active content, the payloads' mark in its text, and the first PDF of each
 * kind drawn by pdftoppm. Returns its text.
 */
async function checkPdf(kind: string, pdf: Buffer, fragment = '__xss('): Promise<string> {
  expect(pdf.subarray(0, 5).toString('latin1'), kind).toBe('%PDF-');
  expect(pdfActiveContent(pdf), kind).toEqual([]);
  const n = (pdfCounts[kind] = (pdfCounts[kind] ?? 0) + 1);
  const file = path.join(dir, `${kind}-${n}.pdf`);
  await writeFile(file, pdf);
  const { stdout } = await run('pdftotext', ['-enc', 'UTF-8', file, '-']);
  expect(stdout, kind).toContain(fragment);
  if (n === 1) {
    // Drawn, it opens: pdftoppm fails on a PDF it cannot read.
    await run('pdftoppm', ['-r', '50', '-f', '1', '-l', '1', '-png', '-singlefile', file, path.join(dir, kind)]);
    const png = await readFile(path.join(dir, `${kind}.png`));
    expect((await sharp(png).metadata()).width).toBeGreaterThan(100);
    if (process.env.MINDESTED_SCREENSHOTS === '1') {
      await mkdir('.scratch', { recursive: true });
      await copyFile(path.join(dir, `${kind}.png`), path.join('.scratch', `hostile-${kind}.png`));
    }
  }
  return stdout;
}

/** The `__xss(n)` numbers a document's text shows. */
const marks = (text: string) => new Set(Array.from(text.matchAll(/__xss\((\d+)\)/g), (match) => Number(match[1])));

/** A CSV export read as a spreadsheet: no formula anywhere; its rows, header first. */
function checkCsv(body: string): string[][] {
  const rows = parseCsv(body);
  expect(formulaCells(rows)).toEqual([]);
  csvFiles += 1;
  return rows;
}

/** The column `name` of every row after the header. */
function column(rows: string[][], name: string): string[] {
  const index = rows[0]!.indexOf(name);
  expect(index, `column ${name} in ${rows[0]!.join(';')}`).toBeGreaterThanOrEqual(0);
  return rows.slice(1).map((row) => row[index]!);
}

/**
 * The corpus as a field can keep it: a NUL is refused by every call (lib/clean-input.ts, and
 * PostgreSQL's text cannot hold one), so the one payload with a NUL is sent without it.
 */
const storable = (text: string) => text.replace(/\0/g, '');
const XSS_PAYLOADS = PAYLOADS.map(storable);
const payloadTexts = (max: number) => packed(max).map(storable);

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

onOneDatabase('the memorial book', () => {
  it('prints every payload in the life story, timeline, captions, epitaph and the family\'s words as text, with no action in the PDF', async () => {
    // As the editor sends typed text (escaped in paragraphs), and as an attacker sends it (raw HTML the allow-list cuts).
    const lifeStory = payloadTexts(2000).map((text) => `<p>${escapeHtml(text)}</p>`).join('') + `<p>${XSS_PAYLOADS.join('<br>')}</p>`;
    const stories = payloadTexts(2000);
    const timeline = payloadTexts(140).map((title, i) => ({ date: String(1940 + i), title, text: stories[i] ?? '' }));
    const cast = await castMemorial(t, { name: 'Karen Jensen', epitaph: payloadTexts(300)[0], lifeStory, timeline });
    await givePremium(t.database.db, cast.memorial.id);

    const photo = await sharp({ create: { width: 120, height: 90, channels: 3, background: { r: 40, g: 90, b: 160 } } }).jpeg().toBuffer();
    const photoIds: string[] = [];
    for (const caption of payloadTexts(500)) {
      const form = multipartForm({ caption }, { field: 'file', filename: 'foto.jpg', contentType: 'image/jpeg', content: photo });
      const response = await t.request({ method: 'POST', url: `/api/memorials/${cast.memorial.id}/media`, headers: { ...form.headers, cookie: cast.owner.cookie }, payload: form.payload });
      expect(response.statusCode, response.body).toBe(201);
      photoIds.push(response.json<{ id: string }>().id);
    }
    const messages = payloadTexts(300);
    const names = payloadTexts(80);
    // As many words as the messages need; their names take every fourth of the names' texts.
    for (const [i, message] of messages.entries()) {
      const response = await send('POST', `/api/memorials/${cast.memorial.id}/tributes`, cast.owner.cookie, { name: names[(i * 4) % names.length], message, website: '' });
      expect(response.statusCode, response.body).toBe(201);
    }
    await approveAll(cast);

    const response = await get(bookPdfUrl(cast.memorial.id, photoIds), cast.owner.cookie);
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    const text = await checkPdf('book', response.rawPayload);
    // Every payload arrived as words (a few may be split across a line end by the hyphenation).
    expect(marks(text).size).toBeGreaterThanOrEqual(XSS_PAYLOADS.length - 5);
    for (const caption of payloadTexts(500)) expect(text).toContain(caption.slice(0, 12).trim());
  });

  it('prints the memorial\'s name and epitaph, each of the corpus, on the title page and in the document\'s title', async () => {
    const cast = await castMemorial(t, { name: 'Karen Jensen' });
    const epitaphs = payloadTexts(300);
    // Six books (the book's rate limit, and its time): the names with the PDF string break-outs among them.
    const names = payloadTexts(120);
    const breakOuts = names.flatMap((name, i) => (/\/JavaScript|\/Launch|\/AA/.test(name) ? [i] : []));
    const chosen = [...new Set([...breakOuts, 0, 13, 26, 39, names.length - 1])].slice(0, 6);
    for (const i of chosen) {
      const name = names[i]!;
      t.clock.advance(20 * 60_000);
      const put = await send('PUT', `/api/memorials/${cast.memorial.id}`, cast.owner.cookie, { name, epitaph: epitaphs[i % epitaphs.length] });
      expect(put.statusCode, put.body).toBe(200);
      const response = await get(bookPdfUrl(cast.memorial.id, []), cast.owner.cookie);
      expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
      await checkPdf('book-name', response.rawPayload);
    }
  });
});

async function approveAll(cast: Cast): Promise<void> {
  const pending = await get(`/api/memorials/${cast.memorial.id}/posts/moderation?status=pending`, cast.owner.cookie);
  expect(pending.statusCode, pending.body).toBe(200);
  const ids = pending.json<{ posts: { id: string }[] }>().posts.map((post) => post.id);
  if (ids.length) expect((await send('POST', `/api/memorials/${cast.memorial.id}/posts/moderate`, cast.owner.cookie, { ids, action: 'approve' })).statusCode).toBe(200);
}

onOneDatabase('the invoice', () => {
  it('prints the buyer\'s name, company, address and town of each of the corpus as text, with no action in the PDF', async () => {
    const cast = await castMemorial(t);
    const names = payloadTexts(120);
    const companies = payloadTexts(160);
    const towns = payloadTexts(80);
    // Half as many orders as companies' texts: the address takes the other half, so all of the 160-character texts are printed.
    const count = Math.ceil(companies.length / 2);
    for (let i = 0; i < count; i++) {
      // The account's name is copied into the order when it is placed.
      await t.database.db.update(users).set({ fullName: names[i % names.length]! }).where(eq(users.id, cast.owner.id));
      const delivery = { name: names[i % names.length], address: companies[(i + count) % companies.length], postcode: '5000', town: towns[(i * 4) % towns.length] };
      const created = await send('POST', '/api/orders', cast.owner.cookie, {
        idempotencyKey: `hostile-invoice-${i}`,
        paymentMethod: 'bank_transfer',
        item: { kind: 'extra_codes', memorialId: cast.memorial.id, quantity: 1, delivery },
        // Every other order as a business: the company is named and the person is "Att.".
        buyer: i % 4 ? { company: companies[i], cvr: '' } : { company: '', cvr: '' },
      });
      expect(created.statusCode, created.body).toBe(201);
      const pdf = await get(`/api/invoices/${created.json<{ invoiceId: string }>().invoiceId}/pdf`, cast.owner.cookie);
      expect(pdf.statusCode, pdf.body.slice(0, 300)).toBe(200);
      await checkPdf('invoice', pdf.rawPayload);
    }
  });
});

onOneDatabase('a reseller\'s documents and exports', () => {
  let dealer: Awaited<ReturnType<typeof createDealer>>;
  /** The family's name of each code as the server keeps it (trimmed), by code. */
  const families = new Map<string, string>();

  beforeAll(async () => {
    dealer = await createDealer(t, admin, { size: XSS_PAYLOADS.length, packageName: FORMULA_PAYLOADS[0]!.slice(0, 120).trim() });
    for (const [i, payload] of XSS_PAYLOADS.entries()) {
      const code = dealer.codes[i]!;
      const familyName = payload.slice(0, 120);
      const response = await send('POST', `/api/resellers/me/qr-codes/${formatCode(code)}/handover`, dealer.cookie, { familyName, email: '' });
      expect(response.statusCode, response.body).toBe(201);
      families.set(formatCode(code), familyName.trim());
    }
  });

  it('prints the letter to a family with the family\'s name and the reseller\'s name and address of the corpus as text', async () => {
    const companies = payloadTexts(160);
    const addresses = payloadTexts(200);
    const towns = payloadTexts(100);
    // Three letters: pdf-lib takes most of a second over each.
    for (const [i, code] of dealer.codes.slice(0, 3).entries()) {
      // The letter reads the reseller's record as it is now: a different part of the corpus each time.
      await t.database.db
        .update(resellers)
        .set({ companyName: companies[i * 12]!, address: addresses[i * 9]!, town: towns[i * 15]! })
        .where(eq(resellers.id, dealer.reseller.id));
      const response = await get(`/api/resellers/me/qr-codes/${formatCode(code)}/letter.pdf`, dealer.cookie);
      expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
      await checkPdf('letter', response.rawPayload);
    }
  });

  it('exports the codes with each family\'s name and the package\'s name defused, and otherwise as typed', async () => {
    const response = await get('/api/resellers/me/qr-codes.csv', dealer.cookie);
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    const rows = checkCsv(response.body);
    const codes = column(rows, 'Kode');
    const familyColumn = column(rows, 'Familie');
    expect(codes).toHaveLength(XSS_PAYLOADS.length);
    for (const [i, code] of codes.entries()) expect(familyColumn[i]).toBe(defusedCell(families.get(code)!));
    expect(new Set(column(rows, 'Pakke'))).toEqual(new Set([defusedCell(dealer.pkg.name)]));
    csvCells += codes.length * 2;
  });

  it('makes labels, print sheets and laser job sheets for packages named with the corpus, and their CSVs defuse the reseller\'s name', async () => {
    const staffUser = await createUser(t.database.db, { role: 'production', fullName: payloadTexts(120)[3]! });
    const staff = await signIn(t, staffUser);
    // Two packages (each package's label, sheet and laser ZIP take seconds): a formula for a name, and a text with the PDF break-outs.
    const names = [FORMULA_PAYLOADS[0]!.slice(0, 120).trim(), payloadTexts(120).find((name) => /\/JavaScript/.test(name))!];
    let first = '';
    for (const name of names) {
      const made = await send('POST', '/api/admin/qr-packages', staff, { name, size: 1, resellerId: dealer.reseller.id });
      expect(made.statusCode, made.body).toBe(201);
      const { id } = made.json<{ id: string }>();
      first ||= id;
      expect((await send('POST', `/api/admin/qr-packages/${id}/status`, staff, { to: 'produced' })).statusCode).toBe(200);

      const [label, sheet, laser] = await Promise.all([`label.pdf`, `print.pdf`, `laser.zip?layout=plate`].map((file) => get(`/api/admin/qr-packages/${id}/${file}`, staff)));
      for (const response of [label!, sheet!, laser!]) expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
      const entries = readZip(laser!.rawPayload);
      // The label and sheet shorten a long name to its space; its beginning is what must be there, as text.
      const start = name.slice(0, 6).replace(/[^\x20-\x7e]/g, '?');
      await checkPdf('label', label!.rawPayload, start);
      await checkPdf('print-sheet', sheet!.rawPayload, start);
      await checkPdf('job-sheet', entries.find((entry) => entry.name === 'jobseddel.pdf')!.data, start);
      // The plate's SVG carries the package's name in its <title>, escaped.
      const plate = entries.find((entry) => entry.name.endsWith('.svg'))!.data.toString('utf8');
      expect(plate).not.toMatch(/<script/i);
      if (name.includes('<')) expect(plate).not.toContain(name);
      checkCsv(entries.find((entry) => entry.name === 'manifest.csv')!.data.toString('utf8'));
    }

    // The package's CSV names its reseller as the reseller's record has it now: each formula in turn.
    for (const payload of FORMULA_PAYLOADS) {
      const resellerName = payload.slice(0, 160).trim();
      await t.database.db.update(resellers).set({ companyName: resellerName }).where(eq(resellers.id, dealer.reseller.id));
      const csv = await get(`/api/admin/qr-packages/${first}/codes.csv`, staff);
      expect(csv.statusCode, csv.body.slice(0, 300)).toBe(200);
      expect(column(checkCsv(csv.body), 'Forhandler')).toEqual([defusedCell(resellerName)]);
      csvCells += 1;
    }
  });

  it('lists the successor\'s map with no formula in it', async () => {
    const response = await get(SUCCESSOR_MAP_URLS.csv, admin.cookie);
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    expect(checkCsv(response.body).length).toBeGreaterThan(XSS_PAYLOADS.length);
  });
});
