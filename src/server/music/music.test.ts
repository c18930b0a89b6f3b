/**
 * A memorial's music on a real database (embedded, or PostgreSQL when DATABASE_URL is set) with
 * real sound files made byte by byte (tests/support/audio.ts): each format is taken by its
 * content whatever its name, its length read from the file, a disguised or too long file refused
 * with a Danish sentence and nothing kept; YouTube links, titles and notes, the family's order,
 * removal with its file, ranges of the stored file; who may do what; Premium's gate, and a lapsed
 * memorial that keeps its songs but plays none to visitors.
 */
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flac, mp3, mp4Audio, oggOpus, wav, wavStream } from '../../../tests/support/audio';
import { type Cast, castMemorial } from '../../../tests/support/memorial-cast';
import { MULTIPART_CONTENT_TYPE, MULTIPART_TAIL, multipartForm, multipartHead } from '../../../tests/support/multipart';
import { givePremium } from '../../../tests/support/premium';
import { type TestApp, createTestApp } from '../../../tests/support/test-app';
import { MEDIA_MESSAGES } from '../../shared/media-limits';
import type { Memorial } from '../../shared/memorials';
import { MUSIC_MESSAGES, type Song } from '../../shared/music';
import type { Playlist } from '../../shared/music-api';
import { PREMIUM_MESSAGES } from '../../shared/premium';
import { memorialSongs, premiumPeriods } from '../db/schema';
import { purgeDeletedMemorials } from '../privacy/purges';

const DAY_MS = 24 * 60 * 60 * 1000;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** A memorial with its cast, and Premium unless told otherwise. */
async function scene(options: { premium?: boolean; privacy?: 'public' | 'private' } = {}): Promise<Cast> {
  const cast = await castMemorial(t, options.privacy ? { privacy: options.privacy } : {});
  if (options.premium !== false) await givePremium(t.database.db, cast.memorial.id);
  return cast;
}

function upload(memorialId: string, cookie: string | undefined, content: Buffer, filename: string, contentType = 'application/octet-stream', fields: Record<string, string> = {}) {
  const body = multipartForm(fields, { field: 'file', filename, contentType, content });
  return t.request({ method: 'POST', url: `/api/memorials/${memorialId}/music`, payload: body.payload, headers: { ...body.headers, ...(cookie ? { cookie } : {}) } });
}

/** An upload whose file is made as it is sent: a long one never sits in memory. */
function uploadStream(memorialId: string, cookie: string, file: Readable, filename: string) {
  const head = multipartHead({}, { field: 'file', filename, contentType: 'audio/wav' });
  const payload = Readable.from(
    (async function* () {
      yield head;
      for await (const chunk of file) yield chunk as Buffer;
      yield MULTIPART_TAIL;
    })(),
  );
  return t.request({ method: 'POST', url: `/api/memorials/${memorialId}/music`, payload, headers: { 'content-type': MULTIPART_CONTENT_TYPE, cookie } });
}

const youtube = (memorialId: string, cookie: string | undefined, payload: object) =>
  t.request({ method: 'POST', url: `/api/memorials/${memorialId}/music`, headers: cookie ? { cookie } : {}, payload });
const playlist = async (memorialId: string, cookie?: string) => {
  const response = await t.request({ method: 'GET', url: `/api/memorials/${memorialId}/music`, headers: cookie ? { cookie } : {} });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Playlist>();
};
const get = (url: string, headers: Record<string, string> = {}) => t.request({ method: 'GET', url, headers });
const rowsOf = (memorialId: string) => t.database.db.select().from(memorialSongs).where(eq(memorialSongs.memorialId, memorialId));
/** Files under the memorial's music folder, counted by removing them: only at a test's end. */
const removeStoredMusic = (memorialId: string) => t.app.deps.storage.deletePrefix(`memorials/${memorialId}/music/`);

describe('uploading a song', () => {
  it('takes each format by its content, whatever the name says, and reads its length from the file', async () => {
    const { memorial, owner } = await scene();
    const files = [
      { content: wav({ seconds: 2 }), name: 'optagelse.dat', mime: 'audio/wav', seconds: 2, title: 'optagelse' },
      { content: mp3({ seconds: 3, title: 'Den blå anemone' }), name: 'track01.bin', mime: 'audio/mpeg', seconds: 3, title: 'Den blå anemone' },
      { content: mp3({ seconds: 5 }), name: 'Altid_frejdig.mp3', mime: 'audio/mpeg', seconds: 5, title: 'Altid frejdig' },
      { content: flac({ blocks: 22 }), name: 'salme.wav', mime: 'audio/flac', seconds: 2, title: 'salme' },
      { content: oggOpus({ seconds: 3, title: 'I skovens dybe stille ro' }), name: 'lyd.mp3', mime: 'audio/ogg', seconds: 3, title: 'I skovens dybe stille ro' },
      { content: mp4Audio({ seconds: 4 }), name: 'fra-itunes.m4a', mime: 'audio/mp4', seconds: 4, title: 'fra-itunes' },
      // A generic MP4 brand (what phones write) that holds only sound: music-metadata decides.
      { content: mp4Audio({ seconds: 6, brand: 'mp42' }), name: 'telefon.mp4', mime: 'audio/mp4', seconds: 6, title: 'telefon' },
    ];
    const songs: Song[] = [];
    for (const file of files) {
      const response = await upload(memorial.id, owner.cookie, file.content, file.name);
      expect(response.statusCode, `${file.name}: ${response.body}`).toBe(201);
      const song = response.json<Song>();
      expect(song, file.name).toMatchObject({ source: 'upload', mime: file.mime, durationSeconds: file.seconds, title: file.title, note: '', bytes: file.content.length, position: songs.length });
      expect(song.url).toMatch(new RegExp(`^/media/memorials/${memorial.id}/music/${song.id}/audio\\.(wav|mp3|flac|ogg|m4a)$`));
      const served = await get(song.url!);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe(file.mime);
      expect(served.rawPayload.equals(file.content), file.name).toBe(true);
      songs.push(song);
    }
    expect((await playlist(memorial.id)).songs.map((song) => song.id)).toEqual(songs.map((song) => song.id));
  });

  it('keeps the title and note the family wrote, as plain text', async () => {
    const { memorial, owner } = await scene();
    const response = await upload(memorial.id, owner.cookie, mp3({ seconds: 2, title: 'Tagget titel' }), 'x.mp3', 'audio/mpeg', { title: '  Dejlig er   jorden <b>', note: 'Hans yndlingssalme' });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ title: 'Dejlig er jorden <b>', note: 'Hans yndlingssalme' });
    const tooLong = await upload(memorial.id, owner.cookie, mp3({ seconds: 1 }), 'x.mp3', 'audio/mpeg', { title: 'x'.repeat(121) });
    expect(tooLong.json()).toEqual({ message: MUSIC_MESSAGES.titleTooLong, field: 'title' });
  });

  it('refuses a file that is something else, whatever its name, and keeps nothing', async () => {
    const { memorial, owner } = await scene();
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#336699' } }).png().toBuffer();
    const exe = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(2048, 0x41)]);
    const refusals: [Buffer, string, string, string][] = [
      [png, 'sang.mp3', 'audio/mpeg', MEDIA_MESSAGES.onlyAudio],
      [exe, 'salme.mp3', 'audio/mpeg', MEDIA_MESSAGES.onlyAudio],
      [Buffer.from('Dette er ikke musik, bare tekst.\n'.repeat(20)), 'tekst.wav', 'audio/wav', MEDIA_MESSAGES.onlyAudio],
      [mp4Audio({ seconds: 4, brand: 'mp42', video: true }), 'film.m4a', 'audio/mp4', MEDIA_MESSAGES.audioIsVideo],
      // Starts like an MP3 (an ID3 tag), holds no sound after it.
      [Buffer.concat([Buffer.from([0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 0, 0]), Buffer.alloc(4096, 0x41)]), 'tom.mp3', 'audio/mpeg', MEDIA_MESSAGES.audioUnreadable],
    ];
    for (const [content, name, type, message] of refusals) {
      const response = await upload(memorial.id, owner.cookie, content, name, type);
      expect(response.statusCode, name).toBe(400);
      expect(response.json().message, name).toBe(message);
    }
    expect(await rowsOf(memorial.id)).toEqual([]);
    expect(await removeStoredMusic(memorial.id)).toBe(0);
  });

  it('refuses a song longer than 30 minutes by what the file holds, and a file cut short', async () => {
    const { memorial, owner } = await scene();
    // Two real hours of WAV at a low sample rate (7.2 MB), made as it is sent.
    const twoHours = await uploadStream(memorial.id, owner.cookie, wavStream({ seconds: 7200, sampleRate: 1000, channels: 1, bits: 8 }), 'koncert.wav');
    expect(twoHours.statusCode, twoHours.body).toBe(400);
    expect(twoHours.json().message).toBe(MEDIA_MESSAGES.audioTooLong(7200));
    expect(twoHours.json().message).toBe('Sangen varer 2 timer. Den må højst vare 30 minutter. Vælg en kortere sang, eller klip den til.');
    // A CD-quality header that claims two hours (1.27 GB) before one second of sound.
    const cut = await upload(memorial.id, owner.cookie, wav({ seconds: 1, sampleRate: 44_100, channels: 2, bits: 16, claimedDataBytes: 7200 * 176_400 }), 'afbrudt.wav', 'audio/wav');
    expect(cut.statusCode).toBe(400);
    expect(cut.json().message).toBe(MEDIA_MESSAGES.audioIncomplete);
    // Just under the limit is welcome.
    const long = await uploadStream(memorial.id, owner.cookie, wavStream({ seconds: 29 * 60, sampleRate: 1000, channels: 1, bits: 8 }), 'lang.wav');
    expect(long.statusCode, long.body).toBe(201);
    expect(long.json()).toMatchObject({ durationSeconds: 29 * 60 });
    expect(await rowsOf(memorial.id)).toHaveLength(1);
  });

  it('asks for a file or a link when neither came', async () => {
    const { memorial, owner } = await scene();
    const empty = await upload(memorial.id, owner.cookie, Buffer.alloc(0), 'tom.mp3');
    expect(empty.json().message).toBe('Filen er tom. Vælg en anden fil.');
    const nothing = await t.request({ method: 'POST', url: `/api/memorials/${memorial.id}/music`, headers: { cookie: owner.cookie, 'content-type': 'application/json' }, payload: {} });
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json()).toEqual({ message: MUSIC_MESSAGES.chooseFile, field: 'youtubeUrl' });
  });
});

describe('YouTube links', () => {
  it('adds a song by its link with the title the family writes, and refuses any other link', async () => {
    const { memorial, owner } = await scene();
    const added = await youtube(memorial.id, owner.cookie, { youtubeUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', title: 'Vi elsker vort land', note: 'Sunget ved bisættelsen' });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({ source: 'youtube', youtubeId: 'dQw4w9WgXcQ', title: 'Vi elsker vort land', note: 'Sunget ved bisættelsen', url: null, durationSeconds: null });
    expect((await youtube(memorial.id, owner.cookie, { youtubeUrl: 'https://vimeo.com/123', title: 'x' })).json()).toEqual({ message: MUSIC_MESSAGES.youtubeInvalid, field: 'youtubeUrl' });
    expect((await youtube(memorial.id, owner.cookie, { youtubeUrl: 'https://youtu.be/dQw4w9WgXcQ', title: '   ' })).json()).toEqual({ message: MUSIC_MESSAGES.titleMissing, field: 'title' });
  });
});

describe('titles, notes, order and removal', () => {
  it('changes a title and note, puts the songs in the family order, and removing one removes its file', async () => {
    const { memorial, owner, coadmin, stranger } = await scene();
    const before = (await get(`/api/memorials/${memorial.id}`)).json<Memorial>().updatedAt;
    const first = (await upload(memorial.id, owner.cookie, wav({ seconds: 1 }), 'a.wav')).json<Song>();
    const second = (await youtube(memorial.id, owner.cookie, { youtubeUrl: 'https://youtu.be/dQw4w9WgXcQ', title: 'B' })).json<Song>();
    const third = (await upload(memorial.id, coadmin.cookie, mp3({ seconds: 1 }), 'c.mp3')).json<Song>();
    // The page's version moved, so the visitors' page cache makes it anew (memorials/page-cache.ts).
    const after = (await get(`/api/memorials/${memorial.id}`)).json<Memorial>();
    expect(after.updatedAt > before).toBe(true);
    expect(after.music.map((song) => song.id)).toEqual([first.id, second.id, third.id]);

    const edited = await t.request({ method: 'PUT', url: `/api/memorials/${memorial.id}/music/${first.id}`, headers: { cookie: coadmin.cookie }, payload: { title: 'Nu titte til hinanden', note: 'Mors vuggevise' } });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ title: 'Nu titte til hinanden', note: 'Mors vuggevise' });
    expect((await t.request({ method: 'PUT', url: `/api/memorials/${memorial.id}/music/${first.id}`, headers: { cookie: stranger.cookie }, payload: { note: 'x' } })).statusCode).toBe(403);

    const order = (songIds: string[], cookie = owner.cookie) => t.request({ method: 'PUT', url: `/api/memorials/${memorial.id}/music/order`, headers: { cookie }, payload: { songIds } });
    const reordered = await order([third.id, first.id, second.id]);
    expect(reordered.statusCode, reordered.body).toBe(200);
    expect(reordered.json<{ songs: Song[] }>().songs.map((song) => [song.id, song.position])).toEqual([[third.id, 0], [first.id, 1], [second.id, 2]]);
    expect((await playlist(memorial.id)).songs.map((song) => song.id)).toEqual([third.id, first.id, second.id]);
    // A list that is not exactly the memorial's songs is refused whole.
    expect((await order([first.id, second.id])).json()).toEqual({ message: MUSIC_MESSAGES.orderMismatch });
    expect((await order([first.id, first.id, second.id])).statusCode).toBe(409);
    expect((await order([third.id, first.id, randomUUID()])).statusCode).toBe(409);
    expect((await order([first.id, second.id, third.id], stranger.cookie)).statusCode).toBe(403);

    expect((await t.request({ method: 'DELETE', url: `/api/memorials/${memorial.id}/music/${first.id}`, headers: { cookie: stranger.cookie } })).statusCode).toBe(403);
    expect((await get(first.url!)).statusCode).toBe(200);
    expect((await t.request({ method: 'DELETE', url: `/api/memorials/${memorial.id}/music/${first.id}`, headers: { cookie: owner.cookie } })).statusCode).toBe(204);
    expect((await get(first.url!)).statusCode).toBe(404);
    expect(await t.app.deps.storage.head(first.url!.replace(/^\/media\//, ''))).toBeNull();
    expect((await t.request({ method: 'DELETE', url: `/api/memorials/${memorial.id}/music/${first.id}`, headers: { cookie: owner.cookie } })).json()).toEqual({ message: MUSIC_MESSAGES.notFound });
    expect((await t.request({ method: 'DELETE', url: `/api/memorials/${memorial.id}/music/${second.id}`, headers: { cookie: coadmin.cookie } })).statusCode).toBe(204);
    expect((await playlist(memorial.id)).songs.map((song) => song.id)).toEqual([third.id]);
  });
});

describe('the stored file', () => {
  it('is served in ranges, so a player can start anywhere without fetching the whole song', async () => {
    const { memorial, owner } = await scene();
    const content = wav({ seconds: 2, tone: true });
    const song = (await upload(memorial.id, owner.cookie, content, 'tone.wav')).json<Song>();
    const part = await get(song.url!, { range: 'bytes=44-1043' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 44-1043/${content.length}`);
    expect(part.headers['accept-ranges']).toBe('bytes');
    expect(part.rawPayload.equals(content.subarray(44, 1044))).toBe(true);
    const tail = await get(song.url!, { range: 'bytes=-100' });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(content.subarray(content.length - 100))).toBe(true);
    const past = await get(song.url!, { range: `bytes=${content.length + 10}-` });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${content.length}`);
  });
});

describe('who may do what', () => {
  it('visitors listen; only the owner and co-admins add, and a viewer or stranger is refused', async () => {
    const { memorial, owner, coadmin, viewer, stranger } = await scene();
    const song = wav({ seconds: 1 });
    expect((await upload(memorial.id, undefined, song, 'a.wav')).statusCode).toBe(401);
    expect((await upload(memorial.id, stranger.cookie, song, 'a.wav')).statusCode).toBe(403);
    const refused = await upload(memorial.id, viewer.cookie, song, 'a.wav');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Kun mindesidens administratorer kan ændre den.');
    expect((await youtube(memorial.id, viewer.cookie, { youtubeUrl: 'https://youtu.be/dQw4w9WgXcQ', title: 'x' })).statusCode).toBe(403);
    expect((await upload(memorial.id, coadmin.cookie, song, 'a.wav')).statusCode).toBe(201);
    expect((await upload(memorial.id, owner.cookie, song, 'b.wav')).statusCode).toBe(201);

    const visitors = await playlist(memorial.id);
    expect(visitors).toMatchObject({ canEdit: false, memorial: { id: memorial.id, premium: true } });
    expect(visitors.songs.map((s) => s.title)).toEqual(['a', 'b']);
    expect(visitors.songs.some((s) => s.hiddenWithoutPremium)).toBe(false);
    expect((await playlist(memorial.id, coadmin.cookie)).canEdit).toBe(true);
    expect((await playlist(memorial.id, viewer.cookie)).canEdit).toBe(false);
    expect((await get(`/api/memorials/${memorial.id}`)).json<Memorial>().music.map((s) => s.title)).toEqual(['a', 'b']);
  });

  it('keeps a private memorial\'s music, and its files, for its members', async () => {
    const { memorial, owner, viewer, stranger } = await scene({ privacy: 'private' });
    const song = (await upload(memorial.id, owner.cookie, wav({ seconds: 1 }), 'privat.wav')).json<Song>();
    for (const cookie of [undefined, stranger.cookie]) {
      const response = await t.request({ method: 'GET', url: `/api/memorials/${memorial.id}/music`, headers: cookie ? { cookie } : {} });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Mindesiden findes ikke, eller du har ikke adgang til den.' });
      expect((await get(song.url!, cookie ? { cookie } : {})).statusCode).toBe(404);
    }
    expect((await playlist(memorial.id, viewer.cookie)).songs.map((s) => s.id)).toEqual([song.id]);
    const file = await get(song.url!, { cookie: viewer.cookie });
    expect(file.statusCode).toBe(200);
    expect(file.headers['cache-control']).toBe('private, max-age=86400');
  });
});

describe('Premium', () => {
  it('refuses music on a memorial without Premium, with the Danish sentence, keeping nothing', async () => {
    const { memorial, owner } = await scene({ premium: false });
    const refused = await upload(memorial.id, owner.cookie, wav({ seconds: 1 }), 'a.wav');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: PREMIUM_MESSAGES.music });
    const link = await youtube(memorial.id, owner.cookie, { youtubeUrl: 'https://youtu.be/dQw4w9WgXcQ', title: 'x' });
    expect(link.statusCode).toBe(403);
    expect(link.json()).toEqual({ message: PREMIUM_MESSAGES.music });
    expect(await rowsOf(memorial.id)).toEqual([]);
    expect(await removeStoredMusic(memorial.id)).toBe(0);
    expect(await playlist(memorial.id, owner.cookie)).toMatchObject({ canEdit: true, memorial: { premium: false }, songs: [] });
  });

  it('keeps a lapsed memorial\'s songs for the family, flagged, plays none to visitors, and has them back when paid again', async () => {
    const { memorial, owner, viewer } = await scene({ premium: false });
    const source = `test:${randomUUID()}`;
    await t.database.db.insert(premiumPeriods).values({ memorialId: memorial.id, startsAt: new Date(t.clock.now().getTime() - DAY_MS), endsAt: new Date(t.clock.now().getTime() + DAY_MS), source });
    const song = (await upload(memorial.id, owner.cookie, wav({ seconds: 1 }), 'salme.wav', 'audio/wav', { note: 'Hans yndlingssalme' })).json<Song>();
    t.clock.advance(2 * DAY_MS);

    expect((await playlist(memorial.id)).songs).toEqual([]);
    expect((await playlist(memorial.id, viewer.cookie)).songs).toEqual([]);
    expect((await get(`/api/memorials/${memorial.id}`)).json<Memorial>().music).toEqual([]);
    const family = await playlist(memorial.id, owner.cookie);
    expect(family.songs).toEqual([{ ...song, hiddenWithoutPremium: true }]);
    expect((await get(`/api/memorials/${memorial.id}`, { cookie: owner.cookie })).json<Memorial>().music).toEqual([{ ...song, hiddenWithoutPremium: true }]);
    // The family tends what it has; adding waits for Premium.
    expect((await t.request({ method: 'PUT', url: `/api/memorials/${memorial.id}/music/${song.id}`, headers: { cookie: owner.cookie }, payload: { title: 'Salme 1' } })).statusCode).toBe(200);
    expect((await upload(memorial.id, owner.cookie, wav({ seconds: 1 }), 'ny.wav')).json()).toEqual({ message: PREMIUM_MESSAGES.music });

    await givePremium(t.database.db, memorial.id);
    expect((await playlist(memorial.id)).songs).toEqual([{ ...song, title: 'Salme 1' }]);
  });
});

describe('a memorial deleted for good', () => {
  it('takes its songs\' files with it', async () => {
    const { memorial, owner } = await scene();
    const song = (await upload(memorial.id, owner.cookie, wav({ seconds: 1 }), 'a.wav')).json<Song>();
    const key = song.url!.replace(/^\/media\//, '');
    expect(await t.app.deps.storage.head(key)).not.toBeNull();
    expect((await t.request({ method: 'DELETE', url: `/api/memorials/${memorial.id}`, headers: { cookie: owner.cookie } })).statusCode).toBe(204);
    const purged = await purgeDeletedMemorials(t.app.deps, new Date(t.clock.now().getTime() + 31 * DAY_MS));
    expect(purged.memorials).toBeGreaterThanOrEqual(1);
    expect(await t.app.deps.storage.head(key)).toBeNull();
    expect(await rowsOf(memorial.id)).toEqual([]);
  });
});
