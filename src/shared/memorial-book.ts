/**
 * The printed memorial book (issue 26): an A5 PDF of the memorial that the family downloads from
 * the edit page, with the photos they choose in the order they choose them (server/book).
 */
import { z } from 'zod';

/** Photos one book may hold: about a hundred pages, made in well under a minute on our two cores. */
export const BOOK_MAX_PHOTOS = 60;

export const BOOK_MESSAGES = {
  tooManyPhotos: `Vælg højst ${BOOK_MAX_PHOTOS} billeder til mindebogen.`,
  unknownPhoto: 'Et af de valgte billeder findes ikke længere i mindesidens galleri. Hent siden igen, og vælg billederne på ny.',
  notAPhoto: 'Mindebogen kan kun rumme billeder, ikke film.',
  adminsOnly: 'Kun mindesidens ejer og medadministratorer kan hente mindebogen.',
} as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * `?photos=id1,id2,…`: the gallery photos in the book's order. A photo named twice is printed
 * once, where it was first named; an id that is no id at all cannot be in the gallery either.
 */
export const bookQuery = z.object({
  photos: z
    .string()
    .max(40 * (BOOK_MAX_PHOTOS + 10), BOOK_MESSAGES.tooManyPhotos)
    .optional()
    .transform((value, ctx) => {
      const ids = [...new Set((value ?? '').split(',').map((id) => id.trim().toLowerCase()).filter(Boolean))];
      if (ids.length > BOOK_MAX_PHOTOS) ctx.addIssue({ code: 'custom', message: BOOK_MESSAGES.tooManyPhotos });
      else if (ids.some((id) => !UUID.test(id))) ctx.addIssue({ code: 'custom', message: BOOK_MESSAGES.unknownPhoto });
      return ids;
    }),
});

/** What the edit page tells the family the book will hold besides the memorial's own text. */
export const bookSummaryResponse = z.object({
  greetings: z.number().int(),
  tributes: z.number().int(),
  memories: z.number().int(),
  candles: z.number().int(),
});
export type BookSummary = z.infer<typeof bookSummaryResponse>;

export const bookSummaryUrl = (memorialId: string) => `/api/memorials/${encodeURIComponent(memorialId)}/book`;

/** The PDF's address with the chosen photos, in order: a plain link the browser downloads. */
export function bookPdfUrl(memorialId: string, photoIds: readonly string[]): string {
  const base = `/api/memorials/${encodeURIComponent(memorialId)}/book.pdf`;
  return photoIds.length ? `${base}?photos=${photoIds.join(',')}` : base;
}

/** "mindebog-karen-jensen-1941-2023.pdf" */
export const bookFileName = (slug: string) => `mindebog-${slug}.pdf`;
