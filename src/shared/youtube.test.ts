import { describe, expect, test } from 'vitest';
import { videoEmbed, youtubeVideoId } from './youtube';

const ID = 'dQw4w9WgXcQ';

describe('youtubeVideoId', () => {
  test.each([
    ['a watch URL', `https://www.youtube.com/watch?v=${ID}`],
    ['a watch URL with more parameters', `https://www.youtube.com/watch?feature=share&v=${ID}&t=42s`],
    ['a watch URL without www', `https://youtube.com/watch?v=${ID}`],
    ['the mobile site', `https://m.youtube.com/watch?v=${ID}`],
    ['a short link', `https://youtu.be/${ID}`],
    ['a short link with a start time', `https://youtu.be/${ID}?t=10`],
    ['an embed URL', `https://www.youtube.com/embed/${ID}`],
    ['an embed URL with parameters', `https://www.youtube.com/embed/${ID}?start=5`],
    ['a privacy-enhanced embed URL', `https://www.youtube-nocookie.com/embed/${ID}`],
    ['surrounding spaces', `  https://youtu.be/${ID}  `],
  ])('reads the id from %s', (_name, url) => {
    expect(youtubeVideoId(url)).toBe(ID);
  });

  test.each([
    ['an empty string', ''],
    ['text that is no URL', 'min mors yndlingssang'],
    ['another site', `https://vimeo.com/${ID}`],
    ['a look-alike host', `https://www.youtube.com.evil.example/watch?v=${ID}`],
    ['a watch URL without v', 'https://www.youtube.com/watch?list=PL123'],
    ['an id of the wrong length', 'https://youtu.be/abc'],
    ['an id with foreign characters', 'https://www.youtube.com/watch?v=abc$efgh!jk'],
    ['a channel page', 'https://www.youtube.com/@mindested'],
    ['an embed URL without an id', 'https://www.youtube.com/embed/'],
    ['a javascript: URL', `javascript:alert('${ID}')`],
    ['a short link with a deeper path', `https://youtu.be/${ID}/extra`],
  ])('gives null for %s', (_name, url) => {
    expect(youtubeVideoId(url)).toBeNull();
  });
});

describe('videoEmbed', () => {
  test('embeds from the privacy-enhanced domain, autoplaying, without related videos', () => {
    for (const url of [`https://www.youtube.com/watch?v=${ID}`, `https://youtu.be/${ID}`, `https://www.youtube.com/embed/${ID}`]) {
      expect(videoEmbed(url)).toEqual({ id: ID, src: `https://www.youtube-nocookie.com/embed/${ID}?autoplay=1&rel=0` });
    }
  });

  test('gives null when there is nothing to play, so the dialog says "Video kunne ikke indlæses"', () => {
    expect(videoEmbed('https://eksempel.dk/video.mp4')).toBeNull();
  });
});
