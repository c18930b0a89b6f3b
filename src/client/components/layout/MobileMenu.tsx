import { useState } from 'react';
import { Link } from 'react-router';
import { LogOut, Menu } from 'lucide-react';
import { useLogout } from '@/client/auth/use-logout';
import type { User } from '@/shared/auth';
import { Sheet, SheetClose, SheetContent, SheetDescription, SheetTitle, SheetTrigger } from '@/client/components/ui/sheet';
import { Logo } from './Logo';

export interface NavLink {
  to: string;
  label: string;
}

const rowClass =
  'flex min-h-14 items-center rounded-lg px-4 text-lg font-medium text-foreground no-underline hover:bg-secondary focus-visible:outline-3 focus-visible:outline-ring';

/** The side menu on a phone: the header's links, and logging out for a signed-in person. */
export function MobileMenu({ links, user }: { links: NavLink[]; user: User | null }) {
  const [open, setOpen] = useState(false);
  const logout = useLogout({ onSuccess: () => setOpen(false) });

  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger className="inline-flex min-h-12 cursor-pointer items-center gap-2 rounded-lg border border-input/70 bg-card px-3.5 text-base font-semibold text-foreground hover:bg-secondary focus-visible:outline-3 focus-visible:outline-ring">
        <Menu className="size-5" aria-hidden="true" />
        Menu
      </SheetTrigger>
      <SheetContent>
        <div className="border-b border-border px-5 pt-4 pb-4">
          <Logo onClick={() => setOpen(false)} />
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
            {links.map((link) => (
              <li key={link.to}>
                <SheetClose asChild>
                  <Link to={link.to} className={rowClass}>
                    {link.label}
                  </Link>
                </SheetClose>
              </li>
            ))}
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
