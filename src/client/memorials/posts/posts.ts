/**
 * The pure part of a memorial's posts on the page (MemorialPosts.tsx): which of them a section shows,
 * how a date and the candle count read, and the page's posts after the reader has left one.
 */
import type { Post, PostKind, PostsResponse } from '@/shared/posts-api';
import { danishDate } from '../dates';

/** The day a post was left, as written on a card ("3. maj 2024"), in Danish time on the server and in the browser alike. */
const DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Copenhagen', year: 'numeric', month: '2-digit', day: '2-digit' });
export function postDate(iso: string): string {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? '' : danishDate(DAY.format(at));
}

export function candleCount(candles: number): string {
  if (candles <= 0) return 'Tænd det første lys';
  return `Der er tændt ${candles.toLocaleString('da-DK')} lys`;
}

/** One kind's posts: the reader's own that still wait (newest first), then the approved ones. */
export function postsOfKind(data: Pick<PostsResponse, 'posts' | 'waiting'>, kind: PostKind): { waiting: Post[]; approved: Post[] } {
  const approved = data.posts.filter((post) => post.kind === kind);
  const shown = new Set(approved.map((post) => post.id));
  return { waiting: data.waiting.filter((post) => post.kind === kind && !shown.has(post.id)), approved };
}

/** The page's posts once the reader's new post is in: waiting, or shown (and counted) at once. */
export function withPosted(data: PostsResponse, post: Post): PostsResponse {
  if (post.status === 'approved') {
    if (data.posts.some((p) => p.id === post.id)) return data;
    return { ...data, posts: [post, ...data.posts], candles: data.candles + (post.kind === 'candle' ? 1 : 0) };
  }
  if (data.waiting.some((p) => p.id === post.id)) return data;
  return { ...data, waiting: [post, ...data.waiting] };
}
