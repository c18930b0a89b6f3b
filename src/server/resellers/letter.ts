/**
 * The printed letter for a family without e-mail (issue 21): one A4 page from the reseller, with
 * the family's name, the code's QR symbol to scan with a phone, the code and its address to type,
 * and in plain Danish how to begin. Helvetica is one of PDF's own fonts, so nothing is embedded;
 * its encoding has æ, ø and å (a character outside it prints as "?").
 */
import { PDFDocument, type PDFFont, type PDFPage, StandardFonts, rgb } from 'pdf-lib';
import { formatCode } from '../../shared/qr-code';
import { qrPng, qrUrl } from '../qr/images';

const MM = 72 / 25.4;
const A4 = { width: 210 * MM, height: 297 * MM };
const MARGIN = 25 * MM;
const ink = rgb(0.16, 0.14, 0.12);
const quiet = rgb(0.38, 0.35, 0.32);

export interface LetterInput {
  baseUrl: string;
  code: string;
  familyName: string;
  givenAt: Date;
  reseller: { companyName: string; phone: string; email: string; address: string; postcode: string; town: string };
}

function printable(font: PDFFont, text: string): string {
  const known = new Set(font.getCharacterSet());
  return [...text].map((char) => (known.has(char.codePointAt(0)!) ? char : '?')).join('');
}

/**
 * Text in lines no wider than `width`, broken between words, and inside a word only when the word
 * alone is wider (a web address, or a name typed without spaces).
 */
function wrapLines(font: PDFFont, text: string, size: number, width: number): string[] {
  const fits = (candidate: string) => font.widthOfTextAtSize(candidate, size) <= width;
  const lines: string[] = [];
  let line = '';
  for (let word of printable(font, text).split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (fits(next)) {
      line = next;
      continue;
    }
    if (line) lines.push(line);
    while (!fits(word)) {
      let cut = word.length - 1;
      while (cut > 1 && !fits(word.slice(0, cut))) cut -= 1;
      lines.push(word.slice(0, cut));
      word = word.slice(cut);
    }
    line = word;
  }
  if (line) lines.push(line);
  return lines;
}

/** Words laid out in lines no wider than `width`; returns where the next paragraph starts. */
function paragraph(page: PDFPage, font: PDFFont, text: string, size: number, y: number, width = A4.width - 2 * MARGIN, x = MARGIN): number {
  const lineHeight = size * 1.45;
  for (const line of wrapLines(font, text, size, width)) {
    page.drawText(line, { x, y, size, font, color: ink });
    y -= lineHeight;
  }
  return y - size * 0.5;
}

export async function handoverLetterPdf(input: LetterInput): Promise<Uint8Array> {
  const { reseller, code } = input;
  const url = qrUrl(input.baseUrl, code);
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Brev til ${input.familyName} – QR-kode ${formatCode(code)}`);
  pdf.setAuthor(reseller.companyName);
  pdf.setCreator('Mindested');
  pdf.setLanguage('da-DK');
  const page = pdf.addPage([A4.width, A4.height]);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const line = (text: string, y: number, size: number, font = regular, color = ink, x = MARGIN) =>
    page.drawText(printable(font, text), { x, y, size, font, color });

  // The sender, as on a letter from the firm: name, address, and the date on the right. What the
  // dealer and the family typed is wrapped within its place, however long it is.
  let y = A4.height - 22 * MM;
  const date = new Intl.DateTimeFormat('da-DK', { dateStyle: 'long', timeZone: 'Europe/Copenhagen' }).format(input.givenAt);
  const dateWidth = regular.widthOfTextAtSize(date, 11);
  line(date, y, 11, regular, quiet, A4.width - MARGIN - dateWidth);
  for (const part of wrapLines(bold, reseller.companyName, 13, A4.width - 2 * MARGIN - dateWidth - 8 * MM)) {
    line(part, y, 13, bold);
    y -= 5.5 * MM;
  }
  for (const part of [reseller.address, `${reseller.postcode} ${reseller.town}`.trim(), [reseller.phone, reseller.email].filter(Boolean).join(' · ')]) {
    for (const wrapped of wrapLines(regular, part, 10, A4.width - 2 * MARGIN)) {
      line(wrapped, y, 10, regular, quiet);
      y -= 4.6 * MM;
    }
  }

  y -= 12 * MM;
  for (const wrapped of wrapLines(regular, `Til ${input.familyName}`, 12, A4.width - 2 * MARGIN)) {
    line(wrapped, y, 12);
    y -= 5.5 * MM;
  }
  y -= 6.5 * MM;
  line('Jeres QR-kode til mindestenen', y, 20, bold);
  y -= 10 * MM;
  y = paragraph(
    page,
    regular,
    `Med dette brev får I en QR-kode fra Mindested. Når koden sidder på mindestenen, kan alle, der besøger graven, scanne den med en mobiltelefon og se mindesiden for jeres kære: billeder, mindeord, og de lys og hilsner, andre efterlader.`,
    11.5,
    y,
  );

  // The symbol left, the steps right: one glance shows what to scan and what happens next.
  const side = 62 * MM;
  const top = y - 2 * MM;
  const symbol = await pdf.embedPng(await qrPng(url, 'Q', 1000));
  page.drawImage(symbol, { x: MARGIN - 3 * MM, y: top - side, width: side, height: side });
  const codeText = formatCode(code);
  line(codeText, top - side - 7 * MM, 16, bold, ink, MARGIN - 3 * MM + (side - bold.widthOfTextAtSize(codeText, 16)) / 2);

  const stepsX = MARGIN + side + 6 * MM;
  const stepsWidth = A4.width - MARGIN - stepsX;
  let stepY = top - 6 * MM;
  line('Sådan kommer I i gang', stepY, 13, bold, ink, stepsX);
  stepY -= 8 * MM;
  const steps = [
    `1. Scan koden med kameraet på en mobiltelefon, eller skriv adressen ${url} i en browser.`,
    '2. Opret en konto med navn, e-mail og en adgangskode. Koden bliver låst til jeres konto.',
    '3. Lav mindesiden: navn, datoer, et billede og et par ord. I kan altid rette og tilføje senere.',
  ];
  for (const step of steps) stepY = paragraph(page, regular, step, 11, stepY, stepsWidth, stepsX);

  y = Math.min(stepY, top - side - 16 * MM);
  y = paragraph(page, regular, 'I bestemmer selv, hvem der kan se mindesiden, og det koster ikke noget at tænde et lys eller skrive en hilsen.', 11.5, y);
  paragraph(
    page,
    regular,
    `Har I spørgsmål til koden eller stenen, så kontakt ${reseller.companyName}${reseller.phone ? ` på ${reseller.phone}` : ''}. Spørgsmål om mindesiden besvarer Mindested på ${input.baseUrl}/contact.`,
    11.5,
    y,
  );

  line('Mindested', 15 * MM, 9, bold, quiet);
  line(url, 15 * MM, 9, regular, quiet, A4.width - MARGIN - regular.widthOfTextAtSize(url, 9));
  return pdf.save();
}
