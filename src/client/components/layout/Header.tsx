import { NavLink } from 'react-router';
import { Bell } from 'lucide-react';
import { buttonClass } from '@/client/components/ui/button';
import { cn } from '@/client/lib/cn';
import { Badge } from './Badge';
import { Logo } from './Logo';
import { MobileMenu } from './MobileMenu';
import { CONTACT, CREATE_MEMORIAL, LOGIN, NOTIFICATIONS, PRICING, PROFILE, REGISTER, RESELLER, notificationsLabel, type NavEntry } from './nav-links';
import { ThemeToggle } from './ThemeToggle';
import { useNav } from './use-nav';

const linkClass = (variant: 'quiet' | 'secondary' = 'quiet') =>
  ({ isActive }: { isActive: boolean }) => buttonClass(variant, 'md', cn('px-3.5 no-underline xl:px-4', isActive && 'bg-secondary'));

function Item({ entry, variant, children }: { entry: NavEntry; variant?: 'quiet' | 'secondary'; children?: React.ReactNode }) {
  return (
    <NavLink to={entry.to} end className={linkClass(variant)}>
      {entry.label}
      {children}
    </NavLink>
  );
}

/**
 * The bar at the top of every page. From 1024 px the links sit in the bar; below that a "Menu"
 * button opens the side menu, so the bar fits a 360 px phone without sideways scrolling.
 */
export function Header() {
  const { user, isLoading, unreadBadge, isReseller } = useNav();

  return (
    <header className="relative z-10 border-b border-border/80 bg-background/70 backdrop-blur-sm">
      <div className="mx-auto flex min-h-20 max-w-6xl items-center justify-between gap-3 px-4 sm:px-6">
        <Logo />
        <nav aria-label="Hovedmenu" className="hidden flex-1 items-center justify-between gap-2 lg:flex">
          <ul className="flex items-center gap-1 pl-4">
            <li>
              <Item entry={PRICING} />
            </li>
            <li>
              <Item entry={CONTACT} />
            </li>
            {user ? (
              <>
                <li>
                  <Item entry={RESELLER}>{isReseller ? <Badge tone="status">Aktiv</Badge> : null}</Item>
                </li>
                <li>
                  <Item entry={CREATE_MEMORIAL} />
                </li>
              </>
            ) : null}
          </ul>
          {/* While the user is being read, no account links yet: better than flashing "Log ind" at a signed-in person. */}
          <ThemeToggle className="ml-auto" />
          <ul className={cn('flex items-center gap-1', isLoading && 'invisible')}>
            {user ? (
              <>
                <li>
                  <NavLink
                    to={NOTIFICATIONS.to}
                    aria-label={notificationsLabel(unreadBadge)}
                    title="Notifikationer"
                    className={buttonClass('quiet', 'icon', 'relative no-underline')}
                  >
                    <Bell aria-hidden="true" />
                    {unreadBadge ? (
                      <Badge className="absolute -top-0.5 -right-1 min-w-6 px-1.5 text-[0.8rem] leading-5">{unreadBadge}</Badge>
                    ) : null}
                  </NavLink>
                </li>
                <li>
                  <Item entry={PROFILE} variant="secondary" />
                </li>
              </>
            ) : (
              <>
                <li>
                  <Item entry={LOGIN} />
                </li>
                <li>
                  <Item entry={REGISTER} variant="secondary" />
                </li>
              </>
            )}
          </ul>
        </nav>
        <div className="flex shrink-0 items-center gap-1 lg:hidden">
          <ThemeToggle />
          <MobileMenu user={user} unreadBadge={unreadBadge} isReseller={isReseller} />
        </div>
      </div>
    </header>
  );
}
