/**
 * The memorial's posts for this reader (GET /api/memorials/{id}/posts): the approved ones, the
 * candle count, who may post, and the reader's own waiting posts.
 *
 * A visitor's page arrives with the approved ones written in (page-cache.ts) and drawn by the
 * server, so the first render takes them from there and matches that drawing. They are written for
 * every visitor, so they count as old at once: when the app has taken the page over it asks again,
 * and the reader's own waiting posts (known by account or by the visitor cookie) appear.
 */
import { useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '@/client/lib/request';
import { MEMORIAL_POSTS_ELEMENT_ID } from '@/shared/memorials';
import type { PostsResponse, PublicPosts } from '@/shared/posts-api';

export const postsKey = (memorialId: string) => ['memorial-posts', memorialId] as const;

let inline: PublicPosts | null | undefined;
function inlinePosts(memorialId: string): PostsResponse | undefined {
  if (typeof document === 'undefined') return undefined;
  if (inline === undefined) {
    try {
      inline = JSON.parse(document.getElementById(MEMORIAL_POSTS_ELEMENT_ID)?.textContent ?? 'null') as PublicPosts | null;
    } catch {
      inline = null;
    }
  }
  if (!inline || inline.memorialId !== memorialId) return undefined;
  return { posts: inline.posts, waiting: [], candles: inline.candles, whoMayPost: inline.whoMayPost };
}

export function usePosts(memorialId: string) {
  return useQuery({
    queryKey: postsKey(memorialId),
    queryFn: ({ signal }) => apiRequest<PostsResponse>('GET', `/api/memorials/${encodeURIComponent(memorialId)}/posts`, { signal }),
    initialData: () => inlinePosts(memorialId),
    initialDataUpdatedAt: 0,
    staleTime: 60_000,
    retry: (failures, error) => !(error instanceof ApiError) && failures < 1,
  });
}
