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

/**
 * What zbarimg finds in each of many PNGs, in their order, in one run of zbarimg (its XML output
 * names the file each symbol came from): starting it once per picture costs more than the decoding.
 */
export async function decodePngs(pngs: Buffer[]): Promise<string[][]> {
  if (pngs.length === 0) return [];
  return inTempDir(async (dir) => {
    const files = pngs.map((_, i) => path.join(dir, `${i}.png`));
    await Promise.all(pngs.map((png, i) => writeFile(files[i]!, png)));
    let stdout: string;
    try {
      ({ stdout } = await run('zbarimg', ['--xml', '--quiet', '-Sdisable', '-Sqrcode.enable', ...files], { maxBuffer: 64 * 1024 * 1024 }));
    } catch (error) {
      // 4: some picture held no symbol; the others' are in the output all the same.
      if ((error as { code?: number }).code !== 4) throw error;
      stdout = (error as { stdout: string }).stdout;
    }
    const found = new Map<string, string[]>(files.map((file) => [file, []]));
    for (const source of stdout.split('<source href=').slice(1)) {
      const file = /^'([^']+)'/.exec(source)![1]!;
      found.get(file)?.push(...[...source.matchAll(/<data><!\[CDATA\[([\s\S]*?)\]\]><\/data>/g)].map((m) => m[1]!));
    }
    return files.map((file) => found.get(file)!);
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
