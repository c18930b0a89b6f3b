/**
 * The song on a real database, with a fake OpenAI-compatible chat API for the lyrics and a fake
 * prediction API that makes a real WAV: facts from the memorial, a draft the family edits, music
 * made from the edited words, and the song in the playlist with its lyrics and its AI label.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AiApp, MUSIC_MODEL, aiScene, paidOrder, settle, startAiApp } from '../../../tests/support/ai-app';
import { givePremium } from '../../../tests/support/premium';
import { AI_LYRICS_DRAFTS_PER_ORDER, AI_MESSAGES } from '../../shared/ai';
import type { AiOverview, Generation } from '../../shared/ai-api';
import type { Playlist } from '../../shared/music-api';

let ai: AiApp;
beforeAll(async () => {
  ai = await startAiApp();
});
afterAll(() => ai.close());

type Scene = Awaited<ReturnType<typeof aiScene>>;
const post = (scene: Scene, path: string, payload: object, cookie = scene.owner.cookie) =>
  ai.t.request({ method: 'POST', url: `/api/memorials/${scene.memorial.id}/ai/${path}`, headers: { cookie }, payload });

describe('the song', () => {
  it('drafts lyrics from the facts the family chose, makes music from their edited words, and joins the playlist with its lyrics', async () => {
    const scene = await aiScene(ai.t);
    await givePremium(ai.t.database.db, scene.memorial.id);
    const orderId = await paidOrder(ai.t, scene, 'song');
    const facts = (await ai.t.request({ method: 'GET', url: `/api/memorials/${scene.memorial.id}/ai`, headers: { cookie: scene.owner.cookie } })).json<AiOverview>().facts;
    expect(facts.find((fact) => fact.key === 'lifeStory')!.text).toBe('Karen var sygeplejerske i fyrre år og sang i kirkekoret.');
    expect(facts.find((fact) => fact.key === 'places')!.text).toBe('Født i Ribe');

    const draft = await post(scene, 'lyrics', { orderId, facts: ['lifeStory', 'places'], style: 'vise', lengthSeconds: 120, wishes: 'Hun elskede havet ved Vadehavet.' });
    expect(draft.statusCode, draft.body).toBe(202);
    const written = await settle(ai.t, draft.json<Generation>().id);
    expect(written.status, written.lastError ?? '').toBe('succeeded');
    expect(written.lyrics).toMatch(/\S+\n\S/);
    // The facts went as data in the user's message, the style and length in the system's.
    const asked = ai.chat.requests.at(-1)!.body as { model: string; messages: { role: string; content: string }[] };
    expect(asked.model).toBe('fake-chat-1');
    expect(asked.messages[0]).toMatchObject({ role: 'system', content: expect.stringContaining('dansk vise') });
    expect(asked.messages[1]!.content).toContain('Karen var sygeplejerske i fyrre år og sang i kirkekoret.');
    expect(asked.messages[1]!.content).toContain('Født i Ribe');
    expect(asked.messages[1]!.content).toContain('Hun elskede havet ved Vadehavet.');
    expect(asked.messages[1]!.content).not.toContain('Livshistorie: ' + '<p>');

    const edited = `${written.lyrics!.split('\n\n')[0]}\n\nOg havet synger stadig <b>for dig</b>.`;
    const song = await post(scene, 'songs', { orderId, title: 'Karens vise', style: 'vise', lengthSeconds: 120, lyrics: edited });
    expect(song.statusCode, song.body).toBe(202);
    const made = await settle(ai.t, song.json<Generation>().id);
    expect(made).toMatchObject({ status: 'succeeded', model: MUSIC_MODEL, resultMime: 'audio/wav' });
    const sent = ai.predictions.creates.at(-1)!;
    expect(sent).toMatchObject({ model: MUSIC_MODEL, input: { lyrics: edited, duration: 120, prompt: expect.stringContaining('ballad') } });

    const playlist = async () => (await ai.t.request({ method: 'GET', url: `/api/memorials/${scene.memorial.id}/music` })).json<Playlist>();
    expect((await playlist()).songs).toEqual([]);
    expect((await ai.t.request({ method: 'GET', url: `/media/${made.resultKey}` })).statusCode).toBe(404);
    const shown = await post(scene, `generations/${made.id}/publish`, {});
    expect(shown.statusCode, shown.body).toBe(200);
    const [inList] = (await playlist()).songs;
    expect(inList).toMatchObject({ source: 'ai', title: 'Karens vise', lyrics: edited, url: `/media/${made.resultKey}`, mime: 'audio/wav', durationSeconds: 3 });
    expect((await ai.t.request({ method: 'GET', url: inList!.url! })).statusCode).toBe(200);
    // Shown twice is still one song.
    await post(scene, `generations/${made.id}/publish`, {});
    expect((await playlist()).songs).toHaveLength(1);

    // Taken off the playlist on the music page, the try is no longer shown, and can be added again.
    const removed = await ai.t.request({ method: 'DELETE', url: `/api/memorials/${scene.memorial.id}/music/${inList!.id}`, headers: { cookie: scene.owner.cookie } });
    expect(removed.statusCode).toBe(204);
    const view = (await ai.t.request({ method: 'GET', url: `/api/memorials/${scene.memorial.id}/ai`, headers: { cookie: scene.owner.cookie } })).json<AiOverview>();
    expect(view.orders[0]!.generations.find((g) => g.id === made.id)!.publishedAt).toBeNull();
    expect(await ai.t.app.deps.storage.head(made.resultKey!)).not.toBeNull();
    await post(scene, `generations/${made.id}/publish`, {});
    expect((await playlist()).songs).toHaveLength(1);
  });

  it('makes an instrumental without lyrics, and asks for lyrics for any other style', async () => {
    const scene = await aiScene(ai.t);
    const orderId = await paidOrder(ai.t, scene, 'song');
    const missing = await post(scene, 'songs', { orderId, title: 'Uden ord', style: 'salme', lengthSeconds: 60, lyrics: '  ' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ message: AI_MESSAGES.lyricsMissing, field: 'lyrics' });
    const instrumental = await post(scene, 'songs', { orderId, title: 'Stille stykke', style: 'instrumental', lengthSeconds: 60 });
    expect(instrumental.statusCode, instrumental.body).toBe(202);
    await settle(ai.t, instrumental.json<Generation>().id);
    expect(ai.predictions.creates.at(-1)!.input).toEqual({ prompt: expect.stringContaining('no vocals'), duration: 60 });
  });

  it('refuses a draft with nothing to sing about, and bounds the drafts per order', async () => {
    const scene = await aiScene(ai.t);
    const orderId = await paidOrder(ai.t, scene, 'song');
    const nothing = await post(scene, 'lyrics', { orderId, facts: ['loved'], style: 'pop', lengthSeconds: 60 });
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json()).toMatchObject({ message: AI_MESSAGES.factsEmpty, field: 'facts' });
    for (let draft = 0; draft < AI_LYRICS_DRAFTS_PER_ORDER; draft++) {
      const started = await post(scene, 'lyrics', { orderId, facts: ['lifeStory'], style: 'pop', lengthSeconds: 60 });
      expect(started.statusCode, started.body).toBe(202);
      await settle(ai.t, started.json<Generation>().id);
    }
    const more = await post(scene, 'lyrics', { orderId, facts: ['lifeStory'], style: 'pop', lengthSeconds: 60 });
    expect(more.statusCode).toBe(409);
    expect(more.json().message).toBe(AI_MESSAGES.noDraftsLeft);
  });
});
