/**
 * Which YouTube video a link points at (SPEC.md §5: watch, short-link and embed forms), and the
 * address we embed it from. Pure functions, so the rules are tested without a browser.
 */

/** YouTube's video ids are 11 characters of the URL-safe base64 alphabet. */
const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;

const WATCH_HOSTS = new Set(['www.youtube.com', 'youtube.com', 'm.youtube.com', 'music.youtube.com']);
const EMBED_HOSTS = new Set([...WATCH_HOSTS, 'www.youtube-nocookie.com', 'youtube-nocookie.com']);
const SHORT_HOSTS = new Set(['youtu.be', 'www.youtu.be']);

/** The video id of a YouTube watch, short-link or embed URL; anything else gives null. */
export function youtubeVideoId(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return null;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return null;
  const host = parsed.hostname.toLowerCase();
  const segments = parsed.pathname.split('/').filter(Boolean);

  let id: string | null | undefined = null;
  if (SHORT_HOSTS.has(host)) id = segments.length === 1 ? segments[0] : null;
  else if (WATCH_HOSTS.has(host) && segments.length === 1 && segments[0] === 'watch') id = parsed.searchParams.get('v');
  else if (EMBED_HOSTS.has(host) && segments.length === 2 && segments[0] === 'embed') id = segments[1];

  return id && VIDEO_ID.test(id) ? id : null;
}

/**
 * What the video dialog shows: the privacy-enhanced player (no cookies until the video plays),
 * starting at once (the person asked for it by pressing "Se video") and without other people's
 * videos at the end, which could be anything at all beside a memorial. Null: nothing to play.
 */
export function videoEmbed(url: string): { src: string; id: string } | null {
  const id = youtubeVideoId(url);
  if (!id) return null;
  return { id, src: `https://www.youtube-nocookie.com/embed/${id}?autoplay=1&rel=0` };
}
