/**
 * A memorial's open co-admin invitations and the owner's changes to them
 * (src/server/memorials/invitations.ts decides who may). A new invitation goes into the list at
 * once, one to an address already invited replacing the older one, as the server does.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '@/client/lib/request';
import type { Invitation, InvitationBody, InvitationsList } from '@/shared/invitations-api';

export const invitationsKey = (memorialId: string) => ['memorial-invitations', memorialId] as const;

const base = (memorialId: string) => `/api/memorials/${encodeURIComponent(memorialId)}/invitations`;

export function useInvitations(memorialId: string, { enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: invitationsKey(memorialId),
    queryFn: async ({ signal }) => (await apiRequest<InvitationsList>('GET', base(memorialId), { signal })).invitations,
    enabled,
    // "Not allowed" will not change by asking again; a dropped connection might.
    retry: (failures, error) => !(error instanceof ApiError && error.status > 0) && failures < 1,
  });
}

export function useInvitationChanges(memorialId: string) {
  const queryClient = useQueryClient();
  const key = invitationsKey(memorialId);

  const invite = useMutation({
    mutationFn: (body: InvitationBody) => apiRequest<Invitation>('POST', base(memorialId), { body }),
    onSuccess: (invitation) =>
      queryClient.setQueryData<Invitation[]>(key, (list) => (list ? [invitation, ...list.filter((i) => i.email !== invitation.email)] : list)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });

  const withdraw = useMutation({
    mutationFn: (id: string) => apiRequest<null>('DELETE', `${base(memorialId)}/${id}`),
    onSuccess: (_none, id) => queryClient.setQueryData<Invitation[]>(key, (list) => list?.filter((i) => i.id !== id)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });

  return { invite, withdraw };
}
