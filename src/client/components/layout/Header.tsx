import { NavLink as RouterNavLink } from 'react-router';
import { useUser } from '@/client/auth/use-user';
import { buttonClass } from '@/client/components/ui/button';
import { cn } from '@/client/lib/cn';
import { Logo } from './Logo';
import { MobileMenu, type NavLink } from './MobileMenu';
import { ThemeToggle } from './ThemeToggle';

/** Only pages that exist are linked; Priser, Kontakt and the rest arrive with their pages. */
function linksFor(signedIn: boolean): NavLink[] {
  return signedIn
    ? [{ to: '/profile', label: 'Min profil' }]
    : [
        { to: '/login', label: 'Log ind' },
        { to: '/register', label: 'Opret konto' },
      ];
}

export function Header() {
  const { user, isLoading } = useUser();
  const links = linksFor(Boolean(user));

  return (
    <header className="border-b border-border/80">
      <div className="mx-auto flex min-h-20 max-w-6xl items-center justify-between gap-3 px-4 sm:px-6">
        <Logo />
        <div className="flex shrink-0 items-center gap-1 sm:gap-2">
          <ThemeToggle />
          {/* While the user is being read, no links yet: better than flashing "Log ind" at a signed-in person. */}
          <nav aria-label="Hovedmenu" className={cn('hidden items-center gap-2 md:flex', isLoading && 'invisible')}>
            {links.map((link, index) => (
              <RouterNavLink
                key={link.to}
                to={link.to}
                className={({ isActive }) =>
                  buttonClass(index === links.length - 1 ? 'secondary' : 'quiet', 'md', cn('no-underline', isActive && 'bg-secondary'))
                }
              >
                {link.label}
              </RouterNavLink>
            ))}
          </nav>
          <div className="md:hidden">
            <MobileMenu links={links} user={user} />
          </div>
        </div>
      </div>
    </header>
  );
}
