/**
 * The two demo memorials (issue 4 "Seed"): complete pages a new visitor, a reseller showing the
 * product, or a test can open at once: one in the classic layout, one in the enhanced. Every
 * field is filled in as a Danish family would fill it in, and the photos are painted by the
 * project (paintings.ts) and go through the real photo pipeline (photo-cache.ts).
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { DEMO_MEMORIAL_SLUGS } from '../../shared/demo-memorials';
import { type MemorialFields, createMemorialBody } from '../../shared/memorials-api';
import type { Db } from '../db/connection';
import { memorialMedia, memorialMembers, memorials, premiumPeriods } from '../db/schema';
import type { StoredVariant } from '../db/schema/media';
import type { Storage } from '../lib/storage';
import { sanitizeLifeStory } from '../memorials/life-story';
import { type Painting, brickHouse, coastAtEvening, countryLane, cutterAtSea, gardenFlowers, lighthouse, portraitSilhouette } from './paintings';
import { demoPhoto } from './photo-cache';

export interface DemoPhotoSpec {
  painting: () => Painting;
  caption: string;
  role?: 'portrait' | 'cover';
}

export interface DemoMemorial {
  slug: string;
  fields: MemorialFields;
  photos: DemoPhotoSpec[];
}

const karen: DemoMemorial = {
  slug: DEMO_MEMORIAL_SLUGS.classic,
  fields: createMemorialBody.parse({
    name: 'Karen Margrethe Lund',
    birthDate: '1939-04-17',
    deathDate: '2023-11-02',
    birthPlace: 'Skive',
    deathPlace: 'Aarhus',
    restingPlace: { cemetery: 'Vestre Kirkegård, Aarhus', section: 'C', graveNumber: '112', latitude: 56.15552, longitude: 10.18693 },
    epitaph: 'Du plantede roser, hvor du gik – nu blomstrer de for dig.',
    lifeStory: [
      '<p>Karen blev født en forårsdag i 1939 i Skive som den ældste af fire søskende. Hendes far var bager, og hun lærte tidligt, at dagen begynder før solen står op, og at en varm bolle kan trøste det meste.</p>',
      '<p>Hun tog sin uddannelse som sygeplejerske i Aarhus og blev i byen hele livet. I over tredive år gik hun stuegang på Kommunehospitalet, og mange patienter huskede hende for de rolige hænder og den lune humor, der fik selv de længste nattevagter til at gå.</p>',
      '<h2>Familien og haven</h2>',
      '<p>I 1963 blev hun gift med Jens, og sammen byggede de det røde murstenshus på Solbakken, hvor døren altid stod åben. Her voksede Anne og Michael op, og her blev der senere plads til fem børnebørn ved det lange bord i haven.</p>',
      '<p>Haven var hendes stolthed. Hun kendte hver rose ved navn, og naboerne fik stiklinger med hjem, hvad enten de havde bedt om det eller ej.</p>',
      '<blockquote>“Man skal ikke gemme det gode til en anden dag,” sagde mor – og så dækkede hun op med det fine stel om tirsdagen.</blockquote>',
      '<p>Karen sov stille ind på Hospice Søholm den 2. november 2023 med sin familie omkring sig. Hun er savnet hver eneste dag.</p>',
    ].join(''),
    timeline: [
      { date: '1939-04-17', title: 'Født i Skive', text: 'Den ældste af fire søskende i bagerfamilien på Østergade.' },
      { date: '1958', title: 'Sygeplejeskolen i Aarhus', text: 'Flyttede hjemmefra med en kuffert og en cykel.' },
      { date: '1963-06-22', title: 'Gift med Jens', text: 'Bryllup i Vor Frue Kirke og fest i forsamlingshuset.' },
      { date: '1966', title: 'Huset på Solbakken', text: 'Jens og Karen byggede selv det røde murstenshus.' },
      { date: '1967', title: 'Anne bliver født', text: '' },
      { date: '1970', title: 'Michael bliver født', text: '' },
      { date: '2001', title: 'Farvel til hospitalet', text: 'Efter 34 år med stuegang og nattevagter gik hun på pension.' },
      { date: '2013-06-22', title: 'Guldbryllup', text: 'Hele familien samlet i haven under æbletræet.' },
    ],
    theme: 'rosa',
    layout: 'classic',
    privacy: 'public',
  }),
  photos: [
    { painting: () => portraitSilhouette({ light: '#f5e6e3', back: '#b8939a', figure: '#4d3a3d', collar: '#f1e4e0' }, 'portrait-karen'), caption: 'Karen i sin have, sommeren 1998', role: 'portrait' },
    { painting: () => gardenFlowers({ petals: ['#e8a7b4', '#f4efe6', '#c9687c'], leaves: '#8fa676' }, 'roses'), caption: 'Rosenbedet ved terrassen' },
    { painting: brickHouse, caption: 'Huset på Solbakken' },
    { painting: countryLane, caption: 'Birkealléen ved Skive, hvor hun voksede op' },
    { painting: () => gardenFlowers({ petals: ['#f4efe6', '#e9c4cc', '#d98a9a'], leaves: '#9aae80' }, 'cosmos'), caption: 'Stolt kosmos fra sidste sommer' },
  ],
};

const poul: DemoMemorial = {
  slug: DEMO_MEMORIAL_SLUGS.enhanced,
  fields: createMemorialBody.parse({
    name: 'Poul Erik Mikkelsen',
    birthDate: '1944-08-09',
    deathDate: '2024-02-14',
    birthPlace: 'Esbjerg',
    deathPlace: 'Nordby, Fanø',
    restingPlace: { cemetery: 'Nordby Kirkegård, Fanø', section: 'B', graveNumber: '47', latitude: 55.44391, longitude: 8.40268 },
    epitaph: 'Havet var hans, og han var havets.',
    lifeStory: [
      '<p>Poul Erik blev født i Esbjerg i august 1944 og voksede op med udsigt til havnen, hvor hans far var fisker. Som tolvårig var han med ude på sin første tur, og fra da af vidste han, hvad han ville.</p>',
      '<h2>Et liv på havet</h2>',
      '<p>I 1968 købte han sin egen kutter, <em>E 417 Marie</em>, opkaldt efter sin mor. I næsten fyrre år fiskede han i Nordsøen, og han kendte vejret bedre end nogen radio. Hans besætning sagde, at han aldrig hævede stemmen – han behøvede det ikke.</p>',
      '<p>Han mødte Birthe til høstbal i Nordby, og i 1971 flyttede de ind i det gamle skipperhus på Fanø. Sammen fik de to drenge, Lars og Søren, som begge lærte at sejle, før de kunne cykle.</p>',
      '<h2>Fyrtårnet og fortællingerne</h2>',
      '<p>Som pensionist blev Poul Erik frivillig ved fyret og museet i Nordby, hvor han fortalte turister og skolebørn om stormfloder, redningsbåde og dengang, isen lagde sig helt ud til Graderne. Han kunne fortælle den samme historie tyve gange, og den blev bedre hver gang.</p>',
      '<ul><li>Han lærte alle børnebørnene at binde et råbåndsknob.</li><li>Han drak sin kaffe sort og stående.</li><li>Han gik en tur på stranden hver aften, også i januar.</li></ul>',
      '<p>Poul Erik døde stille i sit hjem på Fanø den 14. februar 2024, med udsigt til vandet.</p>',
    ].join(''),
    timeline: [
      { date: '1944-08-09', title: 'Født i Esbjerg', text: 'Søn af fisker Anders Mikkelsen og Marie, født Jessen.' },
      { date: '1956', title: 'Første tur på havet', text: 'Med sin far ud på Nordsøen, tolv år gammel.' },
      { date: '1968', title: 'Egen kutter', text: 'Købte E 417 Marie og blev skipper.' },
      { date: '1971-05-15', title: 'Gift med Birthe', text: 'Bryllup i Nordby Kirke og flytning til skipperhuset.' },
      { date: '1973', title: 'Lars bliver født', text: '' },
      { date: '1976', title: 'Søren bliver født', text: '' },
      { date: '1981', title: 'Stormen i november', text: 'Hjalp med at bjærge besætningen fra en kæntret kutter ud for Blåvandshuk.' },
      { date: '2007', title: 'I land for sidste gang', text: 'Solgte kutteren og blev frivillig fortæller ved fyret.' },
    ],
    theme: 'hav',
    layout: 'enhanced',
    privacy: 'public',
  }),
  photos: [
    { painting: coastAtEvening, caption: 'Aftenlys over Vesterhavet ved Fanø', role: 'cover' },
    { painting: () => portraitSilhouette({ light: '#e6eef2', back: '#8ea6b3', figure: '#33414a', collar: '#e9eef0' }, 'portrait-poul'), caption: 'Poul Erik på molen i Nordby', role: 'portrait' },
    { painting: cutterAtSea, caption: 'E 417 Marie på vej ud en stille morgen' },
    { painting: lighthouse, caption: 'Fyret, hvor han fortalte sine historier' },
    { painting: () => gardenFlowers({ petals: ['#f4efe6', '#c9d7e4', '#e7c98f'], leaves: '#93a88a' }, 'dune-flowers'), caption: 'Klitroser og marehalm bag huset' },
  ],
};

export const DEMO_MEMORIALS: readonly DemoMemorial[] = [karen, poul];

/**
 * Stored where and as an upload's files are (media/service.ts: `memorials/<id>/<mediaId>/<width>.<ext>`
 * and `original.jpg`), so editing, deleting and serving a demo photo work like any other.
 */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const EXTENSION = { avif: 'avif', webp: 'webp', jpeg: 'jpg' } as const;

async function addPhoto(db: Db, storage: Storage, memorialId: string, ownerId: string, spec: DemoPhotoSpec, position: number, now: Date): Promise<string> {
  const photo = await demoPhoto(spec.painting());
  const mediaId = randomUUID();
  const folder = `memorials/${memorialId}/${mediaId}/`;
  const variants: StoredVariant[] = await Promise.all(
    photo.variants.map(async (variant) => {
      const key = `${folder}${variant.width}.${EXTENSION[variant.format]}`;
      await storage.put(key, variant.buffer, { contentType: `image/${variant.format}`, cacheControl: IMMUTABLE });
      return { width: variant.width, height: variant.height, format: variant.format, bytes: variant.buffer.length, key };
    }),
  );
  const originalKey = `${folder}original.jpg`;
  await storage.put(originalKey, photo.original, { contentType: 'image/jpeg', cacheControl: IMMUTABLE });
  await db.insert(memorialMedia).values({
    id: mediaId,
    memorialId,
    kind: 'photo',
    caption: spec.caption,
    position,
    width: photo.width,
    height: photo.height,
    mime: 'image/jpeg',
    bytes: photo.original.length,
    originalKey,
    variants,
    placeholder: photo.placeholder,
    createdBy: ownerId,
    createdAt: now,
  });
  return mediaId;
}

/**
 * Premium for good, honestly ours: the demo memorials are our own showcase of what a memorial can
 * wear and hold (a Premium theme, every photo). Once per memorial, by its source.
 */
async function givePremiumForGood(db: Db, memorialId: string, slug: string, now: Date): Promise<void> {
  await db.insert(premiumPeriods).values({ memorialId, startsAt: now, endsAt: null, source: `demo:${slug}` }).onConflictDoNothing();
}

/** Creates the demo memorials, owned by `ownerId`, unless a memorial already has their address. */
export async function seedDemoMemorials(db: Db, storage: Storage, ownerId: string, now: Date): Promise<void> {
  for (const demo of DEMO_MEMORIALS) {
    const [taken] = await db.select({ id: memorials.id }).from(memorials).where(eq(memorials.slug, demo.slug));
    if (taken) continue;
    const { restingPlace, lifeStory, ...fields } = demo.fields;
    const [row] = await db
      .insert(memorials)
      .values({
        ...fields,
        slug: demo.slug,
        lifeStory: sanitizeLifeStory(lifeStory),
        cemetery: restingPlace.cemetery,
        graveSection: restingPlace.section,
        graveNumber: restingPlace.graveNumber,
        graveLatitude: restingPlace.latitude,
        graveLongitude: restingPlace.longitude,
        createdBy: ownerId,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: memorials.id });
    await db.insert(memorialMembers).values({ memorialId: row!.id, userId: ownerId, role: 'owner', createdAt: now });
    await givePremiumForGood(db, row!.id, demo.slug, now);
    // Side by side: from the cache this is file copying, which overlaps well. (On a cold cache
    // the encoders share both cores either way.)
    const ids = await Promise.all(demo.photos.map((spec, position) => addPhoto(db, storage, row!.id, ownerId, spec, position, now)));
    const chosen = {
      portraitMediaId: ids[demo.photos.findIndex((spec) => spec.role === 'portrait')] ?? null,
      coverMediaId: ids[demo.photos.findIndex((spec) => spec.role === 'cover')] ?? null,
    };
    await db.update(memorials).set(chosen).where(eq(memorials.id, row!.id));
  }
}
