/**
 * A family's whole journey on three instances behind HAProxy, on one PostgreSQL database and one
 * S3 bucket (issue 27): registering by e-mail, logging in, a memorial with a photo, an edit, a
 * visitor's candle and the family seeing it, each step on whichever instance HAProxy or the test
 * chose. Nothing a step needs may live in one instance's memory: the session, the setup link, the
 * photo (in the bucket, served back by every instance) and the posts are all shared.
 */
import sharp from 'sharp';
import { describe, expect, test } from 'vitest';
import type { MediaItem } from '../../src/shared/media';
import type { Memorial } from '../../src/shared/memorials';
import { setupCluster } from '../support/cluster-world';
import { linkIn } from '../support/smtp-capture';
import { PHONE, answered, bucketClient, clusterCalls, generateCodes, pollUntil } from './cluster-calls';

const world = setupCluster();

describe('a family on three instances', () => {
  test('registers, makes a memorial with a photo, edits it, and sees a visitor’s candle, on whichever instance answers', async () => {
    const { cluster } = world;
    const [one, two, three] = cluster.instances as [(typeof cluster.instances)[0], (typeof cluster.instances)[0], (typeof cluster.instances)[0]];
    const api = clusterCalls(world);
    const bucket = bucketClient(world);
    const [code] = await generateCodes(world.databaseUrl, 1);
    const before = await Promise.all(cluster.instances.map((instance) => answered(instance.url)));
    // Requests the test sends to an instance itself; the rest go through HAProxy.
    const directly = new Map(cluster.instances.map((instance) => [instance.url, 0]));
    const at = (instance: { url: string }) => {
      directly.set(instance.url, directly.get(instance.url)! + 1);
      return instance.url;
    };
    const tag = Math.random().toString(36).slice(2, 8);
    const family = { fullName: 'Karen Mortensen', email: `karen${tag}@eksempel.dk`, username: `karen${tag}`, password: 'rosenhave-1948' };

    // Registration by e-mail through HAProxy: the set-up link comes by mail, sent by whichever
    // instance's job runner took the job.
    const asked = await api.call(cluster.url, 'POST', '/api/qr-email-register', { body: { fullName: family.fullName, email: family.email, qrCode: code } });
    expect(asked.status).toBe(200);
    const setupMail = await world.mail.waitFor((mail) => mail.to.includes(family.email));
    const token = new URL(linkIn(setupMail, '/setup/')).pathname.split('/').pop()!;
    // The link opened on one instance, the account made on another.
    const opened = await api.call<{ email: string; qrCode: string }>(at(one), 'GET', `/api/setup/${token}`);
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({ email: family.email, qrCode: code });
    const made = await api.call(at(two), 'POST', '/api/setup', { body: { token, username: family.username, password: family.password } });
    expect(made.status).toBe(201);
    const setupSession = made.session!;
    expect(setupSession).toBeTruthy();

    // Logging in on the third: a session of its own.
    const login = await api.call(at(three), 'POST', `/api/login?t=${Date.now()}`, { body: { username: family.username, password: family.password } });
    expect(login.status).toBe(200);
    const session = login.session!;

    // The memorial and its photo through HAProxy.
    const created = await api.call<Memorial>(cluster.url, 'POST', '/api/memorials', {
      session,
      body: { name: 'Poul Erik Hansen', birthDate: '1938-04-02', deathDate: '2025-10-17', birthPlace: 'Vejle' },
    });
    expect(created.status).toBe(201);
    const memorial = created.body;
    const jpeg = await sharp({ create: { width: 1200, height: 900, channels: 3, background: { r: 40, g: 90, b: 160 } } }).jpeg({ quality: 85 }).toBuffer();
    const form = new FormData();
    form.set('caption', 'Poul i haven');
    form.set('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'poul.jpg');
    const uploaded = await api.raw(cluster.url, 'POST', `/api/memorials/${memorial.id}/media`, { session, body: form });
    expect(uploaded.status).toBe(201);
    const photo = (await uploaded.json()) as MediaItem;
    expect(photo.variants.length).toBeGreaterThan(0);

    // In the bucket, every variant and the kept original, under the memorial's folder.
    const keys = photo.variants.map((variant) => variant.url.replace(/^\/media\//, ''));
    expect(keys.every((key) => key.startsWith(`memorials/${memorial.id}/${photo.id}/`))).toBe(true);
    for (const key of [...keys, `memorials/${memorial.id}/${photo.id}/original.jpg`]) expect(await bucket.head(key), key).not.toBeNull();
    // And served back by every instance, past HAProxy, as the bucket has it.
    const jpegVariant = photo.variants.find((variant) => variant.format === 'jpeg')!;
    const stored = await bucket.get(jpegVariant.url.replace(/^\/media\//, ''));
    for (const instance of cluster.instances) {
      const response = await api.raw(at(instance), 'GET', jpegVariant.url);
      expect(response.status, instance.name).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/jpeg');
      expect(Buffer.from(await response.arrayBuffer()).equals(stored), instance.name).toBe(true);
    }

    // An edit through HAProxy: the epitaph, and the photo as the portrait.
    const epitaph = `Elsket og savnet af hele familien ${tag}`;
    const edited = await api.call<Memorial>(cluster.url, 'PUT', `/api/memorials/${memorial.id}`, { session, body: { epitaph, portraitId: photo.id } });
    expect(edited.status).toBe(200);
    expect(edited.body.portraitId).toBe(photo.id);

    // A visitor (no session) reads the page through HAProxy three times, so from each instance in
    // turn, and always gets the edited page.
    for (let i = 0; i < 3; i++) {
      const page = await api.raw(cluster.url, 'GET', `/memorial/${memorial.slug}`, { headers: { 'user-agent': PHONE } });
      expect(page.status).toBe(200);
      expect(await page.text()).toContain(epitaph);
    }
    // …and lights a candle.
    const candle = await api.call<{ id: string; status: string }>(cluster.url, 'POST', `/api/memorials/${memorial.id}/candles`, {
      headers: { 'user-agent': PHONE },
      body: { name: `Lis fra nabohuset ${tag}`, message: 'Tak for alt', website: '' },
    });
    expect(candle.status).toBe(201);
    expect(candle.body.status).toBe('pending');

    // The family sees it waiting on one instance, and on their bell on another.
    const waiting = await api.call<{ posts: { id: string; name: string }[] }>(at(one), 'GET', `/api/memorials/${memorial.id}/posts/moderation?status=pending`, { session });
    expect(waiting.status).toBe(200);
    expect(waiting.body.posts.map((post) => post.id)).toEqual([candle.body.id]);
    const bell = await api.call<{ notifications: { body: string }[] }>(at(two), 'GET', '/api/notifications', { session });
    expect(bell.body.notifications.some((notification) => notification.body.includes(`Lis fra nabohuset ${tag}`))).toBe(true);
    // Approved on the third; every instance's visitors then get the page with the candle, each
    // within the second its page cache trusts a reading (page-cache.ts VERSION_TTL_MS).
    const approved = await api.call<{ changed: number }>(at(three), 'POST', `/api/memorials/${memorial.id}/posts/moderate`, { session, body: { ids: [candle.body.id], action: 'approve' } });
    expect(approved.body.changed).toBe(1);
    for (const instance of cluster.instances) {
      await pollUntil(async () => {
        const page = await api.raw(at(instance), 'GET', `/memorial/${memorial.slug}`, { headers: { 'user-agent': PHONE } });
        return (await page.text()).includes(`Lis fra nabohuset ${tag}`);
      }, 2500);
    }

    // Both sessions, made on instances two and three, work on every instance.
    for (const instance of cluster.instances) {
      for (const each of [setupSession, session]) {
        const user = await api.call<{ username: string }>(at(instance), 'GET', `/api/user?t=${Date.now()}`, { session: each });
        expect(user.status, instance.name).toBe(200);
        expect(user.body.username).toBe(family.username);
      }
    }

    // Every request reached an instance once, and HAProxy gave each instance some of its share.
    const sent = api.sent;
    let served: number[] = [];
    await pollUntil(async () => {
      const after = await Promise.all(cluster.instances.map((instance) => answered(instance.url)));
      served = after.map((count, i) => count - before[i]!);
      return served.reduce((a, b) => a + b, 0) === sent;
    }, 2000);
    const viaHaproxy = cluster.instances.map((instance, i) => served[i]! - directly.get(instance.url)!);
    console.log(
      `family journey: ${sent} requests, served ${served.join('/')} by the 3 instances (through HAProxy ${viaHaproxy.join('/')}, directly ${[...directly.values()].join('/')}); ` +
        `${keys.length + 1} photo objects in the bucket, served alike by all 3; sessions made on instances 2 and 3 accepted by all 3`,
    );
    expect(viaHaproxy.every((count) => count > 0)).toBe(true);
    bucket.close();
  });
});
