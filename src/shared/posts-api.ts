/**
 * What visitors leave on a memorial (PRODUCT.md "What visitors leave, and moderation"; SPEC.md §7):
 * candles (lys), guestbook greetings (hilsner), shared memories (minder) and the family's tributes.
 * One schema per call, for the forms and for the server.
 */
import { z } from 'zod';
import './zod-locale';

export const POST_KINDS = ['candle', 'guestbook', 'memory', 'tribute'] as const;
export type PostKind = (typeof POST_KINDS)[number];

/** Pending until an administrator decides; hidden is an approved post taken down later. */
export const POST_STATUSES = ['pending', 'approved', 'rejected', 'hidden'] as const;
export type PostStatus = (typeof POST_STATUSES)[number];

/** Who may leave something on a memorial: anyone, people who are logged in, or nobody for now. */
export const WHO_MAY_POST = ['everyone', 'users', 'nobody'] as const;
export type WhoMayPost = (typeof WHO_MAY_POST)[number];

/** How an administrator is told of new posts by e-mail (their choice on /profile). */
export const POST_MAIL_CHOICES = ['immediate', 'digest', 'off'] as const;
export type PostMailChoice = (typeof POST_MAIL_CHOICES)[number];

export const POST_NAME_MAX = 80;
export const CANDLE_MESSAGE_MAX = 280;
export const GREETING_MAX = 2000;
export const MEMORY_MAX = 5000;

const name = z.string().trim().min(1, 'Skriv dit navn.').max(POST_NAME_MAX, `Navnet må højst være ${POST_NAME_MAX} tegn.`);
const text = (max: number, missing: string) => z.string().trim().min(2, missing).max(max, `Teksten må højst være ${max.toLocaleString('da-DK')} tegn.`);
/** A field people never see: a robot that fills it in is thanked and ignored. */
const website = z.string().max(500).optional().default('');

/** SPEC.md §3: name and message; the message is optional, trimmed, and null when empty. */
export const candleBody = z.object({
  name,
  message: z
    .string()
    .trim()
    .max(CANDLE_MESSAGE_MAX, `Hilsenen må højst være ${CANDLE_MESSAGE_MAX} tegn.`)
    .nullish()
    .transform((message) => (message ? message : null)),
  website,
});

export const guestbookBody = z.object({ name, message: text(GREETING_MAX, 'Skriv en hilsen.'), website });
export const memoryBody = z.object({ name, message: text(MEMORY_MAX, 'Skriv dit minde.'), website });
/** From the family's own accounts; the name shown is the account's unless another is given. */
export const tributeBody = z.object({ name: name.optional(), message: text(MEMORY_MAX, 'Skriv jeres hilsen.'), website });

export type CandleInput = z.input<typeof candleBody>;
export type GreetingInput = z.input<typeof guestbookBody>;

/**
 * A shared memory's photo as the browser gets it: the upright size, every variant's address
 * (smallest first, in AVIF, WebP and JPEG) and a tiny blurred placeholder. Sent with the memory as
 * the optional file `photo` of a multipart/form-data request (fields name, message and website first).
 */
export const postPhoto = z.object({
  width: z.number().int(),
  height: z.number().int(),
  variants: z.array(z.object({ url: z.string(), width: z.number().int(), height: z.number().int(), format: z.enum(['avif', 'webp', 'jpeg']) })),
  placeholder: z.string().nullable(),
});
export type PostPhoto = z.infer<typeof postPhoto>;

export const post = z.object({
  id: z.string(),
  kind: z.enum(POST_KINDS),
  name: z.string(),
  message: z.string().nullable(),
  /** Shared memories only, and only when one was added; null for every other kind. */
  photo: postPhoto.nullable(),
  status: z.enum(POST_STATUSES),
  createdAt: z.string(),
});
export type Post = z.infer<typeof post>;

export const postsResponse = z.object({
  /** Approved, newest first. */
  posts: z.array(post),
  /** This visitor's own posts still waiting for approval (never anyone else's). */
  waiting: z.array(post),
  /** Approved candles in all: the count of lit candles. */
  candles: z.number().int(),
  whoMayPost: z.enum(WHO_MAY_POST),
});
export type PostsResponse = z.infer<typeof postsResponse>;

/**
 * What a visitor's page carries written in and drawn by the server (page-cache.ts): the newest
 * approved posts of each kind (PUBLIC_POSTS_PER_KIND) and the candle count; nobody's waiting ones.
 */
export type PublicPosts = Omit<PostsResponse, 'waiting'> & { memorialId: string };
export const PUBLIC_POSTS_PER_KIND = 24;

/** For the memorial's administrators: the posts in one state (pending by default), oldest first. */
export const moderationQuery = z.object({ status: z.enum(POST_STATUSES).default('pending') });
export const moderationResponse = z.object({ posts: z.array(post.extend({ memorialId: z.string() })) });

export const MODERATION_ACTIONS = ['approve', 'reject', 'hide'] as const;
export const moderateBody = z.object({
  ids: z.array(z.uuid('Ukendt indlæg.')).min(1, 'Vælg mindst ét indlæg.').max(200, 'Højst 200 indlæg ad gangen.'),
  action: z.enum(MODERATION_ACTIONS),
});
export const moderateResponse = z.object({ changed: z.number().int() });

export const postSettings = z.object({ candlesAutoApprove: z.boolean(), whoMayPost: z.enum(WHO_MAY_POST) });
export const postSettingsBody = postSettings.partial();
export type PostSettings = z.infer<typeof postSettings>;
