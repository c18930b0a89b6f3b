/**
 * The members of a memorial and the changes to them (src/server/memorials/members.ts decides who
 * may make which). Every change puts the server's answer into the list at once; a hand-over of
 * the ownership also changes the reader's own role, so the memorial is fetched again.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '@/client/lib/request';
import type { AddMemberBody, GrantableRole, Member, MembersList } from '@/shared/members-api';

export const membersKey = (memorialId: string) => ['memorial-members', memorialId] as const;

const base = (memorialId: string) => `/api/memorials/${encodeURIComponent(memorialId)}`;

export function useMembers(memorialId: string) {
  return useQuery({
    queryKey: membersKey(memorialId),
    queryFn: async ({ signal }) => (await apiRequest<MembersList>('GET', `${base(memorialId)}/members`, { signal })).members,
    // "Not allowed" will not change by asking again; a dropped connection might.
    retry: (failures, error) => !(error instanceof ApiError && error.status > 0) && failures < 1,
  });
}

export function useMemberChanges(memorialId: string) {
  const queryClient = useQueryClient();
  const key = membersKey(memorialId);
  const replace = (member: Member) =>
    queryClient.setQueryData<Member[]>(key, (members) => members?.map((m) => (m.userId === member.userId ? member : m)));

  const add = useMutation({
    mutationFn: (body: AddMemberBody) => apiRequest<Member>('POST', `${base(memorialId)}/members`, { body }),
    onSuccess: (member) => queryClient.setQueryData<Member[]>(key, (members) => (members ? [...members, member] : members)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });

  const changeRole = useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: GrantableRole }) =>
      apiRequest<Member>('PATCH', `${base(memorialId)}/members/${userId}`, { body: { role } }),
    onSuccess: replace,
  });

  const remove = useMutation({
    mutationFn: (userId: string) => apiRequest<null>('DELETE', `${base(memorialId)}/members/${userId}`),
    onSuccess: (_none, userId) => queryClient.setQueryData<Member[]>(key, (members) => members?.filter((m) => m.userId !== userId)),
  });

  const transfer = useMutation({
    mutationFn: (userId: string) => apiRequest<MembersList>('POST', `${base(memorialId)}/owner`, { body: { userId } }),
    onSuccess: ({ members }) => {
      queryClient.setQueryData<Member[]>(key, members);
      // The edit page shows what an owner may do from memorial.viewer.role: it changed.
      void queryClient.invalidateQueries({ queryKey: ['memorial'] });
      void queryClient.invalidateQueries({ queryKey: ['/api/user/memorials'] });
    },
  });

  return { add, changeRole, remove, transfer };
}
