/**
 * The memorial as a portable archive (issue 26; PRODUCT.md "The stone outlives the company"): a
 * ZIP of a small static website, made of the memorial as it is, that opens from the computer's
 * own disk in any browser, with no network and no Mindested, and carries the same in JSON for a
 * program (server/archive/memorial-*.ts).
 *
 * A memorial of ordinary size is downloaded at once, written as it is sent. A large one is made in
 * the background into the storage and the family gets an e-mail when it is ready: a download of
 * gigabytes over a home line is better fetched from a finished file (which resumes) than from one
 * made while it is sent (which cannot).
 */
import { z } from 'zod';

/** Above this (the files' sizes as stored), the archive is made in the background and e-mailed. */
export const ARCHIVE_DIRECT_MAX_BYTES = 300 * 1024 * 1024;
/** Days a finished archive is kept in the storage for download, then removed. */
export const ARCHIVE_KEPT_DAYS = 7;
/** A background archive still not done after this long is taken to have failed: it may be asked for again. */
export const ARCHIVE_STALE_MINUTES = 60;

export const ARCHIVE_MESSAGES = {
  adminsOnly: 'Kun mindesidens ejer og medadministratorer kan hente mindesiden som arkiv.',
  tooLargeToDownload: 'Mindesiden er for stor til at blive hentet direkte. Bestil arkivet, så sender vi dig en e-mail, når det er klar.',
  notReady: 'Der er ikke noget færdigt arkiv at hente. Bestil et nyt.',
  failed: 'Arkivet kunne ikke laves. Prøv at bestille det igen, eller skriv til os, hvis det bliver ved.',
} as const;

/** The state of the memorial's background archive, the newest asked for. */
export const ARCHIVE_STATES = ['waiting', 'ready', 'failed', 'expired'] as const;
export type ArchiveState = (typeof ARCHIVE_STATES)[number];

const backgroundArchive = z.object({
  state: z.enum(ARCHIVE_STATES),
  requestedAt: z.string(),
  /** Ready: when it was finished, its size, and the last day it can be downloaded. */
  readyAt: z.string().nullable(),
  bytes: z.number().int().nullable(),
  expiresAt: z.string().nullable(),
});
export type BackgroundArchive = z.infer<typeof backgroundArchive>;

/** GET /api/memorials/:id/archive: what the archive will hold, and how it is had. */
export const archiveSummaryResponse = z.object({
  photos: z.number().int(),
  videos: z.number().int(),
  songs: z.number().int(),
  /** Approved greetings, tributes and memories. */
  words: z.number().int(),
  candles: z.number().int(),
  /** The files' sizes as stored: about what the ZIP will weigh. */
  bytes: z.number().int(),
  /** 'download': fetched at once (archiveZipUrl); 'mail': asked for (POST archiveRequestUrl) and e-mailed. */
  delivery: z.enum(['download', 'mail']),
  /** The newest background archive, or null for none. */
  background: backgroundArchive.nullable(),
});
export type ArchiveSummary = z.infer<typeof archiveSummaryResponse>;

/** POST /api/memorials/:id/archive/requests answers 202 with the background archive as it now stands. */
export const archiveRequestResponse = backgroundArchive;

const base = (memorialId: string) => `/api/memorials/${encodeURIComponent(memorialId)}/archive`;
export const archiveSummaryUrl = base;
/** The archive written as it is sent (delivery 'download'). */
export const archiveZipUrl = (memorialId: string) => `${base(memorialId)}.zip`;
/** POST: make it in the background and e-mail when ready (delivery 'mail'). */
export const archiveRequestUrl = (memorialId: string) => `${base(memorialId)}/requests`;
/** The finished background archive (state 'ready'). */
export const readyArchiveUrl = (memorialId: string) => `${base(memorialId)}/ready.zip`;

/** "mindeside-karen-jensen-1941-2023-2026-11-30.zip": whose, and the day it was taken. */
export const archiveFileName = (slug: string, at: Date) => `mindeside-${slug}-${at.toISOString().slice(0, 10)}.zip`;

/** Where the memorial's pages begin inside the ZIP, for the note that comes with it. */
export const ARCHIVE_START_PAGE = 'index.html';
