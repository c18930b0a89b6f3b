import { describe, expect, test } from 'vitest';
import type { Post, PostsResponse } from '@/shared/posts-api';
import { candleCount, postDate, postsOfKind, withPosted } from './posts';

const post = (id: string, kind: Post['kind'], status: Post['status'] = 'approved'): Post => ({ id, kind, name: 'Anna', message: null, photo: null, status, createdAt: '2024-05-03T10:00:00.000Z' });
const page = (over: Partial<PostsResponse> = {}): PostsResponse => ({ posts: [], waiting: [], candles: 0, whoMayPost: 'everyone', ...over });

describe('posts on the page', () => {
  test('dates are read in Danish time, whatever the machine’s zone', () => {
    expect(postDate('2024-05-03T10:00:00.000Z')).toBe('3. maj 2024');
    // 23:30 UTC on New Year's Eve is already the new year in Denmark.
    expect(postDate('2023-12-31T23:30:00.000Z')).toBe('1. januar 2024');
    expect(postDate('not a date')).toBe('');
  });

  test('the candle count reads as a sentence, and invites the first candle', () => {
    expect(candleCount(0)).toBe('Tænd det første lys');
    expect(candleCount(1)).toBe('Der er tændt 1 lys');
    expect(candleCount(1200)).toBe('Der er tændt 1.200 lys');
  });

  test('a kind’s posts: the reader’s waiting ones apart, never one twice', () => {
    const data = page({ posts: [post('a', 'candle'), post('b', 'guestbook')], waiting: [post('c', 'candle', 'pending'), post('a', 'candle', 'pending')] });
    expect(postsOfKind(data, 'candle')).toEqual({ waiting: [data.waiting[0]], approved: [data.posts[0]] });
    expect(postsOfKind(data, 'memory')).toEqual({ waiting: [], approved: [] });
  });

  test('a new post waits, or burns at once and is counted', () => {
    const waiting = withPosted(page(), post('x', 'guestbook', 'pending'));
    expect(waiting.waiting.map((p) => p.id)).toEqual(['x']);
    expect(waiting.candles).toBe(0);
    const lit = withPosted(page({ candles: 2 }), post('y', 'candle'));
    expect(lit.posts.map((p) => p.id)).toEqual(['y']);
    expect(lit.candles).toBe(3);
    expect(withPosted(lit, post('y', 'candle'))).toBe(lit);
  });
});
