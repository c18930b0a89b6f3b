import { useUser } from '@/client/lib/use-user';
import { useDrawnForVisitor } from '@/client/lib/drawn-by-server';
import { useUnreadCount } from '@/client/notifications/use-unread-count';
import { useReseller } from '@/client/resellers/use-reseller';
import { unreadBadge } from '@/shared/notifications';
import { isActiveReseller } from '@/shared/resellers';

/** What the header needs to know about the person: signed in (or still being read), unread count, an active (approved) reseller or not. */
export function useNav() {
  const { user, isLoading: userLoading } = useUser();
  // A memorial page the server drew is a visitor's (it draws them for no one else): the visitor
  // sees "Log ind" and "Opret konto" from the first paint, not only after the app has asked.
  const visitorsPage = useDrawnForVisitor();
  const isLoading = userLoading && !visitorsPage;
  const signedIn = Boolean(user);
  const unread = useUnreadCount(signedIn);
  const reseller = useReseller(signedIn);
  return { user, isLoading, unreadBadge: unread === null ? null : unreadBadge(unread), isReseller: isActiveReseller(reseller) };
}
