/**
 * The invoice and credit-note PDF, read back by poppler (pdftotext -layout, pdfinfo) as a
 * bookkeeper's PDF reader would: the numbers, parties, lines, moms and total, how it is paid, the
 * credit note's negative amounts, a long order on two pages, and the same bytes for the same invoice.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type InvoiceDocument, type InvoiceLine, momsOf } from '../../shared/invoice';
import { invoicePdf } from './invoice-pdf';

const run = promisify(execFile);

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'mindested-invoice-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

let written = 0;
async function saved(pdf: Buffer): Promise<string> {
  const file = path.join(dir, `invoice-${++written}.pdf`);
  await writeFile(file, pdf);
  return file;
}

/** The text of the pages from `first` to `last` (all by default), laid out as on paper. */
async function text(pdf: Buffer, first?: number, last?: number): Promise<string> {
  const pages = [...(first ? ['-f', String(first)] : []), ...(last ? ['-l', String(last)] : [])];
  const { stdout } = await run('pdftotext', ['-layout', ...pages, await saved(pdf), '-']);
  return stdout;
}

async function info(pdf: Buffer): Promise<Record<string, string>> {
  const { stdout } = await run('pdfinfo', [await saved(pdf)]);
  return Object.fromEntries(stdout.split('\n').flatMap((row) => {
    const field = /^([\w ]+):\s+(.*)$/.exec(row);
    return field ? [[field[1]!, field[2]!]] : [];
  }));
}

const line = (description: string, quantity: number, unitPriceOre: number): InvoiceLine => ({ description, quantity, unitPriceOre, totalOre: quantity * unitPriceOre });

/** An invoice whose totals follow from its lines, as the issuer computes them. */
function invoice(overrides: Partial<InvoiceDocument> = {}): InvoiceDocument {
  const lines = overrides.lines ?? [line('Mindeplade i messing, 10 × 15 cm, med QR-kode', 1, 149900), line('Premium, et år', 2, 49900)];
  const totalOre = lines.reduce((sum, each) => sum + each.totalOre, 0);
  return {
    kind: 'invoice',
    number: 1042,
    issuedAt: new Date('2026-11-25T09:30:00Z'),
    dueAt: new Date('2026-12-03T09:30:00Z'),
    paidAt: null,
    paymentMethodLabel: 'Bankoverførsel',
    orderNumber: 317,
    creditsInvoiceNumber: null,
    seller: { name: 'Mindested ApS', addressLines: ['Nørregade 12, 2. sal', '8000 Aarhus C'], cvr: '12345678', email: 'faktura@mindested.dk' },
    buyer: { name: 'Bedemand Søren Ærø & Søn ApS', addressLines: ['Åboulevarden 3', '8000 Aarhus C'], cvr: '87654321' },
    bank: { regNumber: '1234', accountNumber: '0012345678', iban: 'DK5012340012345678' },
    paymentTerms: 'Netto 8 dage',
    ...overrides,
    lines,
    totalOre,
    momsOre: momsOf(totalOre),
    netOre: totalOre - momsOf(totalOre),
  };
}

/** Collapses pdftotext's layout spaces, so a phrase reads the same wherever its columns fell. */
const squeeze = (layout: string) => layout.replace(/[ \t]+/g, ' ');

describe('invoicePdf', () => {
  it('shows the number, both CVR numbers, each line, and the moms and total of the lines', async () => {
    const pdf = await invoicePdf(invoice());
    const shown = squeeze(await text(pdf));
    expect(shown).toContain('Faktura');
    expect(shown).toContain('Fakturanr. 1042');
    expect(shown).toContain('Fakturadato 25. november 2026');
    expect(shown).toContain('Ordrenr. 317');
    expect(shown).toContain('CVR-nr. 12345678');
    expect(shown).toContain('Faktureres til');
    expect(shown).toContain('Bedemand Søren Ærø & Søn ApS');
    expect(shown).toContain('CVR-nr. 87654321');
    expect(shown).toMatch(/Mindeplade i messing, 10 × 15 cm, med QR-kode 1 1\.499,00 kr\. 1\.499,00 kr\./);
    expect(shown).toMatch(/Premium, et år 2 499,00 kr\. 998,00 kr\./);
    // 2.497,00 kr. incl. moms holds 499,40 kr. moms (a fifth), leaving 1.997,60 kr.
    expect(shown).toContain('Subtotal ekskl. moms 1.997,60 kr.');
    expect(shown).toContain('Moms 25 % 499,40 kr.');
    expect(shown).toContain('I alt inkl. moms 2.497,00 kr.');
    expect(shown).toContain('Side 1 af 1');
  });

  it('is titled, signed by the seller, dated when issued, in Danish, and the same bytes every time', async () => {
    const document = invoice();
    const pdf = await invoicePdf(document);
    const facts = await info(pdf);
    expect(facts.Title).toBe('Faktura 1042');
    expect(facts.Author).toBe('Mindested ApS');
    expect(facts.Pages).toBe('1');
    expect(facts['Page size']).toContain('(A4)');
    expect(new Date(facts.CreationDate!).getTime()).toBe(document.issuedAt.getTime());
    expect(pdf.toString('latin1')).toContain('/Lang (da-DK)');
    expect((await invoicePdf(invoice())).equals(pdf)).toBe(true);
  });

  it('tells a private buyer paying by transfer where to pay, by when, and with which reference', async () => {
    const shown = squeeze(await text(await invoicePdf(invoice({ buyer: { name: 'Hanne Jensen', addressLines: ['Vestergade 4', '5000 Odense C'] } }))));
    expect(shown).toContain('Forfaldsdato 3. december 2026');
    expect(shown).toContain('Betalingsbetingelser: Netto 8 dage');
    expect(shown).toContain('Betales senest 3. december 2026 til reg.nr. 1234 konto 0012345678');
    expect(shown).toContain('IBAN DK5012340012345678');
    expect(shown).toContain('Angiv fakturanummeret 1042 som tekst på overførslen.');
    // Only the seller has a CVR number here.
    expect(shown.match(/CVR-nr\./g)).toHaveLength(2); // the seller's address block and the footer
  });

  it('says a paid invoice was paid, when and how, and gives no bank details', async () => {
    const paidAt = new Date('2026-11-25T09:31:00Z');
    const shown = squeeze(await text(await invoicePdf(invoice({ paidAt, dueAt: paidAt, paymentMethodLabel: 'Kort', bank: null }))));
    expect(shown).toContain('Betalt 25. november 2026 med kort.');
    expect(shown).not.toMatch(/reg\.nr\.|konto|IBAN|Betales senest/);
  });

  it('dates the invoice as the day was in Denmark', async () => {
    // 00:30 in Copenhagen on 1 December is still 30 November in UTC.
    const shown = squeeze(await text(await invoicePdf(invoice({ issuedAt: new Date('2026-11-30T23:30:00Z') }))));
    expect(shown).toContain('Fakturadato 1. december 2026');
  });

  it('shows a credit note as Kreditnota for the invoice it credits, with negative amounts', async () => {
    const credit = invoice({
      kind: 'credit_note',
      number: 1043,
      creditsInvoiceNumber: 1042,
      paymentMethodLabel: 'MobilePay',
      bank: null,
      lines: [{ description: 'Mindeplade i messing, 10 × 15 cm, med QR-kode', quantity: 1, unitPriceOre: 149900, totalOre: -149900 }],
    });
    const unpaid = squeeze(await text(await invoicePdf(credit)));
    expect(unpaid).toContain('Kreditnota');
    expect(unpaid).not.toContain('Faktura ');
    expect(unpaid).toContain('Kreditnotanr. 1043');
    expect(unpaid).toContain('Krediterer faktura nr. 1042');
    expect(unpaid).toMatch(/Mindeplade i messing, 10 × 15 cm, med QR-kode 1 -1\.499,00 kr\. -1\.499,00 kr\./);
    expect(unpaid).toContain('Subtotal ekskl. moms -1.199,20 kr.');
    expect(unpaid).toContain('Moms 25 % -299,80 kr.');
    expect(unpaid).toContain('Krediteret i alt inkl. moms -1.499,00 kr.');
    expect(unpaid).toContain('Beløbet på 1.499,00 kr. betales tilbage til dig senest 3. december 2026 med MobilePay.');
    expect(unpaid).toContain('Tilbagebetaling');
    expect(unpaid).not.toMatch(/IBAN|Betales senest/);

    const paid = squeeze(await text(await invoicePdf({ ...credit, paidAt: new Date('2026-11-26T10:00:00Z') })));
    expect(paid).toContain('Beløbet på 1.499,00 kr. er betalt tilbage 26. november 2026 med MobilePay.');
  });

  it('continues 40 lines on a second page, with the table header again and the pages numbered', async () => {
    const lines = Array.from({ length: 40 }, (_, index) => line(`Ekstra QR-kode nr. ${index + 1} til mindesiden`, 1, 9900));
    const pdf = await invoicePdf(invoice({ lines }));
    expect((await info(pdf)).Pages).toBe('2');
    const first = squeeze(await text(pdf, 1, 1));
    const second = squeeze(await text(pdf, 2, 2));
    expect(first).toContain('Side 1 af 2');
    expect(second).toContain('Side 2 af 2');
    expect(second).toContain('Faktura nr. 1042 – fortsat');
    expect(second).toMatch(/Beskrivelse Antal Pris pr\. stk\. Beløb/);
    // Every line printed exactly once, over the two pages.
    const both = first + second;
    for (let number = 1; number <= 40; number++) expect(both.match(new RegExp(`nr\\. ${number} til`, 'g'))).toHaveLength(1);
    expect(second).toContain('I alt inkl. moms 3.960,00 kr.');
  });

  it('wraps a long description within its column and keeps the amounts beside it', async () => {
    const description = 'Mindeplade i rustfrit stål, 20 × 30 cm, med indgraveret QR-kode, navn, fødsels- og dødsdato samt et kort vers valgt af familien';
    const shown = await text(await invoicePdf(invoice({ lines: [line(description, 1, 249900)] })));
    const rows = shown.split('\n').filter((row) => /rustfrit|familien/.test(row));
    expect(rows.length).toBeGreaterThan(1);
    expect(squeeze(rows[0]!)).toMatch(/^Mindeplade i rustfrit stål.* 1 2\.499,00 kr\. 2\.499,00 kr\.$/);
    expect(rows.at(-1)).toMatch(/familien\s*$/);
  });

  it('prints a letter Helvetica lacks as its nearest relative, and an emoji as a question mark', async () => {
    const shown = squeeze(await text(await invoicePdf(invoice({ buyer: { name: 'Łukasz Wałęsa 🌹', addressLines: ['Ørstedsvej 1', '2000 Frederiksberg'] } }))));
    expect(shown).toContain('Lukasz Walesa ?');
  });
});
