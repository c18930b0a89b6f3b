/**
 * The administrators' side of what visitors leave (src/server/posts/service.ts decides who may):
 * the posts in one state, the decisions on them, and the memorial's posting settings. A decision
 * moves the posts between the lists at once and asks the server again when it has answered, so
 * the page matches what the server holds; if it refuses, the lists are put back as they were.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '@/client/lib/request';
import { unreadCountQueryKey } from '@/client/notifications/use-unread-count';
import type { MODERATION_ACTIONS, Post, PostSettings, PostStatus } from '@/shared/posts-api';

export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

const base = (memorialId: string) => `/api/memorials/${encodeURIComponent(memorialId)}`;
const listsKey = (memorialId: string) => ['memorial-moderation', memorialId] as const;
export const moderationKey = (memorialId: string, status: PostStatus) => [...listsKey(memorialId), status] as const;
const settingsKey = (memorialId: string) => ['memorial-post-settings', memorialId] as const;

/** Where each decision takes a post (the server passes over posts it may not take there). */
const TARGET: Record<ModerationAction, PostStatus> = { approve: 'approved', reject: 'rejected', hide: 'hidden' };

// "Not allowed" will not change by asking again; a dropped connection might.
const retry = (failures: number, error: Error) => !(error instanceof ApiError && error.status > 0) && failures < 1;

export function useModerationList(memorialId: string, status: PostStatus) {
  return useQuery({
    queryKey: moderationKey(memorialId, status),
    queryFn: async ({ signal }) => (await apiRequest<{ posts: Post[] }>('GET', `${base(memorialId)}/posts/moderation`, { params: { status }, signal })).posts,
    retry,
  });
}

export interface Decision {
  posts: Post[];
  action: ModerationAction;
}

export function useModerate(memorialId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ posts, action }: Decision) =>
      apiRequest<{ changed: number }>('POST', `${base(memorialId)}/posts/moderate`, { body: { ids: posts.map((p) => p.id), action } }),
    onMutate: async ({ posts, action }) => {
      await queryClient.cancelQueries({ queryKey: listsKey(memorialId) });
      const before = queryClient.getQueriesData<Post[]>({ queryKey: listsKey(memorialId) });
      const ids = new Set(posts.map((p) => p.id));
      const to = TARGET[action];
      for (const [key, list] of before) {
        if (!list) continue;
        const status = key[2] as PostStatus;
        const kept = list.filter((p) => !ids.has(p.id));
        const moved = status === to ? posts.map((p) => ({ ...p, status: to })) : [];
        queryClient.setQueryData<Post[]>(key, [...kept, ...moved].sort((a, b) => a.createdAt.localeCompare(b.createdAt)));
      }
      return { before };
    },
    onError: (_error, _decision, context) => {
      for (const [key, list] of context?.before ?? []) queryClient.setQueryData(key, list);
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: listsKey(memorialId) }),
        // A decided post's notifications are read now (server: posts/service.ts): the bell and the list follow.
        queryClient.invalidateQueries({ queryKey: unreadCountQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['/api/notifications'] }),
      ]),
  });
}

export function usePostSettings(memorialId: string) {
  return useQuery({
    queryKey: settingsKey(memorialId),
    queryFn: ({ signal }) => apiRequest<PostSettings>('GET', `${base(memorialId)}/post-settings`, { signal }),
    retry,
  });
}

export function useChangePostSettings(memorialId: string) {
  const queryClient = useQueryClient();
  const key = settingsKey(memorialId);
  return useMutation({
    mutationFn: (change: Partial<PostSettings>) => apiRequest<PostSettings>('PATCH', `${base(memorialId)}/post-settings`, { body: change }),
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<PostSettings>(key);
      if (before) queryClient.setQueryData<PostSettings>(key, { ...before, ...change });
      return { before };
    },
    onSuccess: (settings) => queryClient.setQueryData(key, settings),
    onError: (_error, _change, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
  });
}
