/**
 * The printed memorial book on a real database (embedded, or PostgreSQL when DATABASE_URL is set)
 * with real photos, read back the way a person's tools read it: pdftotext for its words, pdfinfo
 * for its paper size, pdftoppm for what a printed page with a photo looks like. And who may have
 * it: the owner and co-admins only, with the answers other administrators' calls give outsiders.
 */
import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Cast, castMemorial } from '../../../tests/support/memorial-cast';
import { type ImageDir, createImageDir } from '../../../tests/support/images';
import { type TestApp, createTestApp } from '../../../tests/support/test-app';
import type { MediaItem } from '../../shared/media';
import { BOOK_MAX_PHOTOS, BOOK_MESSAGES, type BookSummary, bookPdfUrl, bookSummaryUrl } from '../../shared/memorial-book';
import { memorialMedia, memorialPosts } from '../db/schema';

const run = promisify(execFile);

let t: TestApp;
let images: ImageDir;

beforeAll(async () => {
  t = await createTestApp();
  images = await createImageDir();
});
afterAll(async () => {
  await t.close();
  await images.cleanup();
});

/** Long Danish compounds, many of them, so a justified A5 line must break inside some. */
const LONG_WORDS = ['begravelsesforretningen', 'familiesammenkomsterne', 'kirkegårdsforvaltningen', 'efterskoleforstanderen'];
const STORY =
  '<h2>Barndommen i Vejle</h2>' +
  Array.from({ length: 6 }, (_, i) => `<p>Karen talte ofte om ${LONG_WORDS[i % 4]} og om ${LONG_WORDS[(i + 1) % 4]}, når vi sad i haven om aftenen, og hun fortalte om ${LONG_WORDS[(i + 2) % 4]} og ${LONG_WORDS[(i + 3) % 4]}.</p>`).join('') +
  '<p>Hun elskede <em>havens roser</em> og <strong>søndagskaffen</strong> med familien.</p>';

const FIELDS = {
  name: 'Karen Margrethe Jensen',
  birthDate: '1936-02-14',
  deathDate: '2024-10-03',
  epitaph: 'Elsket og savnet af alle, der kendte hende',
  lifeStory: STORY,
  timeline: [{ date: '1958-06-14', title: 'Gift med Poul i Sankt Nicolai Kirke', text: 'En lys sommerdag med hele familien.' }],
};

/** A photo with detail in it: red and blue halves, so a printed page shows colour, not paper. */
async function photoFile(name: string, width: number, height: number): Promise<Buffer> {
  const file = path.join(images.dir, name);
  await sharp({ create: { width, height, channels: 3, background: { r: 30, g: 60, b: 200 } } })
    .composite([{ input: { create: { width: Math.floor(width / 2), height, channels: 3, background: { r: 220, g: 40, b: 30 } } }, left: 0, top: 0 }])
    .jpeg({ quality: 90 })
    .toFile(file);
  return readFile(file);
}

async function upload(memorialId: string, cookie: string, content: Buffer, caption: string): Promise<MediaItem> {
  const boundary = '----mindested-book-boundary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="caption"\r\n\r\n${caption}\r\n`),
    Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="foto.jpg"\r\ncontent-type: image/jpeg\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await t.request({ method: 'POST', url: `/api/memorials/${memorialId}/media`, payload, headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}` } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<MediaItem>();
}

const get = (url: string, cookie?: string) => t.request({ method: 'GET', url, headers: cookie ? { cookie } : {} });

async function greet(memorialId: string, status: 'approved' | 'pending', name: string, message: string, kind: 'guestbook' | 'candle' = 'guestbook') {
  await t.database.db.insert(memorialPosts).values({ memorialId, kind, status, name, message, createdAt: new Date('2024-10-20T12:00:00Z') });
}

/** The PDF's text, one string per page (pdftotext ends each page with a form feed). */
async function pagesOf(pdf: Buffer, name: string): Promise<{ file: string; pages: string[] }> {
  const file = path.join(images.dir, name);
  await writeFile(file, pdf);
  const { stdout } = await run('pdftotext', ['-enc', 'UTF-8', file, '-']);
  return { file, pages: stdout.split('\f').slice(0, -1) };
}

describe('the memorial book', () => {
  let cast: Cast;
  let chosen: MediaItem[];
  let pdf: Buffer;
  let pages: string[];
  let file: string;

  beforeAll(async () => {
    cast = await castMemorial(t, FIELDS);
    const id = cast.memorial.id;
    const portrait = await upload(id, cast.owner.cookie, await photoFile('portraet.jpg', 900, 1200), 'Karen i 1960');
    chosen = [
      await upload(id, cast.owner.cookie, await photoFile('have.jpg', 2400, 1600), 'I haven på Kirkevej, 1985'),
      await upload(id, cast.owner.cookie, await photoFile('strand.jpg', 1200, 1500), 'Ved stranden i Skagen'),
    ];
    const put = await t.request({ method: 'PUT', url: `/api/memorials/${id}`, headers: { cookie: cast.owner.cookie }, payload: { portraitId: portrait.id } });
    expect(put.statusCode, put.body).toBe(200);
    await greet(id, 'approved', 'Jens Hansen', 'Tak for alle de gode år som nabo. Du var altid den første til at hjælpe.');
    await greet(id, 'pending', 'Ukendt Afsender', 'Denne hilsen venter stadig på at blive godkendt.');
    await greet(id, 'approved', 'Lis', '', 'candle');

    // The photos in the family's order: the portrait-shaped one first.
    const response = await get(bookPdfUrl(id, [chosen[1]!.id, chosen[0]!.id]), cast.owner.cookie);
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="mindebog-${cast.memorial.slug}.pdf"`);
    expect(response.headers['cache-control']).toBe('private, no-store');
    pdf = response.rawPayload;
    ({ file, pages } = await pagesOf(pdf, 'mindebog.pdf'));
  });

  it('is A5 portrait paper', async () => {
    const { stdout } = await run('pdfinfo', [file]);
    expect(stdout).toMatch(/Page size:\s+419\.53 x 595\.28 pts\n/);
    expect(stdout).toMatch(/Title:\s+Mindebog for Karen Margrethe Jensen/);
  });

  it('opens with the name, the dates in Danish and the epitaph', () => {
    expect(pages[0]).toContain('Karen Margrethe Jensen');
    expect(pages[0]).toContain('14. februar 1936 – 3. oktober 2024');
    expect(pages[0]).toContain('Elsket og savnet af alle, der kendte hende');
  });

  it('holds the life story, the timeline, the captions and the approved greeting, but nothing still waiting', () => {
    const all = pages.join('\n').replace(/\s+/g, ' ');
    expect(all).toContain('Livshistorie');
    expect(all).toContain('Barndommen i Vejle');
    expect(all).toContain('når vi sad i haven om aftenen');
    expect(all).toContain('Livslinje');
    expect(all).toContain('14. juni 1958');
    expect(all).toContain('Gift med Poul i Sankt Nicolai Kirke');
    expect(all).toContain('I haven på Kirkevej, 1985');
    expect(all).toContain('Ved stranden i Skagen');
    expect(all).toContain('Tak for alle de gode år som nabo.');
    expect(all).toContain('Jens Hansen, 20. oktober 2024');
    expect(all).toContain('Der er tændt et lys for Karen Margrethe Jensen');
    expect(all).not.toContain('venter stadig');
    expect(all).not.toContain('Ukendt Afsender');
    // The photos come in the family's order.
    expect(all.indexOf('Ved stranden i Skagen')).toBeLessThan(all.indexOf('I haven på Kirkevej'));
  });

  it('breaks long Danish words with a hyphen at a line end, and prints them whole elsewhere', async () => {
    // -layout keeps the lines as printed; without it pdftotext joins a hyphenated word again.
    const text = (await run('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'])).stdout.replace(/ +\n/g, '\n').replace(/\n +/g, '\n');
    const broken = [...text.matchAll(/(\p{L}+)-\n(\p{L}+)/gu)].map((match) => match[1]! + match[2]!);
    expect(broken.some((word) => LONG_WORDS.includes(word))).toBe(true);
    // The soft hyphens where no line broke print nothing and leave the word whole.
    expect(text).toMatch(/begravelsesforretningen/);
    expect(text).not.toContain('\u00ad');
  });

  it('numbers every page but the title page at its foot', () => {
    expect(pages.length).toBeGreaterThanOrEqual(5);
    expect(pages[0]!.split('\n').map((line) => line.trim())).not.toContain('1');
    pages.slice(1).forEach((page, index) => {
      const lines = page.split('\n').map((line) => line.trim()).filter(Boolean);
      expect(lines.at(-1), `page ${index + 2}`).toBe(String(index + 2));
    });
  });

  it('prints the photos: a page with one is mostly colour, not paper', async () => {
    const page = pages.findIndex((text) => text.includes('Ved stranden i Skagen')) + 1;
    expect(page).toBeGreaterThan(1);
    const prefix = path.join(images.dir, 'side');
    await run('pdftoppm', ['-r', '50', '-f', String(page), '-l', String(page), '-singlefile', '-png', file, prefix]);
    const { data, info } = await sharp(`${prefix}.png`).raw().toBuffer({ resolveWithObject: true });
    const stats = await sharp(`${prefix}.png`).stats();
    expect(stats.channels[0]!.stdev).toBeGreaterThan(20);
    let coloured = 0;
    for (let i = 0; i < data.length; i += info.channels) if (Math.abs(data[i]! - data[i + 2]!) > 100) coloured++;
    expect(coloured / (info.width * info.height)).toBeGreaterThan(0.15);
  });

  it('embeds the photos at print resolution, from the original and never enlarged', async () => {
    const { stdout } = await run('pdfimages', ['-list', file]);
    const rows = stdout.split('\n').slice(2).filter(Boolean).map((line) => line.trim().split(/\s+/));
    // page num type width height color comp bpc enc interp object ID x-ppi y-ppi …
    const photos = rows.filter((row) => row[2] === 'image').map((row) => ({ width: Number(row[3]), height: Number(row[4]), ppi: Number(row[12]) }));
    expect(photos).toHaveLength(3);
    // The 2400-pixel garden photo keeps enough pixels for 300 dpi across the page's measure.
    expect(photos.some((photo) => photo.width >= 1200 && photo.ppi >= 295)).toBe(true);
    // The 900 × 1200 portrait is not blown up: it keeps at most its own pixels.
    expect(photos.every((photo) => photo.width <= 2400 && photo.height <= 1600)).toBe(true);
  });

  it('tells the edit page how many approved words and candles it will hold', async () => {
    const response = await get(bookSummaryUrl(cast.memorial.id), cast.coadmin.cookie);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<BookSummary>()).toEqual({ greetings: 1, tributes: 0, memories: 0, candles: 1 });
  });

  it('is the co-admin\'s too, without photos a book of text', async () => {
    const response = await get(bookPdfUrl(cast.memorial.id, []), cast.coadmin.cookie);
    expect(response.statusCode).toBe(200);
    const text = (await pagesOf(response.rawPayload, 'tekst.pdf')).pages.join('\n');
    expect(text).toContain('Karen Margrethe Jensen');
    expect(text).not.toContain('Billeder');
  });

  it('is refused to a viewer, a stranger and a visitor', async () => {
    const url = bookPdfUrl(cast.memorial.id, [chosen[0]!.id]);
    const viewer = await get(url, cast.viewer.cookie);
    expect(viewer.statusCode).toBe(403);
    expect(viewer.json()).toEqual({ message: BOOK_MESSAGES.adminsOnly });
    expect((await get(url, cast.stranger.cookie)).statusCode).toBe(403);
    expect((await get(url)).statusCode).toBe(401);
    expect((await get(bookSummaryUrl(cast.memorial.id), cast.viewer.cookie)).statusCode).toBe(403);
  });

  it('takes only photos of this gallery: another memorial\'s, a film, an id that is none and too many are refused in Danish', async () => {
    const other = await castMemorial(t);
    const foreign = await upload(other.memorial.id, other.owner.cookie, await photoFile('fremmed.jpg', 400, 300), 'Fremmed');
    const [film] = await t.database.db
      .insert(memorialMedia)
      .values({ memorialId: cast.memorial.id, kind: 'video', mime: 'video/mp4', originalKey: `memorials/${cast.memorial.id}/film/film.mp4`, position: 99 })
      .returning();
    const refused = async (ids: string[], message: string) => {
      const response = await get(bookPdfUrl(cast.memorial.id, ids), cast.owner.cookie);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json<{ message: string }>().message).toBe(message);
    };
    await refused([chosen[0]!.id, foreign.id], BOOK_MESSAGES.unknownPhoto);
    await refused([film!.id], BOOK_MESSAGES.notAPhoto);
    await refused(['ikke-et-id'], BOOK_MESSAGES.unknownPhoto);
    const many = Array.from({ length: BOOK_MAX_PHOTOS + 1 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    await refused(many, BOOK_MESSAGES.tooManyPhotos);
  });
});

describe('a private memorial\'s book', () => {
  it('is not found by anyone outside it, its photos included', async () => {
    const cast = await castMemorial(t, { privacy: 'private' });
    const photo = await upload(cast.memorial.id, cast.owner.cookie, await photoFile('privat.jpg', 600, 400), 'Privat');
    const url = bookPdfUrl(cast.memorial.id, [photo.id]);
    const stranger = await get(url, cast.stranger.cookie);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.headers['content-type']).not.toBe('application/pdf');
    expect((await get(bookSummaryUrl(cast.memorial.id), cast.stranger.cookie)).statusCode).toBe(404);
    expect((await get(url, cast.viewer.cookie)).statusCode).toBe(403);
    expect((await get(url, cast.owner.cookie)).statusCode).toBe(200);
  });
});

describe('a deleted memorial\'s book', () => {
  it('waits until the memorial is restored, and outsiders find nothing', async () => {
    const cast = await castMemorial(t);
    const deleted = await t.request({ method: 'DELETE', url: `/api/memorials/${cast.memorial.id}`, headers: { cookie: cast.owner.cookie } });
    expect(deleted.statusCode).toBe(204);
    const owner = await get(bookPdfUrl(cast.memorial.id, []), cast.owner.cookie);
    expect(owner.statusCode).toBe(400);
    expect(owner.json<{ message: string }>().message).toBe('Mindesiden er slettet. Gendan den først.');
    expect((await get(bookPdfUrl(cast.memorial.id, []), cast.stranger.cookie)).statusCode).toBe(404);
  });
});
