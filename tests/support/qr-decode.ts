/**
 * Reads QR symbols back with an independent decoder (zbarimg, from Debian's zbar-tools): every
 * picture of a code we make must decode to its address. SVG is rasterised first (sharp), a PDF
 * page by pdftoppm (poppler-utils).
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';

const run = promisify(execFile);

async function inTempDir<T>(work: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(tmpdir(), 'mindested-qr-'));
  try {
    return await work(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The texts of every QR symbol zbarimg finds in a PNG, or [] when it finds none. */
export async function decodePng(png: Buffer): Promise<string[]> {
  return inTempDir(async (dir) => {
    const file = path.join(dir, 'symbol.png');
    await writeFile(file, png);
    try {
      const { stdout } = await run('zbarimg', ['--raw', '--quiet', '-Sdisable', '-Sqrcode.enable', file]);
      return stdout.split('\n').filter(Boolean);
    } catch (error) {
      // zbarimg exits 4 when the picture holds no symbol.
      if ((error as { code?: number }).code === 4) return [];
      throw error;
    }
  });
}

export async function decodeSvg(svg: string, widthPx = 800): Promise<string[]> {
  return decodePng(await sharp(Buffer.from(svg)).resize(widthPx).flatten({ background: '#ffffff' }).png().toBuffer());
}

export async function decodePdf(pdf: Buffer): Promise<string[]> {
  return inTempDir(async (dir) => {
    const file = path.join(dir, 'page.pdf');
    await writeFile(file, pdf);
    await run('pdftoppm', ['-r', '150', '-png', file, path.join(dir, 'page')]);
    const pages = (await readdir(dir)).filter((name) => name.endsWith('.png'));
    const found: string[] = [];
    for (const page of pages) found.push(...(await decodePng(await sharp(path.join(dir, page)).toBuffer())));
    return found;
  });
}

/** The text of a PDF, as pdftotext reads it. */
export async function pdfText(pdf: Buffer): Promise<string> {
  return inTempDir(async (dir) => {
    const file = path.join(dir, 'page.pdf');
    await writeFile(file, pdf);
    const { stdout } = await run('pdftotext', ['-layout', file, '-']);
    return stdout;
  });
}
