/**
 * CSV for a Danish spreadsheet, streamed: the resellers' codes (resellers/codes.ts) and a
 * package's codes (production/exports.ts) are written the same way.
 *
 * Semicolons, not commas: Danish Excel's list separator is the semicolon (the comma is its decimal
 * mark), so a comma-separated file opens as one column there; LibreOffice and Numbers ask, or
 * guess right. A byte order mark first, or Excel reads UTF-8 as Windows-1252 and æ, ø, å come out
 * garbled. Lines end in CRLF, as RFC 4180 and Excel write them.
 */
import { Readable } from 'node:stream';

export const CSV_BOM = '\uFEFF';

/**
 * One CSV field: quoted when it holds the separator, a quote or a line break; and a text a
 * spreadsheet would run as a formula (=, +, -, @, a tab or a carriage return, as OWASP lists them,
 * and the full-width ＝ that some locales' spreadsheets read as =) is defused with a leading apostrophe.
 */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r\uFF1D]/.test(value) ? `'${value}` : value;
  return /[;"\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export const csvLine = (values: readonly string[]) => `${values.map(csvField).join(';')}\r\n`;

/**
 * The header, then each batch's lines as the client takes them: a batch is read only when the one
 * before it has been sent, so memory stays at one batch whatever the number of rows.
 */
export function csvStream<T>(header: readonly string[], batches: AsyncIterable<T[]>, line: (row: T) => readonly string[]): Readable {
  async function* text() {
    yield `${CSV_BOM}${csvLine(header)}`;
    for await (const batch of batches) yield batch.map((row) => csvLine(line(row))).join('');
  }
  return Readable.from(text(), { objectMode: false });
}
