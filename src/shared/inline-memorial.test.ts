import { describe, expect, it } from 'vitest';
import { packMemorial, unpackMemorial } from './inline-memorial';
import type { MediaItem } from './media';
import type { Memorial } from './memorials';

const FOLDER = '/media/memorials/6f0c2c1e-0000-4000-8000-000000000001/9a1d2b3c-0000-4000-8000-000000000002/';

function photo(id: string, folder = FOLDER): MediaItem {
  return {
    id,
    kind: 'photo',
    caption: 'Sommer på Fanø',
    position: 0,
    width: 2048,
    height: 1536,
    variants: [320, 640, 960, 1440, 2048].flatMap((width) =>
      (['avif', 'webp', 'jpeg'] as const).map((format) => ({ width, height: (width * 3) / 4, format, url: `${folder}${width}.${format === 'jpeg' ? 'jpg' : format}`, bytes: width * 40 })),
    ),
    placeholder: 'data:image/webp;base64,UklGRg==',
    videoUrl: null,
    mime: 'image/jpeg',
    edit: null,
    youtubeId: null,
    createdAt: '2026-11-01T10:00:00.000Z',
  };
}

const film: MediaItem = { ...photo('film'), kind: 'youtube', variants: [], width: null, height: null, placeholder: null, mime: null, youtubeId: 'dQw4w9WgXcQ' };

const memorial: Memorial = {
  id: '6f0c2c1e-0000-4000-8000-000000000001',
  slug: 'karen-jensen-1941-2023',
  name: 'Karen Jensen',
  birthDate: '1941-03-02',
  deathDate: '2023-10-30',
  birthPlace: 'Aarhus',
  deathPlace: 'Vejle',
  restingPlace: { cemetery: 'Vejle Nordre Kirkegård', section: 'C', graveNumber: '214', latitude: 55.7161, longitude: 9.5366 },
  epitaph: 'Elsket og savnet',
  lifeStory: '<p>Karen var sygeplejerske i fyrre år.</p>',
  timeline: [{ date: '1962', title: 'Gift med Poul', text: '' }],
  theme: 'hav',
  layout: 'enhanced',
  privacy: 'public',
  premium: true,
  media: [photo('a'), film, photo('b', 'https://bucket.example/photos/b/')],
  music: [
    { id: 's', source: 'upload', title: 'Den blå anemone', note: 'Hendes yndlingssang', position: 0, url: '/media/memorials/x/music/s/audio.mp3', mime: 'audio/mpeg', bytes: 4096, durationSeconds: 187, youtubeId: null, lyrics: null, createdAt: '2026-11-01T10:00:00.000Z' },
  ],
  greeting: null,
  portraitId: 'a',
  coverId: null,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-02T10:00:00.000Z',
  deletedAt: null,
  viewer: { role: null, canEdit: false },
};

describe('the memorial written into a page', () => {
  it('reads back as exactly the memorial the API gives, through JSON', () => {
    expect(unpackMemorial(JSON.parse(JSON.stringify(packMemorial(memorial))))).toEqual(memorial);
  });

  it('keeps addresses that share no folder whole', () => {
    const scattered: Memorial = { ...memorial, media: [{ ...photo('c'), variants: [{ ...photo('c').variants[0]!, url: '/a/1.jpg' }, { ...photo('c').variants[1]!, url: 'https://cdn.example/2.webp' }] }] };
    const packed = packMemorial(scattered);
    expect(packed.media[0]!.variantFolder).toBe('');
    expect(unpackMemorial(packed)).toEqual(scattered);
  });

  it('writes a photo in well under half the characters', () => {
    const item = photo('a');
    const packed = packMemorial({ ...memorial, media: [item] }).media[0]!;
    expect(packed.variantFolder).toBe(FOLDER);
    expect(JSON.stringify(packed).length).toBeLessThan(JSON.stringify(item).length / 2);
  });
});
