/**
 * A memorial page as a visitor gets it (not signed in, or not a member): the HTML with its share
 * preview, the memorial written in, and the page itself rendered on the server, so a phone at the
 * grave paints it from the first response. Made once per version of the memorial and kept, with
 * its compressed forms, so the many visitors of one page cost one small query each.
 *
 * A page is made for one version of the memorial (updated_at, moved forward by every change, see
 * nextVersion in service.ts; and its Premium now) and served only for that version. Which version
 * is current, and whether the memorial may be shown at all, is read from the database at most once
 * a second per address (VERSION_TTL_MS): the embedded database answers in the server's own
 * thread, and a page that many phones open at once must not queue behind it. A change made on this server forgets
 * the reading at once (forget); another server instance sees it within that second
 * (docs/decisions/0009).
 */
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import type { SQL } from 'drizzle-orm';
import type { ClientHtml } from '../client-html';
import { memorials } from '../db/schema';
import type { Deps } from '../deps';
import { MEMORIAL_POSTS_ELEMENT_ID } from '../../shared/memorials';
import { premiumStates } from '../money/premium';
import { publicPosts } from '../posts/service';
import { memorialPageHead, missingPageHead } from './page-head';
import { memorialWhere } from './service';

/** Pages kept at once; a page is about 10–100 KB, and a new version replaces its memorial's old one. */
const MAX_PAGES = 300;
/** How long a reading of a memorial's version and privacy is trusted without asking again. */
export const VERSION_TTL_MS = 1000;

interface Reading {
  found: { id: string; updatedAt: Date; privacy: string; deletedAt: Date | null; premium: string } | null;
  at: number;
}

/**
 * Premium is part of a page's version (a lapsed memorial shows less, decision 0025), read with it:
 * the period that covers now, by its end, so a period starting, ending or revoked makes another
 * version within the reading's second, and a page made in the instant a period ended can never be
 * served for a later one. Nothing has to announce that a period ended: time does.
 */
async function premiumVersion(deps: Deps, memorialId: string): Promise<string> {
  const state = (await premiumStates(deps.db, [memorialId], deps.now())).get(memorialId)!;
  return !state.premium ? 'free' : state.forGood ? 'premium' : `premium-until-${state.until!.getTime()}`;
}

export type Encoding = 'br' | 'gzip' | 'identity';

export interface VisitorPage {
  status: number;
  /** The page in the encoding asked for. */
  body: Buffer;
  encoding: Encoding;
  /** The memorial shown, when one is (for its visit statistics, stats/counter.ts). */
  memorialId?: string;
}

interface Made {
  html: Buffer;
  /** Each encoding made once, when first asked for; visitors asking while it is made wait for it. */
  compressed: Partial<Record<Encoding, Promise<Buffer>>>;
}

/** The best encoding the browser accepts of the two we make. */
/** In this order when the browser likes them alike: brotli is the smaller. */
const ENCODINGS: Encoding[] = ['br', 'gzip', 'identity'];

/**
 * The encoding the browser asked for, q-values and `*` included (`br;q=0` is a no), by the same
 * negotiator @fastify/compress uses for every other answer.
 */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding {
  return (acceptEncoding ? negotiate(acceptEncoding, ENCODINGS) : null) ?? 'identity';
}

const brotliCompressAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Compressed in libuv's threads, not in the event loop: a page is made again whenever its memorial
 * changes (a candle lit moves the version), and on a busy evening many are made at once, while the
 * same loop answers every other visitor. Brotli at quality 5: on a 60 KB page 2.5 ms and 1 % larger
 * than quality 9's 15 ms (11 is 78 ms for 8 % smaller).
 */
function encode(made: Made, encoding: Encoding): Promise<Buffer> {
  if (encoding === 'identity') return Promise.resolve(made.html);
  let compressing = made.compressed[encoding];
  if (!compressing) {
    compressing =
      encoding === 'br'
        ? brotliCompressAsync(made.html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: made.html.length } })
        : gzipAsync(made.html, { level: 9 });
    made.compressed[encoding] = compressing;
    // Should it ever fail, the next visitor asks again instead of meeting the same failure.
    compressing.catch(() => delete made.compressed[encoding]);
  }
  return compressing;
}

export type MemorialPageCache = ReturnType<typeof createMemorialPageCache>;

export function createMemorialPageCache(deps: Deps, clientHtml: ClientHtml) {
  // Promises, so a burst of visitors to a page not made yet waits for one rendering, not fifty.
  const pages = new Map<string, Promise<Made | null>>();
  /** The version last made for each address, so an older one is dropped when a newer is made. */
  const latest = new Map<string, string>();
  const missingPages = new Map<404 | 410, Made>();
  const readings = new Map<string, Reading>();

  // One version reading at a time per address, as in recent.ts: visitors arriving while it is read
  // wait for it; a reading begun before a change (forget) is not kept.
  const reading = new Map<string, Promise<Reading['found']>>();
  let changes = 0;

  async function readVersion(key: string, now: number): Promise<Reading['found']> {
    const seen = changes;
    const select = (where: SQL) =>
      deps.db.select({ id: memorials.id, updatedAt: memorials.updatedAt, privacy: memorials.privacy, deletedAt: memorials.deletedAt }).from(memorials).where(where).limit(1);
    const where = await memorialWhere(deps.db, key);
    const [row] = where ? await select(where) : [];
    const found = row ? { ...row, premium: await premiumVersion(deps, row.id) } : null;
    if (seen === changes) {
      readings.set(key, { found, at: now });
      if (readings.size > MAX_PAGES * 4) readings.delete(readings.keys().next().value!);
    }
    return found;
  }

  function read(key: string): Promise<Reading['found']> {
    const now = deps.now().getTime();
    const known = readings.get(key);
    if (known && now - known.at < VERSION_TTL_MS) return Promise.resolve(known.found);
    let pending = reading.get(key);
    if (!pending) {
      pending = readVersion(key, now).finally(() => reading.delete(key));
      reading.set(key, pending);
    }
    return pending;
  }

  /** Null when the memorial was made private or deleted in the moment between. */
  async function make(pathname: string, memorialId: string): Promise<Made | null> {
    const { status, head, memorial } = await memorialPageHead(deps, memorialId, null);
    if (status !== 200 || !memorial) return null;
    // The approved posts and the candle count are part of the version: approving or hiding a post
    // moves the memorial's updated_at (posts/service.ts), so a page made here never shows old ones.
    const posts = await publicPosts(deps, memorial.id);
    const body = clientHtml.renderMemorial ? await clientHtml.renderMemorial(pathname, memorial, posts) : null;
    const data = [...(head.data === undefined ? [] : Array.isArray(head.data) ? head.data : [head.data]), { elementId: MEMORIAL_POSTS_ELEMENT_ID, value: posts }];
    return { html: Buffer.from(clientHtml.withHead({ ...head, data }, body === null ? undefined : { pathname, body })), compressed: {} };
  }

  /** The page with no memorial, made once for each kind: none (404) and deleted (410). */
  async function missing(status: 404 | 410, encoding: Encoding): Promise<VisitorPage> {
    let made = missingPages.get(status);
    if (!made) missingPages.set(status, (made = { html: Buffer.from(clientHtml.withHead(missingPageHead(status).head)), compressed: {} }));
    return { status, body: await encode(made, encoding), encoding };
  }

  return {
    /** Forgets what was read about a memorial that changed here, and every "not found" (it may exist now). */
    forget(memorialId: string) {
      changes += 1;
      for (const [key, known] of readings) if (!known.found || known.found.id === memorialId) readings.delete(key);
      reading.clear();
    },
    /** The page that says there is no memorial here (404) or that it was deleted (410). */
    missing,
    /** The page at `pathname` (/memorial/…, /classic-memorial/…, /enhanced-memorial/…) for a visitor. */
    async forVisitor(pathname: string, idOrSlug: string, encoding: Encoding): Promise<VisitorPage> {
      const found = await read(decodeURIComponent(idOrSlug).toLowerCase());
      if (!found || found.privacy === 'private') return missing(404, encoding);
      if (found.deletedAt) return missing(410, encoding);

      const version = `${pathname}|${found.id}|${found.updatedAt.getTime()}|${found.premium}`;
      let making = pages.get(version);
      if (!making) {
        making = make(pathname, found.id);
        pages.set(version, making);
        making.then((made) => made ?? pages.delete(version), () => pages.delete(version));
        const older = latest.get(pathname);
        if (older && older !== version) pages.delete(older);
        latest.set(pathname, version);
        if (pages.size > MAX_PAGES) pages.delete(pages.keys().next().value!);
        if (latest.size > MAX_PAGES) latest.delete(latest.keys().next().value!);
      }
      const made = await making;
      if (!made) return missing(404, encoding);
      return { status: 200, body: await encode(made, encoding), encoding, memorialId: found.id };
    },
  };
}
