/**
 * The hostile-input corpus (xss.ts) shaped for the product's fields: texts that fit a field's
 * length limit and that the API stores, handed out so that every payload passes through every
 * field over enough records, and what a page or an e-mail must show of them as text.
 */
import type { Page } from 'playwright-core';
import { XSS_MARK, XSS_PAYLOADS, type XssFinding, payloadTexts, xssFindings } from './xss';

/**
 * The API refuses a NUL at the door (server/lib/clean-input.ts, tested there), so a field never
 * holds one: the payload that hides a NUL inside <script> is sent without it, where it is a plain
 * <script> and still hostile.
 */
export const storable = (text: string) => text.replaceAll('\u0000', '');

/** The corpus in texts of at most `max` characters (a field's limit), as the API stores them. */
export function hostileTexts(max: number, separator = ' '): string[] {
  return payloadTexts(max, separator).map(storable);
}

/** Every payload in one text, a line each: for a field (or a mail's builder) that takes it all. */
export const WHOLE_CORPUS = storable(XSS_PAYLOADS.join('\n'));

/**
 * The `i`-th of `texts`, round and round: with at least `texts.length` records every text (so
 * every payload) goes through the field once.
 */
export const nth = (texts: readonly string[], i: number) => texts[i % texts.length]!;

/** What a text shows of itself when it is shown as text: the mark's call, e.g. "__xss(". */
export const VISIBLE_MARK = `${XSS_MARK}(`;

/** A valid Danish CVR number (weights 2,7,6,5,4,3,2,1; a sum divisible by 11) from a seed. */
export function cvrFrom(seed: number): string {
  const weights = [2, 7, 6, 5, 4, 3, 2, 1];
  for (let n = 10_000_000 + ((seed * 7919) % 80_000_000); ; n += 1) {
    const digits = String(n);
    if ([...digits].reduce((sum, d, i) => sum + Number(d) * weights[i]!, 0) % 11 === 0) return digits;
  }
}

/**
 * The page's findings once it has rendered and once more after it has settled (a payload in an
 * image's onerror or a late render fires after the first look), with where they were seen.
 */
export async function settledFindings(page: Page, where: string, settleMs = 150): Promise<XssFinding[]> {
  const first = await xssFindings(page);
  await page.waitForTimeout(settleMs);
  const second = await xssFindings(page);
  const seen = new Set<string>();
  return [...first, ...second]
    .map((finding) => ({ ...finding, detail: `${where}: ${finding.detail}` }))
    .filter((finding) => (seen.has(finding.detail) ? false : (seen.add(finding.detail), true)));
}
