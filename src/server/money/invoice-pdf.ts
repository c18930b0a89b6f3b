/**
 * An invoice or credit note as the A4 PDF a Danish small business sends (decision 0025): seller and
 * document facts at the top, the buyer, the lines with their prices incl. moms, the moms and total,
 * and how it is paid. Drawn from the copy made when it was issued (shared/invoice.ts), never from
 * live data, and the same document always gives the same bytes (the creation date is issuedAt).
 *
 * Set in pdfkit's built-in Helvetica (ARCHITECTURE.md: static fonts only; the repository has none),
 * which prints WinAnsi: Danish letters, é, ü, –, ×, € and the like. Anything else a buyer typed is
 * replaced by its nearest WinAnsi letter or "?" (see winAnsi), as pdfkit would print it as garbage.
 */
import PDFDocument from 'pdfkit';
import { formatPrice } from '../../shared/pricing';
import type { InvoiceDocument, InvoiceLine, InvoiceParty } from '../../shared/invoice';

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 50;
const RIGHT = A4.width - MARGIN;
/** Where content stops on every page; the footer lives below it. */
const CONTENT_BOTTOM = A4.height - MARGIN - 32;
const FOOTER_Y = A4.height - MARGIN - 8;
/** The document facts at the top right: label at LEFT, value flush with RIGHT. */
const FACTS_LEFT = 340;
/** Table columns: the description wraps within its width; the numbers stand flush right. */
const COLUMNS = { description: MARGIN, descriptionWidth: 250, quantityRight: 345, unitRight: 450, amountRight: RIGHT };
const TOTALS_LEFT = 320;

const INK = '#1a1a1a';
const MUTED = '#5f5f5f';
const RULE = '#c8c8c8';
const REGULAR = 'Helvetica';
const BOLD = 'Helvetica-Bold';

const longDate = new Intl.DateTimeFormat('da-DK', { dateStyle: 'long', timeZone: 'Europe/Copenhagen' });
const count = new Intl.NumberFormat('da-DK', { maximumFractionDigits: 2 });

/** "25. november 2026", the day as it was in Denmark. */
function danishDate(date: Date): string {
  return longDate.format(date);
}

/** Code points outside Latin-1 that WinAnsi (cp1252) still has; pdfkit maps these itself. */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
/** Common characters WinAnsi lacks, and what a Dane would accept in their place. */
const NEAREST: Record<string, string> = {
  '\u2212': '-', // minus sign, which some locales' number formats use
  '\u2010': '-',
  '\u2011': '-',
  '\u2009': ' ',
  '\u200a': ' ',
  '\u202f': '\u00a0',
  '\u2007': '\u00a0',
  '\u2032': "'",
  '\u2033': '"',
  ł: 'l',
  Ł: 'L',
  đ: 'd',
  Đ: 'D',
  ı: 'i',
};

function isWinAnsi(char: string): boolean {
  const code = char.codePointAt(0)!;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(char);
}

/**
 * Text that Helvetica can print: a character WinAnsi lacks becomes its nearest relative (ő → o,
 * the minus sign → "-", ﬁ → fi) or "?"; control characters other than a line break become spaces.
 */
function winAnsi(text: string): string {
  let out = '';
  for (const char of text.normalize('NFC').replace(/\r\n?/g, '\n')) {
    if (char === '\n' || isWinAnsi(char)) out += char;
    else if (NEAREST[char] !== undefined) out += NEAREST[char];
    else if (char.codePointAt(0)! < 0x20) out += ' ';
    else {
      const plain = char.normalize('NFKD').replace(/\p{M}/gu, '');
      out += plain.length > 0 && [...plain].every(isWinAnsi) ? plain : '?';
    }
  }
  return out;
}

/** A credit note's lines are negative; its unit prices are shown with the same sign as the line. */
function shownUnitPrice(line: InvoiceLine): number {
  return line.totalOre < 0 ? -Math.abs(line.unitPriceOre) : line.unitPriceOre;
}

/** "kort", "bankoverførsel" within a sentence; a name such as MobilePay keeps its capitals. */
function inSentence(label: string): string {
  return /^\p{Lu}\p{Ll}*$/u.test(label) ? label.toLowerCase() : label;
}

/** The sentences under the totals that say how the money moves. */
function paymentLines(invoice: InvoiceDocument): string[] {
  const method = inSentence(invoice.paymentMethodLabel);
  if (invoice.kind === 'credit_note') {
    const amount = formatPrice(Math.abs(invoice.totalOre));
    return invoice.paidAt
      ? [`Beløbet på ${amount} er betalt tilbage ${danishDate(invoice.paidAt)} med ${method}.`]
      : [`Beløbet på ${amount} betales tilbage til dig senest ${danishDate(invoice.dueAt)} med ${method}.`];
  }
  if (invoice.paidAt) return [`Betalt ${danishDate(invoice.paidAt)} med ${method}.`, 'Der er intet at betale.'];
  if (invoice.bank) {
    return [
      `Betalingsbetingelser: ${invoice.paymentTerms}`,
      `Betales senest ${danishDate(invoice.dueAt)} til reg.nr. ${invoice.bank.regNumber} konto ${invoice.bank.accountNumber}`,
      `IBAN ${invoice.bank.iban}`,
      `Angiv fakturanummeret ${invoice.number} som tekst på overførslen.`,
    ];
  }
  return [`Betalingsbetingelser: ${invoice.paymentTerms}`, `Betales senest ${danishDate(invoice.dueAt)} med ${method}.`];
}

function partyLines(party: InvoiceParty): string[] {
  return [...party.addressLines, ...(party.cvr ? [`CVR-nr. ${party.cvr}`] : []), ...(party.email ? [party.email] : [])];
}

export async function invoicePdf(invoice: InvoiceDocument): Promise<Buffer> {
  const isCredit = invoice.kind === 'credit_note';
  const title = isCredit ? 'Kreditnota' : 'Faktura';
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
    bufferPages: true,
    lang: 'da-DK',
    displayTitle: true,
    info: {
      Title: winAnsi(`${title} ${invoice.number}`),
      Author: winAnsi(invoice.seller.name),
      Subject: winAnsi(`${title} ${invoice.number} til ${invoice.buyer.name}`),
      CreationDate: invoice.issuedAt,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  /** One line of text at (x, y), never wrapped and never breaking the page. */
  const put = (text: string, x: number, y: number, font = REGULAR, size = 10, color = INK) => {
    doc.font(font).fontSize(size).fillColor(color).text(winAnsi(text), x, y, { lineBreak: false });
  };
  /**
   * Text as the buyer typed it, which may be longer than the line (a company's full name, an
   * address): wrapped within `width`, never running off the page; returns the height it took.
   */
  const putWrapped = (text: string, x: number, y: number, width: number, font = REGULAR, size = 10, color = INK) => {
    const shown = winAnsi(text);
    doc.font(font).fontSize(size).fillColor(color);
    const height = doc.heightOfString(shown, { width });
    doc.text(shown, x, y, { width });
    return height;
  };
  /** One line of text ending at `right`. */
  const putRight = (text: string, right: number, y: number, font = REGULAR, size = 10, color = INK) => {
    const shown = winAnsi(text);
    doc.font(font).fontSize(size);
    put(shown, right - doc.widthOfString(shown), y, font, size, color);
  };
  const rule = (y: number, from = MARGIN, to = RIGHT, color = RULE, width = 0.6) => {
    doc.moveTo(from, y).lineTo(to, y).lineWidth(width).strokeColor(color).stroke();
  };

  // The seller, top left.
  let left = MARGIN;
  put(invoice.seller.name, MARGIN, left, BOLD, 15);
  left += 22;
  for (const line of partyLines(invoice.seller)) {
    put(line, MARGIN, left, REGULAR, 9.5, MUTED);
    left += 13;
  }

  // What this document is, top right.
  let right = MARGIN - 2;
  put(title, FACTS_LEFT, right, BOLD, 20);
  right += 30;
  const facts: [string, string][] = isCredit
    ? [
        ['Kreditnotanr.', String(invoice.number)],
        ['Dato', danishDate(invoice.issuedAt)],
        ['Krediterer faktura nr.', String(invoice.creditsInvoiceNumber ?? '')],
        ['Ordrenr.', String(invoice.orderNumber)],
      ]
    : [
        ['Fakturanr.', String(invoice.number)],
        ['Fakturadato', danishDate(invoice.issuedAt)],
        ['Forfaldsdato', danishDate(invoice.dueAt)],
        ['Ordrenr.', String(invoice.orderNumber)],
      ];
  for (const [label, value] of facts) {
    put(label, FACTS_LEFT, right, REGULAR, 9.5, MUTED);
    putRight(value, RIGHT, right, REGULAR, 9.5);
    right += 14;
  }

  // The buyer.
  let y = Math.max(left, right) + 28;
  put(isCredit ? 'Krediteres til' : 'Faktureres til', MARGIN, y, BOLD, 8.5, MUTED);
  y += 13;
  y += Math.max(14, putWrapped(invoice.buyer.name, MARGIN, y, RIGHT - MARGIN, BOLD, 10.5) + 2);
  for (const line of partyLines(invoice.buyer)) y += Math.max(13, putWrapped(line, MARGIN, y, RIGHT - MARGIN, REGULAR, 10) + 1);
  y += 28;

  const tableHeader = () => {
    put('Beskrivelse', COLUMNS.description, y, BOLD, 9);
    putRight('Antal', COLUMNS.quantityRight, y, BOLD, 9);
    putRight('Pris pr. stk.', COLUMNS.unitRight, y, BOLD, 9);
    putRight('Beløb', COLUMNS.amountRight, y, BOLD, 9);
    y += 14;
    rule(y, MARGIN, RIGHT, INK, 0.8);
    y += 7;
  };
  /** A fresh page that says whose document it continues. */
  const continuePage = () => {
    doc.addPage();
    y = MARGIN;
    put(`${title} nr. ${invoice.number} – fortsat`, MARGIN, y, BOLD, 11);
    put(invoice.seller.name, MARGIN, y + 15, REGULAR, 9, MUTED);
    y += 45;
  };

  tableHeader();
  const descriptionOptions = { width: COLUMNS.descriptionWidth, lineGap: 1.5 };
  for (const line of invoice.lines) {
    const description = winAnsi(line.description);
    doc.font(REGULAR).fontSize(10);
    const height = doc.heightOfString(description, descriptionOptions);
    if (y + height > CONTENT_BOTTOM) {
      continuePage();
      tableHeader();
    }
    doc.font(REGULAR).fontSize(10).fillColor(INK).text(description, COLUMNS.description, y, descriptionOptions);
    putRight(count.format(line.quantity), COLUMNS.quantityRight, y);
    putRight(formatPrice(shownUnitPrice(line)), COLUMNS.unitRight, y);
    putRight(formatPrice(line.totalOre), COLUMNS.amountRight, y);
    y += height + 4;
    rule(y);
    y += 5;
  }

  // Totals and payment stay together, on the next page if this one is full.
  const payment = paymentLines(invoice);
  doc.font(REGULAR).fontSize(10);
  const paymentHeight = payment.reduce((sum, text) => sum + doc.heightOfString(winAnsi(text), { width: RIGHT - MARGIN }) + 3, 0);
  if (y + 8 + 64 + 30 + 16 + paymentHeight > CONTENT_BOTTOM) continuePage();
  y += 8;
  // Every price above includes moms (PRODUCT.md "Money"); a bookkeeper reading the lines should not have to guess.
  put('Alle priser er inkl. 25 % moms.', MARGIN, y, REGULAR, 8.5, MUTED);
  const total = (label: string, ore: number, font = REGULAR, size = 10) => {
    put(label, TOTALS_LEFT, y, font, size);
    putRight(formatPrice(ore), RIGHT, y, font, size);
  };
  total('Subtotal ekskl. moms', invoice.netOre);
  y += 16;
  total('Moms 25 %', invoice.momsOre);
  y += 18;
  rule(y, TOTALS_LEFT, RIGHT, INK, 0.8);
  y += 7;
  total(isCredit ? 'Krediteret i alt inkl. moms' : 'I alt inkl. moms', invoice.totalOre, BOLD, 11);
  y += 16;
  rule(y, TOTALS_LEFT, RIGHT, INK, 0.8);
  rule(y + 2, TOTALS_LEFT, RIGHT, INK, 0.8);
  y += 30;

  put(isCredit ? 'Tilbagebetaling' : 'Betaling', MARGIN, y, BOLD, 10);
  y += 16;
  for (const text of payment) {
    const shown = winAnsi(text);
    doc.font(REGULAR).fontSize(10).fillColor(INK).text(shown, MARGIN, y, { width: RIGHT - MARGIN });
    y += doc.heightOfString(shown, { width: RIGHT - MARGIN }) + 3;
  }

  // Every page's footer: who sent it and where in the document the reader is.
  const { start, count: pages } = doc.bufferedPageRange();
  const sender = [invoice.seller.name, `CVR-nr. ${invoice.seller.cvr}`, invoice.seller.email].filter(Boolean).join('  ·  ');
  for (let page = start; page < start + pages; page++) {
    doc.switchToPage(page);
    rule(FOOTER_Y - 8);
    put(sender, MARGIN, FOOTER_Y, REGULAR, 8, MUTED);
    putRight(`Side ${page - start + 1} af ${pages}`, RIGHT, FOOTER_Y, REGULAR, 8, MUTED);
  }

  doc.end();
  return ended;
}
