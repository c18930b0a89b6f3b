/**
 * Hostile text into every place it is shown (issue 27, item 5): the corpus of tests/support/xss.ts
 * (118 payloads, each calling __xss(n) if it runs) typed through the API into the product's text
 * fields, each field at its length limit and every payload passing through every field over enough
 * records (tests/support/hostile-data.ts), then every page that shows them opened in Chromium with
 * the trap set: 0 runs, 0 markup, and each page shows the payloads as text.
 *
 * Fields → where they are shown:
 * - memorial (57 memorials, POST /api/memorials): name, birth and death place, cemetery (120 each),
 *   epitaph (300), grave section and number (40: the texts shared between the two), life story
 *   (HTML, the whole corpus as a paragraph a payload; the server's allow-list), timeline event title
 *   (140) and text (2,000) → the visitor's memorial page as the server writes it (body, <title>,
 *   Open Graph tags, the memorial's JSON in its <script>) and as the app draws it after it has taken
 *   over (client-side navigation through every memorial), the edit page, the owner's /profile, the
 *   back office's person page;
 * - candles (name 80, message 280), greetings (2,000), memories (5,000), tributes → the memorial
 *   page (approved), its admin page (waiting for approval), the owner's notifications on /profile;
 * - family-tree people: given names and surname (120), birth and death place (200), note (2,000)
 *   → the family tree page;
 * - songs (YouTube): title (120), note (300) → the music page; films: caption (500) → the gallery;
 * - account full names (120; the owner's through registration, the rest written as set-up and made
 *   members of the first memorial) → the memorial's admin page, the back office's people list;
 * - contact form: name (120), subject (150), message (5,000) → the back office's support inbox and a
 *   thread;
 * - reseller applications: company (160), contact name (120), address (200), town (100) → the back
 *   office's resellers list and a reseller's page.
 * Not here: orders' addresses and staff notes (set through Stripe's checkout and the order pages'
 * steps, their e-mails in src/server/hostile-mail.test.ts), AI greetings' texts (the AI journeys
 * run on PostgreSQL only), PDFs and CSV files (their own tests). E-mails: src/server/hostile-mail.test.ts.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { FamilyTree } from '../../src/shared/family-tree-api';
import { MEMORIAL_DATA_ELEMENT_ID, MEMORIAL_LIMITS as L, type Memorial } from '../../src/shared/memorials';
import { CAPTION_MAX } from '../../src/shared/media';
import { SONG_NOTE_MAX, SONG_TITLE_MAX, SONGS_MAX } from '../../src/shared/music';
import { CANDLE_MESSAGE_MAX, GREETING_MAX, MEMORY_MAX, POST_NAME_MAX } from '../../src/shared/posts-api';
import { RESELLER_TERMS_VERSION } from '../../src/shared/resellers';
import { type Account, callApi, registerAccount } from '../support/e2e-api';
import { premiumForGoodSql } from '../support/e2e-data';
import { useSession as putSession, verifiedStaffSession } from '../support/e2e-staff';
import { setupE2e } from '../support/e2e-suite';
import { VISIBLE_MARK, cvrFrom, hostileTexts, nth, settledFindings } from '../support/hostile-data';
import { XSS_PAYLOADS, type XssFinding, countDialogs, trapXss, xssFindings } from '../support/xss';

const e2e = setupE2e({
  qrCodes: 2,
  env: { RATE_LIMIT_POSTS_PER_IP: '10000', RATE_LIMIT_POSTS_PER_MEMORIAL: '10000', RATE_LIMIT_CONTACT_PER_IP: '1000', RATE_LIMIT_REGISTER_PER_IP: '1000' },
});

/** The fields listed above: memorial 10, posts 8, tree 5, songs and films 3, account 1, contact 3, resellers 4. */
const FIELDS = 34;

const literal = (value: string) => `'${value.replace(/'/g, "''")}'`;
/** Whitespace as a page shows it (a <title> or a heading folds line breaks and tabs). */
const folded = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The text a page shows: what is drawn, and what its form fields hold. */
const shownText = (page: Page) =>
  page.evaluate(() => [document.body.innerText, ...Array.from(document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea'), (field) => field.value)].join('\n'));

interface World {
  owner: Account;
  ownerSession: string;
  adminSession: string;
  memorials: Memorial[];
  threadId: string;
  resellerId: string;
  ownerId: string;
}

async function api<T>(method: string, path: string, session: string | null, body?: unknown, status = [200, 201]): Promise<T> {
  const response = await callApi<T>(e2e.server, method, path, { session, body });
  if (!status.includes(response.status)) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

/** Everything typed through the API, the few rows that are only set-up written with one batch of SQL. */
async function typeEverything(): Promise<World> {
  const names = hostileTexts(L.name);
  const short = hostileTexts(40);
  const owner = await registerAccount(e2e.server, { fullName: names[0] });
  const admin = await registerAccount(e2e.server);
  const ownerSession = (await callApi(e2e.server, 'POST', `/api/login?t=${Date.now()}`, { body: { username: owner.username, password: owner.password } })).session!;

  // Memorials: every text of every short field once; the long ones round and round.
  const epitaphs = hostileTexts(L.epitaph);
  const titles = hostileTexts(L.eventTitle);
  const eventTexts = hostileTexts(L.eventText);
  const lifeStory = XSS_PAYLOADS.map((payload) => `<p>${payload.replaceAll('\u0000', '')}</p>`).join('');
  const count = Math.max(names.length, epitaphs.length, titles.length, Math.ceil(short.length / 2));
  const memorials: Memorial[] = [];
  for (let i = 0; i < count; i++) {
    const body = {
      name: nth(names, i),
      birthDate: '1941-03-02',
      deathDate: '2023-10-30',
      birthPlace: nth(names, i),
      deathPlace: nth(names, i + 1),
      epitaph: nth(epitaphs, i),
      restingPlace: { cemetery: nth(names, i), section: nth(short, 2 * i), graveNumber: nth(short, 2 * i + 1), latitude: null, longitude: null },
      lifeStory: i === 0 ? lifeStory : `<p>${nth(eventTexts, i)}</p>`,
      timeline: [
        { date: '1962', title: nth(titles, i), text: nth(eventTexts, i) },
        ...(i === 0 ? titles.map((title, j) => ({ date: String(1963 + j), title, text: nth(eventTexts, j) })) : []),
      ],
    };
    memorials.push(await api<Memorial>('POST', '/api/memorials', ownerSession, body));
  }
  const [first, second] = memorials as [Memorial, Memorial];

  // Set-up only (on the embedded database each batch restarts the server: one batch): the staff
  // member, Premium for the memorials with music, a tree and films, and accounts under the other
  // hostile names, members of the first memorial.
  const others = names.slice(1).map((name, i) => `(${i}, ${literal(name)})`);
  await e2e.server.sql(
    `update users set role = 'admin' where username = ${literal(admin.username)}`,
    premiumForGoodSql(first.id),
    premiumForGoodSql(second.id),
    `insert into users (full_name, username, email, password_hash)
      select v.name, 'fjendtlig' || v.n, 'fjendtlig' || v.n || '@eksempel.dk', (select password_hash from users where username = ${literal(owner.username)})
      from (values ${others.join(', ')}) as v(n, name)`,
    `insert into memorial_members (memorial_id, user_id, role) select ${literal(first.id)}, id, 'viewer' from users where username like 'fjendtlig%'`,
  );
  const { session: adminSession } = await verifiedStaffSession(e2e.server, admin);

  // Candles, greetings, memories and the family's tributes: approved on the first memorial, left
  // waiting on the second.
  const postNames = hostileTexts(POST_NAME_MAX);
  const candleMessages = hostileTexts(CANDLE_MESSAGE_MAX);
  for (const memorial of [first, second]) {
    for (let i = 0; i < Math.max(postNames.length, candleMessages.length); i++) {
      await api('POST', `/api/memorials/${memorial.id}/candles`, null, { name: nth(postNames, i), message: nth(candleMessages, i) });
    }
    for (const [i, message] of hostileTexts(GREETING_MAX).entries()) await api('POST', `/api/memorials/${memorial.id}/guestbook`, null, { name: nth(postNames, i), message });
    for (const [i, message] of hostileTexts(MEMORY_MAX).entries()) {
      await api('POST', `/api/memorials/${memorial.id}/memories`, null, { name: nth(postNames, i + 3), message });
      await api('POST', `/api/memorials/${memorial.id}/tributes`, ownerSession, { name: nth(postNames, i + 4), message });
    }
  }
  const waiting = await api<{ posts: { id: string }[] }>('GET', `/api/memorials/${first.id}/posts/moderation?status=pending`, ownerSession);
  for (let i = 0; i < waiting.posts.length; i += 200) {
    await api('POST', `/api/memorials/${first.id}/posts/moderate`, ownerSession, { ids: waiting.posts.slice(i, i + 200).map((post) => post.id), action: 'approve' });
  }

  // The family tree: every name, place and note on a child of the memorial's person.
  const tree = await api<FamilyTree>('GET', `/api/memorials/${first.id}/family-tree`, ownerSession);
  const places = hostileTexts(200);
  const notes = hostileTexts(2000);
  for (let i = 0; i < Math.max(names.length, places.length); i++) {
    const person = {
      givenNames: nth(names, i),
      surname: nth(names, i + 1),
      sex: 'unknown',
      birth: null,
      death: null,
      diedUndated: true,
      birthPlace: nth(places, i),
      deathPlace: nth(places, i + 1),
      note: nth(notes, i),
      showLivingToVisitors: true,
      linkedMemorial: null,
    };
    await api('POST', `/api/memorials/${first.id}/family-tree/people`, ownerSession, { person, relation: { kind: 'child', of: tree.rootId } });
  }

  // Songs (at most SONGS_MAX a memorial: the rest on the second) and films in the gallery.
  const songTitles = hostileTexts(SONG_TITLE_MAX);
  const songNotes = hostileTexts(SONG_NOTE_MAX);
  for (let i = 0; i < Math.max(songTitles.length, songNotes.length); i++) {
    const youtubeUrl = `https://www.youtube.com/watch?v=sang${String(i).padStart(3, '0')}abcd`;
    await api('POST', `/api/memorials/${(i < SONGS_MAX ? first : second).id}/music`, ownerSession, { youtubeUrl, title: nth(songTitles, i), note: nth(songNotes, i) });
  }
  for (const [i, caption] of hostileTexts(CAPTION_MAX).entries()) {
    await api('POST', `/api/memorials/${first.id}/media`, ownerSession, { youtubeUrl: `https://www.youtube.com/watch?v=film${String(i).padStart(3, '0')}abcd`, caption });
  }

  // The contact form and resellers' applications, from visitors.
  const subjects = hostileTexts(150);
  const messages = hostileTexts(5000);
  for (let i = 0; i < Math.max(names.length, subjects.length); i++) {
    await api('POST', '/api/contact', null, { name: nth(names, i), email: `kontakt${i}@eksempel.dk`, subject: nth(subjects, i), message: nth(messages, i) });
  }
  const companies = hostileTexts(160);
  const addresses = hostileTexts(200);
  const towns = hostileTexts(100);
  for (let i = 0; i < Math.max(names.length, companies.length, addresses.length, towns.length); i++) {
    await api('POST', '/api/resellers/applications', null, {
      companyName: nth(companies, i),
      cvr: cvrFrom(i + 1),
      kind: 'stone_dealer',
      contactName: nth(names, i),
      email: `forhandler${i}@eksempel.dk`,
      phone: '75 82 10 00',
      address: nth(addresses, i),
      postcode: '7100',
      town: nth(towns, i),
      acceptTerms: true,
      termsVersion: RESELLER_TERMS_VERSION,
    });
  }

  const threads = await api<{ threads: { id: string }[] }>('GET', '/api/admin/support', adminSession);
  const resellers = await api<{ resellers: { id: string }[] }>('GET', '/api/admin/resellers', adminSession);
  const people = await api<{ users: { id: string; username: string }[] }>('GET', `/api/admin/users?q=${owner.username}`, adminSession);
  return {
    owner,
    ownerSession,
    adminSession,
    memorials,
    threadId: threads.threads[0]!.id,
    resellerId: resellers.resellers[0]!.id,
    ownerId: people.users.find((person) => person.username === owner.username)!.id,
  };
}

let world: World;
const findings: XssFinding[] = [];
const shownMarks = new Set<number>();
let pages = 0;
let typingSeconds = 0;
const lookingStarted = { at: 0 };

beforeAll(async () => {
  const started = Date.now();
  world = await typeEverything();
  typingSeconds = (Date.now() - started) / 1000;
  lookingStarted.at = Date.now();
});

afterAll(() => {
  const runs = findings.filter((finding) => finding.kind !== 'markup').length;
  console.log(
    `hostile text: ${XSS_PAYLOADS.length} payloads × ${FIELDS} fields × ${pages} pages → ${runs} runs, ${findings.length - runs} markup; ` +
      `${shownMarks.size} payloads seen as text; typed in ${typingSeconds.toFixed(1)} s, looked at in ${((Date.now() - lookingStarted.at) / 1000).toFixed(1)} s`,
  );
});

/**
 * Takes stock of the page: what it shows as text (drawn, and in its form fields) and what it shows
 * other than text. `settleMs`: how long to wait for a second look, for a page the app is still
 * drawing; a page whose load event has fired has run its images' onerror already.
 */
async function takeStock(page: Page, where: string, settleMs = 0): Promise<string> {
  const text = await shownText(page);
  for (const match of text.matchAll(/__xss\((\d+)\)/g)) shownMarks.add(Number(match[1]));
  findings.push(...(settleMs ? await settledFindings(page, where, settleMs) : (await xssFindings(page)).map((f) => ({ ...f, detail: `${where}: ${f.detail}` }))));
  pages += 1;
  return text;
}

/**
 * Opens `path` (an app page) in a context with the trap set, waits until the page shows the corpus
 * as text (or, for a page that shows it only in its title, until it is quiet), and takes stock.
 */
async function look(page: Page, path: string, options: { text?: boolean } = {}) {
  await page.goto(path);
  if (options.text === false) await page.waitForLoadState('networkidle');
  else await expect.poll(async () => (await shownText(page)).includes(VISIBLE_MARK), { message: `${path} shows the texts` }).toBe(true);
  await takeStock(page, path, 50);
}

/** A fresh context's page with the trap set and, if given, a session. */
async function trapped(page: Page, context: BrowserContext, session?: string) {
  await trapXss(context);
  if (session) await putSession(context, e2e.server, session);
  countDialogs(page, findings);
  return page;
}

describe('hostile text in every text field', () => {
  test('is shown as text on every memorial page as the server writes it (head and data too) and as the app draws it', async () => {
    const visitor = await trapped(e2e.page, e2e.context);
    const before = findings.length;
    for (const memorial of world.memorials) {
      // As the server wrote it: there at the load event (the app waits for the visitor's first tap or key).
      await visitor.goto(`/memorial/${memorial.slug}`);
      expect(await takeStock(visitor, `/memorial/${memorial.slug}`)).toContain(VISIBLE_MARK);
      const head = await visitor.evaluate((id) => {
        const meta = (property: string) => document.querySelector(`meta[property="${property}"]`)?.getAttribute('content') ?? '';
        return { title: document.title, ogTitle: meta('og:title'), data: document.getElementById(id)?.textContent ?? '' };
      }, MEMORIAL_DATA_ELEMENT_ID);
      expect(folded(head.title)).toContain(folded(memorial.name));
      expect(folded(head.ogTitle)).toContain(folded(memorial.name));
      expect((JSON.parse(head.data) as { name: string }).name).toBe(memorial.name);
    }
    // The app takes over the first one at the first key, then draws each of them itself (client-side navigation).
    const appStarted = visitor.waitForResponse((response) => new URL(response.url()).pathname === '/api/user');
    await visitor.goto(`/memorial/${world.memorials[0]!.slug}`);
    await visitor.keyboard.press('Tab');
    await appStarted;
    for (const memorial of world.memorials.slice(1)) {
      await visitor.evaluate((path) => {
        history.pushState(null, '', path);
        dispatchEvent(new PopStateEvent('popstate'));
      }, `/memorial/${memorial.slug}`);
      await expect.poll(async () => folded(await visitor.locator('h1').first().innerText()), { message: `the app draws ${memorial.slug}` }).toBe(folded(memorial.name));
      expect(await takeStock(visitor, `/memorial/${memorial.slug} (drawn by the app)`)).toContain(VISIBLE_MARK);
    }
    expect(findings.slice(before).map((finding) => `${finding.kind}: ${finding.detail}`)).toEqual([]);
  });

  test('is shown as text on the family’s pages: posts to decide, editing, the tree, the music, the profile', async () => {
    const family = await trapped(e2e.page, e2e.context, world.ownerSession);
    const before = findings.length;
    const [first, second] = world.memorials as [Memorial, Memorial];
    // The first memorial's posts are all decided: its admin page names the memorial in its title only.
    await look(family, `/memorial/${first.slug}/admin`, { text: false });
    for (const path of [
      `/memorial/${second.slug}/admin`,
      `/memorial/${second.slug}`,
      `/edit-memorial/${first.slug}`,
      `/family-tree/${first.slug}`,
      `/memorial/${first.slug}/music`,
      `/memorial/${second.slug}/music`,
      '/profile',
    ]) {
      await look(family, path);
    }
    expect(findings.slice(before).map((finding) => `${finding.kind}: ${finding.detail}`)).toEqual([]);
  });

  test('is shown as text in the back office: people, support, resellers', async () => {
    const office = await trapped(e2e.page, e2e.context, world.adminSession);
    const before = findings.length;
    for (const path of [
      ...[1, 2, 3].map((n) => `/admin/users?q=fjendtlig&page=${n}`),
      `/admin/users/${world.ownerId}`,
      ...[1, 2, 3].map((n) => `/admin/support?page=${n}`),
      `/admin/support/${world.threadId}`,
      ...[1, 2, 3].map((n) => `/admin/resellers?page=${n}`),
      `/admin/resellers/${world.resellerId}`,
    ]) {
      await look(office, path);
    }
    expect(findings.slice(before).map((finding) => `${finding.kind}: ${finding.detail}`)).toEqual([]);
    // Every payload reached some page of the three tests as text (the long fields hold each one whole): none was dropped on the way.
    // (One hides its call in base64: it can only be seen by running.)
    const readable = [...XSS_PAYLOADS.keys()].filter((n) => XSS_PAYLOADS[n]!.includes(`__xss(${n})`));
    expect(readable.length).toBeGreaterThan(100);
    expect(readable.filter((n) => !shownMarks.has(n))).toEqual([]);
  });
});
