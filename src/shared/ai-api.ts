/**
 * Schemas of the AI extras' calls (decision 0033). The family's side is under
 * /api/memorials/{id}/ai (owner and co-admins); staff's under /api/admin/ai. A message, lyrics and
 * wishes are plain text: stored as written and always shown as text, never as HTML.
 */
import './zod-locale';
import { z } from 'zod';
import {
  AI_MESSAGES,
  AI_STATUSES,
  AI_WORK_KINDS,
  GREETING_MESSAGE_MAX,
  LYRICS_MAX,
  SONG_FACTS,
  SONG_LENGTHS,
  SONG_STYLES,
  SONG_WISHES_MAX,
} from './ai';
import { ORDER_STATUSES } from './money';
import { songTitle } from './music-api';

/** Text as a person writes it: line breaks kept, spaces at the ends and runs of spaces tidied. */
const writtenText = z.string().transform((text) =>
  text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.replace(/[ \t]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim(),
);

const songLength = z.union(SONG_LENGTHS.map((seconds) => z.literal(seconds)) as [z.ZodLiteral<60>, z.ZodLiteral<120>, z.ZodLiteral<180>]);

export const greetingBody = z.strictObject({
  orderId: z.uuid(AI_MESSAGES.orderNotFound),
  portraitMediaId: z.uuid(AI_MESSAGES.portraitMissing),
  message: writtenText.pipe(z.string().min(1, AI_MESSAGES.messageMissing).max(GREETING_MESSAGE_MAX, AI_MESSAGES.messageTooLong)),
  /** The family confirms they have the right to use the likeness; nothing is made without it. */
  likenessConsent: z.literal(true, AI_MESSAGES.consentMissing),
});
export type GreetingBody = z.input<typeof greetingBody>;

export const lyricsBody = z.strictObject({
  orderId: z.uuid(AI_MESSAGES.orderNotFound),
  facts: z.array(z.enum(SONG_FACTS)).min(1, AI_MESSAGES.factsMissing).max(SONG_FACTS.length),
  style: z.enum(SONG_STYLES),
  lengthSeconds: songLength,
  /** The family's own words for the song ("hun sang altid i køkkenet"). */
  wishes: writtenText.pipe(z.string().max(SONG_WISHES_MAX, AI_MESSAGES.wishesTooLong)).default(''),
});
export type LyricsBody = z.input<typeof lyricsBody>;

export const songBody = z
  .strictObject({
    orderId: z.uuid(AI_MESSAGES.orderNotFound),
    title: songTitle,
    style: z.enum(SONG_STYLES),
    lengthSeconds: songLength,
    lyrics: writtenText.pipe(z.string().max(LYRICS_MAX, AI_MESSAGES.lyricsTooLong)).default(''),
  })
  .refine((body) => body.style === 'instrumental' || body.lyrics.length > 0, { message: AI_MESSAGES.lyricsMissing, path: ['lyrics'] });
export type SongBody = z.input<typeof songBody>;

export const aiParams = z.object({ id: z.string().min(1).max(120) });
export const generationParams = z.object({ id: z.string().min(1).max(120), generationId: z.uuid(AI_MESSAGES.notFound) });

/** One try: a greeting, a draft of lyrics, or a song. */
export const generationResponse = z.object({
  id: z.string(),
  kind: z.enum(AI_WORK_KINDS),
  status: z.enum(AI_STATUSES),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  /** Said to the family when it failed (plain Danish; staff see the provider's words). */
  failure: z.string().nullable(),
  /**
   * Greeting: the message and the portrait it was made from (the gallery photo chosen, which may
   * since be deleted; the picture itself, kept with the try once it is under way).
   */
  message: z.string().nullable(),
  portraitMediaId: z.string().nullable(),
  portraitUrl: z.string().nullable(),
  /** Lyrics and song: what was asked for. */
  facts: z.array(z.enum(SONG_FACTS)).nullable(),
  style: z.enum(SONG_STYLES).nullable(),
  lengthSeconds: z.number().nullable(),
  title: z.string().nullable(),
  /** Lyrics: the draft written; song: the lyrics it was sung from. */
  lyrics: z.string().nullable(),
  /** Greeting and song, when made: the file, served to the family only until it is shown. */
  result: z
    .object({ url: z.string(), mime: z.string(), durationSeconds: z.number().nullable(), captionsUrl: z.string().nullable() })
    .nullable(),
  /** Shown on the memorial page (greeting) or in its playlist (song) since. */
  publishedAt: z.string().nullable(),
});
export type Generation = z.infer<typeof generationResponse>;

export const aiOrderResponse = z.object({
  orderId: z.string(),
  number: z.number(),
  kind: z.enum(['animated_greeting', 'song']),
  status: z.enum(ORDER_STATUSES),
  /** Tries that may still be started (a failed one is not counted). */
  triesLeft: z.number(),
  draftsLeft: z.number(),
  generations: z.array(generationResponse),
});
export type AiOrder = z.infer<typeof aiOrderResponse>;

export const aiOverviewResponse = z.object({
  memorial: z.object({ id: z.string(), slug: z.string(), name: z.string() }),
  /** Whether this installation has a provider for each extra; without one nothing can be bought. */
  offered: z.object({ greeting: z.boolean(), song: z.boolean() }),
  /** What the memorial holds for each fact a song may draw on (empty when nothing). */
  facts: z.array(z.object({ key: z.enum(SONG_FACTS), text: z.string() })),
  /** The gallery's photos a portrait may be chosen from. */
  portraits: z.array(z.object({ mediaId: z.string(), url: z.string(), alt: z.string() })),
  orders: z.array(aiOrderResponse),
});
export type AiOverview = z.infer<typeof aiOverviewResponse>;

/** Staff's view of one try, provider's words included (never its key). */
export const adminGenerationResponse = z.object({
  id: z.string(),
  kind: z.enum(AI_WORK_KINDS),
  status: z.enum(AI_STATUSES),
  memorial: z.object({ id: z.string(), slug: z.string(), name: z.string() }),
  order: z.object({ id: z.string(), number: z.number(), status: z.enum(ORDER_STATUSES) }),
  provider: z.string(),
  model: z.string(),
  predictionId: z.string().nullable(),
  attempts: z.number(),
  polls: z.number(),
  providerSeconds: z.number().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  lastError: z.string().nullable(),
  providerStatus: z.string().nullable(),
  providerResponse: z.string().nullable(),
  rerunOf: z.string().nullable(),
});
export type AdminGeneration = z.infer<typeof adminGenerationResponse>;

export const adminGenerationsQuery = z.object({
  status: z.enum(AI_STATUSES).optional(),
  kind: z.enum(AI_WORK_KINDS).optional(),
});
export const adminGenerationsResponse = z.object({
  generations: z.array(adminGenerationResponse),
  counts: z.record(z.enum(AI_STATUSES), z.number()),
  offered: z.object({ greeting: z.boolean(), song: z.boolean() }),
});
