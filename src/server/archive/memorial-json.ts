/**
 * The archive's machine-readable copy (data/mindeside.json): everything the pages show, with the
 * files named by their paths inside the ZIP instead of our addresses, so a program of another
 * service (or of a grandchild) can read the memorial without us. Named and versioned, as the
 * successor's map is, so a reader knows what it holds.
 */
import type { ArchiveContent } from './memorial-content';
import type { ArchiveFiles } from './memorial-files';

export const MEMORIAL_ARCHIVE_FORMAT = { format: 'mindested-memorial-archive', version: 1 } as const;

const youtube = (id: string | null) => (id ? `https://www.youtube.com/watch?v=${id}` : null);

export function archiveJson({ memorial, tree, posts }: ArchiveContent, files: ArchiveFiles, { madeAt, pageUrl }: { madeAt: Date; pageUrl: string }): string {
  const greeting = memorial.greeting;
  const document = {
    ...MEMORIAL_ARCHIVE_FORMAT,
    madeAt: madeAt.toISOString(),
    /** The page as visitors opened it when the archive was made. */
    pageUrl,
    memorial: {
      id: memorial.id,
      slug: memorial.slug,
      name: memorial.name,
      birthDate: memorial.birthDate,
      deathDate: memorial.deathDate,
      birthPlace: memorial.birthPlace,
      deathPlace: memorial.deathPlace,
      restingPlace: memorial.restingPlace,
      epitaph: memorial.epitaph,
      lifeStoryHtml: memorial.lifeStory,
      timeline: memorial.timeline,
      theme: memorial.theme,
      layout: memorial.layout,
      privacy: memorial.privacy,
      portrait: memorial.portraitId,
      cover: memorial.coverId,
      createdAt: memorial.createdAt,
      updatedAt: memorial.updatedAt,
      deletedAt: memorial.deletedAt,
    },
    gallery: memorial.media.map((item) => ({
      id: item.id,
      kind: item.kind,
      caption: item.caption,
      width: item.width,
      height: item.height,
      file: item.kind === 'photo' ? files.shown(item.variants) : files.pathOf(item.videoUrl),
      original: item.kind === 'photo' ? files.original(item.id) : null,
      mime: item.mime,
      youtubeUrl: youtube(item.youtubeId),
      createdAt: item.createdAt,
    })),
    music: memorial.music.map((song) => ({
      id: song.id,
      source: song.source,
      title: song.title,
      note: song.note,
      file: files.pathOf(song.url),
      mime: song.mime,
      durationSeconds: song.durationSeconds,
      youtubeUrl: youtube(song.youtubeId),
      /** A song made with AI: the lyrics it was sung from. */
      lyrics: song.lyrics,
      createdAt: song.createdAt,
    })),
    greeting: greeting
      ? { madeWithAi: true, message: greeting.message, video: files.pathOf(greeting.videoUrl), poster: files.pathOf(greeting.posterUrl), captions: `hilsen/${greeting.id}.vtt` }
      : null,
    familyTree: tree
      ? {
          rootId: tree.rootId,
          people: tree.people.map(({ photo, linkedMemorial, restricted: _restricted, showLivingToVisitors: _shown, ...person }) => ({
            ...person,
            photo: files.shown(photo?.variants),
            linkedMemorialSlug: linkedMemorial?.slug ?? null,
          })),
          families: tree.families,
        }
      : null,
    /** Approved only, oldest first. */
    posts: posts.map((post) => ({ id: post.id, kind: post.kind, name: post.name, message: post.message, photo: files.shown(post.photo?.variants), createdAt: post.createdAt })),
  };
  return `${JSON.stringify(document, null, 2)}\n`;
}
