/**
 * A memorial set up as a family would set it up: an account registered with a QR code from the
 * stone, the memorial created with every field filled in, photos uploaded one by one through
 * POST /api/memorials/{id}/media (so the server makes their variants exactly as for a real upload),
 * and one of them chosen as portrait and another as cover.
 */
import { SESSION_COOKIE } from '../../src/shared/constants';
import type { Memorial } from '../../src/shared/memorials';
import { type GeneratedPhoto, makePhoto } from './photos';

/** Uploads running at once: the server's sharp already uses both cores for each AVIF. */
const UPLOAD_CONCURRENCY = 2;

async function call<T>(baseUrl: string, method: string, path: string, session: string | null, body?: unknown): Promise<{ status: number; body: T; session: string | null }> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      origin: baseUrl,
      accept: 'application/json',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(session ? { cookie: `${SESSION_COOKIE}=${session}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0]!)
    .find((pair) => pair.startsWith(`${SESSION_COOKIE}=`));
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T, session: cookie ? cookie.slice(SESSION_COOKIE.length + 1) : null };
}

function expect<T>(result: { status: number; body: T }, status: number, what: string): T {
  if (result.status !== status) throw new Error(`${what}: ${result.status} ${JSON.stringify(result.body)}`);
  return result.body;
}

/** Registers a new account with `qrCode` (one the CLI made) and returns its session. */
export async function registerFamily(baseUrl: string, qrCode: string, tag: string): Promise<string> {
  const result = await call(baseUrl, 'POST', `/api/register?t=${Date.now()}`, null, {
    fullName: 'Hanne Sørensen',
    username: `hanne${tag}`,
    email: `hanne${tag}@eksempel.dk`,
    password: 'kirsebaertrae-1951',
    qrCode,
  });
  expect(result, 201, 'registering');
  if (!result.session) throw new Error('registering gave no session');
  return result.session;
}

const LIFE_STORY = [
  '<h2>Barndommen i Vestjylland</h2>',
  '<p>Erik blev født på en gård uden for Lemvig som den yngste af fire søskende. Om somrene hjalp han til i marken, og om vinteren byggede han modelskibe ved køkkenbordet, mens radioen spillede.</p>',
  '<h2>Værkstedet</h2>',
  '<p>Som ung kom han i lære som tømrer i Holstebro og åbnede siden sit eget værksted. Mange af kirkebænkene i sognet er hans arbejde, og han holdt af at vise børnebørnene, hvordan man høvler en planke helt glat.</p>',
  '<h2>Familien</h2>',
  '<p>Han mødte Inger til en høstfest i 1962. De fik tre børn og syv børnebørn, og huset på Fjordvej var altid fuldt af mennesker, kaffe og historier. <strong>Vi savner ham hver dag.</strong></p>',
].join('');

const TIMELINE = [
  { date: '1941-03-12', title: 'Født i Lemvig', text: 'Yngst af fire søskende på gården Nørre Vium.' },
  { date: '1958', title: 'Tømrerlærling i Holstebro', text: '' },
  { date: '1962-09-08', title: 'Gift med Inger', text: 'Brylluppet stod i Lemvig Kirke.' },
  { date: '1970', title: 'Eget værksted', text: 'Værkstedet på Fjordvej blev familiens samlingssted.' },
  { date: '2006', title: 'Pensionist', text: 'Endelig tid til modelskibene igen.' },
  { date: '2023-11-02', title: 'Død i Holstebro', text: 'Omgivet af familien.' },
];

/** Creates a public memorial with every field filled in, owned by the session's account. */
export async function createFullMemorial(baseUrl: string, session: string, name = 'Erik Holm Sørensen'): Promise<Memorial> {
  return expect(
    await call<Memorial>(baseUrl, 'POST', '/api/memorials', session, {
      name,
      birthDate: '1941-03-12',
      deathDate: '2023-11-02',
      birthPlace: 'Lemvig',
      deathPlace: 'Holstebro',
      restingPlace: { cemetery: 'Holstebro Kirkegård', section: 'C', graveNumber: '112', latitude: 56.3597, longitude: 8.6164 },
      epitaph: 'Han byggede med sine hænder og elskede med hele sit hjerte.',
      lifeStory: LIFE_STORY,
      timeline: TIMELINE,
      theme: 'lys',
      layout: 'classic',
      privacy: 'public',
    }),
    201,
    'creating the memorial',
  );
}

async function upload(baseUrl: string, session: string, memorialId: string, photo: GeneratedPhoto, caption: string): Promise<{ id: string }> {
  const form = new FormData();
  // The caption before the file, as a browser sends a form in order (media/routes.ts reads it so).
  form.append('caption', caption);
  form.append('file', new Blob([new Uint8Array(photo.jpeg)], { type: 'image/jpeg' }), photo.name);
  const response = await fetch(`${baseUrl}/api/memorials/${memorialId}/media`, {
    method: 'POST',
    headers: { origin: baseUrl, accept: 'application/json', cookie: `${SESSION_COOKIE}=${session}` },
    body: form,
  });
  const body = (await response.json()) as { id: string; message?: string };
  if (response.status !== 201) throw new Error(`uploading ${photo.name}: ${response.status} ${body.message}`);
  return body;
}

/**
 * Uploads `count` generated photos, UPLOAD_CONCURRENCY at a time, printing progress, then makes
 * the first the portrait and the second the cover. Returns the memorial as it now reads.
 */
export async function uploadPhotos(baseUrl: string, session: string, memorial: Memorial, count: number): Promise<Memorial> {
  const started = Date.now();
  const ids: string[] = new Array<string>(count);
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < count) {
      const index = next++;
      const photo = await makePhoto(index);
      ids[index] = (await upload(baseUrl, session, memorial.id, photo, `Erik og familien, billede ${index + 1}`)).id;
      done += 1;
      process.stdout.write(`\r  ${done}/${count} billeder uploadet (${((Date.now() - started) / 1000).toFixed(0)} s)`);
    }
  };
  await Promise.all(Array.from({ length: Math.min(UPLOAD_CONCURRENCY, count) }, worker));
  process.stdout.write('\n');
  // Uploads finish out of order; the gallery keeps the order they arrived in, which is fine.
  return expect(
    await call<Memorial>(baseUrl, 'PUT', `/api/memorials/${memorial.id}`, session, { portraitId: ids[0], coverId: ids[1] ?? ids[0] }),
    200,
    'choosing portrait and cover',
  );
}

