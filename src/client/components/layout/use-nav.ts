import { useUser } from '@/client/auth/use-user';
import { useUnreadCount } from '@/client/notifications/use-unread-count';
import { useReseller } from '@/client/resellers/use-reseller';
import { unreadBadge } from '@/shared/notifications';

/** What the header needs to know about the person: signed in, unread count, reseller or not. */
export function useNav() {
  const { user, isLoading } = useUser();
  const signedIn = Boolean(user);
  const unread = useUnreadCount(signedIn);
  const reseller = useReseller(signedIn);
  return { user, isLoading, unreadBadge: unread === null ? null : unreadBadge(unread), isReseller: reseller !== null };
}
