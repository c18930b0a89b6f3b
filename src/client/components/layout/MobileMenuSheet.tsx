/**
 * The side menu on a phone and a tablet: the header's entries, and logging out for a signed-in
 * person. Loaded by MobileMenu.tsx when its button is first pressed.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LogOut } from 'lucide-react';
import { useLogout } from '@/client/lib/use-logout';
import type { User } from '@/shared/auth';
import { Sheet, SheetClose, SheetContent, SheetDescription, SheetTitle } from '@/client/components/ui/sheet';
import { Badge } from './Badge';
import { Logo } from './Logo';
import {
  CONTACT,
  CREATE_MEMORIAL,
  LOGIN,
  NOTIFICATIONS,
  ORDERS,
  PRICING,
  PROFILE,
  REGISTER,
  RESELLER,
  notificationsLabel,
  type NavEntry,
} from './nav-links';

const rowClass =
  'flex min-h-14 items-center justify-between gap-3 rounded-lg px-4 text-lg font-medium text-foreground no-underline hover:bg-secondary focus-visible:outline-3 focus-visible:outline-ring';

function Row({ entry, label, children }: { entry: NavEntry; label?: string; children?: ReactNode }) {
  return (
    <li>
      <SheetClose asChild>
        <Link to={entry.to} aria-label={label} className={rowClass}>
          <span>{entry.label}</span>
          {children}
        </Link>
      </SheetClose>
    </li>
  );
}

interface MobileMenuSheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The "Menu" button: the sheet has no Radix trigger, so focus is given back to it by hand. */
  returnFocusTo: () => HTMLElement | null;
  user: User | null;
  unreadBadge: string | null;
  isReseller: boolean;
}

export default function MobileMenuSheet({ open, onOpenChange, returnFocusTo, user, unreadBadge, isReseller }: MobileMenuSheetProps) {
  const logout = useLogout({ onSuccess: () => onOpenChange(false) });

  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocusTo()?.focus();
        }}
      >
        <div className="border-b border-border px-5 pt-4 pb-4">
          <Logo onClick={() => onOpenChange(false)} />
        </div>
        <SheetTitle className="sr-only">Menu</SheetTitle>
        <SheetDescription className="sr-only">Links til siderne på Mindested</SheetDescription>
        <nav aria-label="Hovedmenu" className="flex-1 overflow-y-auto px-3 py-4">
          {user ? (
            <p className="px-4 pb-3 text-sm text-muted-foreground">
              Logget ind som <span className="font-semibold text-foreground">{user.fullName}</span>
            </p>
          ) : null}
          <ul className="space-y-1">
            <Row entry={PRICING} />
            <Row entry={CONTACT} />
            {user ? (
              <>
                <Row entry={RESELLER}>{isReseller ? <Badge tone="status">Aktiv</Badge> : null}</Row>
                <Row entry={CREATE_MEMORIAL} />
                <Row entry={NOTIFICATIONS} label={notificationsLabel(unreadBadge)}>
                  {unreadBadge ? <Badge>{unreadBadge}</Badge> : null}
                </Row>
                <Row entry={PROFILE} />
                <Row entry={ORDERS} />
              </>
            ) : (
              <>
                <Row entry={LOGIN} />
                <Row entry={REGISTER} />
              </>
            )}
          </ul>
        </nav>
        {user ? (
          <div className="border-t border-border p-4">
            <button
              type="button"
              onClick={() => logout.mutate()}
              disabled={logout.isPending}
              className="flex min-h-14 w-full cursor-pointer items-center justify-center gap-2 rounded-lg border border-input/70 bg-card px-4 text-lg font-semibold text-foreground hover:bg-secondary focus-visible:outline-3 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-60"
            >
              <LogOut className="size-5" aria-hidden="true" />
              {logout.isPending ? 'Logger ud...' : 'Log ud'}
            </button>
          </div>
        ) : null}
      </SheetContent>
    </Sheet>
  );
}
