/**
 * /profile?tab=notifications: what has happened on the memorials the person looks after, newest
 * first. Opening one marks it read and goes where it leads; "Marker alle som læst" clears the
 * bell. The bell's count is asked again after each, so the badge follows at once.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { Bell, CheckCheck } from 'lucide-react';
import { QueryStatus } from '@/client/components/layout/QueryStatus';
import { Button } from '@/client/components/ui/button';
import { cn } from '@/client/lib/cn';
import { apiRequest, errorMessage } from '@/client/lib/request';
import { toast } from '@/client/lib/toast';
import type { NotificationItem } from '@/shared/notifications-api';
import { unreadCountQueryKey } from './use-unread-count';

const LIST_KEY = ['/api/notifications'] as const;
const when = new Intl.DateTimeFormat('da-DK', { day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit' });

export function NotificationList() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const list = useQuery({
    queryKey: LIST_KEY,
    queryFn: ({ signal }) => apiRequest<{ notifications: NotificationItem[] }>('GET', '/api/notifications', { signal }),
  });
  const refresh = () => Promise.all([queryClient.invalidateQueries({ queryKey: LIST_KEY }), queryClient.invalidateQueries({ queryKey: unreadCountQueryKey })]);
  const failed = (error: unknown) => toast({ variant: 'destructive', title: 'Fejl ved opdatering', description: errorMessage(error) });

  const open = useMutation({
    mutationFn: async (item: NotificationItem) => {
      if (!item.read) await apiRequest('POST', `/api/notifications/${item.id}/read`);
      return item;
    },
    onSuccess: async (item) => {
      await refresh();
      if (item.link) void navigate(item.link);
    },
    onError: failed,
  });
  const readAll = useMutation({
    mutationFn: () => apiRequest('POST', '/api/notifications/read-all'),
    onSuccess: refresh,
    onError: failed,
  });

  const unread = list.data?.notifications.filter((item) => !item.read).length ?? 0;

  return (
    <section aria-labelledby="notifikationer">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h2 id="notifikationer" className="text-2xl sm:text-3xl">
          Notifikationer
        </h2>
        {unread > 0 ? (
          <Button variant="secondary" disabled={readAll.isPending} onClick={() => readAll.mutate()}>
            <CheckCheck aria-hidden="true" />
            Marker alle som læst
          </Button>
        ) : null}
      </div>
      {list.isPending || list.isError ? (
        <QueryStatus compact query={list} pending="Henter dine notifikationer..." failed="Dine notifikationer kunne ikke hentes" className="mt-6" />
      ) : list.data.notifications.length === 0 ? (
        <p className="mt-6 rounded-lg border border-dashed border-input/70 px-5 py-6 text-center text-muted-foreground">
          Du har ingen notifikationer. Når nogen tænder et lys eller skriver på en mindeside, du passer på, kan du se det her.
        </p>
      ) : (
        <ul className="mt-6 divide-y divide-border border-y border-border">
          {list.data.notifications.map((item) => (
            <li key={item.id}>
              <button
                type="button"
                onClick={() => open.mutate(item)}
                disabled={open.isPending}
                className="flex w-full items-start gap-4 rounded-md px-2 py-5 text-left transition-colors hover:bg-muted/60 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
              >
                <span aria-hidden="true" className={cn('mt-1.5 size-3 shrink-0 rounded-full', item.read ? 'bg-transparent' : 'bg-gold')} />
                <span className="min-w-0 flex-1">
                  <span className={cn('block text-lg break-words', !item.read && 'font-semibold')}>
                    {item.read ? null : <span className="sr-only">Ulæst: </span>}
                    {item.title}
                  </span>
                  {item.body ? <span className="mt-1 block break-words text-muted-foreground">{item.body}</span> : null}
                  <span className="mt-1 block text-sm text-muted-foreground">{when.format(new Date(item.createdAt))}</span>
                </span>
                <Bell aria-hidden="true" className="mt-1 size-5 shrink-0 text-muted-foreground" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
