/**
 * The frame of every back-office page: a slim bar (the name, who is signed in, theme, log out),
 * the sections this person may open (a side column from 1024 px, a row of tabs that scrolls
 * sideways on a phone or a tablet at the packing table), and the page in <main>. Dense but calm:
 * a tool used all day, not a brochure.
 */
import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import { LogOut } from 'lucide-react';
import { Logo } from '@/client/components/layout/Logo';
import { ThemeToggle } from '@/client/components/layout/ThemeToggle';
import { Button } from '@/client/components/ui/button';
import { cn } from '@/client/lib/cn';
import { usePageTitle } from '@/client/lib/page-title';
import { useLogout } from '@/client/lib/use-logout';
import { useUser } from '@/client/lib/use-user';
import { ROLE_LABELS } from '@/shared/staff';
import { sectionsFor } from './admin-nav';

interface AdminLayoutProps {
  /** The page's heading and the tab's title. */
  title: string;
  /** A line under the heading: what the page is for. */
  description?: ReactNode;
  /** Buttons at the heading's right (below it on a phone). */
  actions?: ReactNode;
  children: ReactNode;
}

export function AdminLayout({ title, description, actions, children }: AdminLayoutProps) {
  usePageTitle(`${title} · Bagkontor`);
  const { user } = useUser();
  const logout = useLogout();
  const sections = user ? sectionsFor(user.role) : [];

  return (
    <div className="flex min-h-dvh flex-col bg-background">
      <a
        href="#indhold"
        className="sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50 focus:rounded-lg focus:bg-card focus:px-4 focus:py-3 focus:shadow-lg"
      >
        Gå til indhold
      </a>
      <header className="border-b border-border/80 bg-card/60">
        <div className="mx-auto flex min-h-16 max-w-7xl items-center gap-3 px-4 sm:px-6">
          <Logo />
          <span className="hidden rounded-md bg-secondary px-2.5 py-1 text-sm font-semibold text-muted-foreground sm:inline">Bagkontor</span>
          <div className="ml-auto flex items-center gap-1">
            {user ? (
              <p className="mr-2 hidden text-right text-sm leading-tight md:block">
                <span className="block font-semibold">{user.fullName}</span>
                <span className="text-muted-foreground">{ROLE_LABELS[user.role]}</span>
              </p>
            ) : null}
            <ThemeToggle />
            <Button variant="quiet" size="sm" onClick={() => logout.mutate()} disabled={logout.isPending}>
              <LogOut aria-hidden="true" />
              {logout.isPending ? 'Logger ud...' : 'Log ud'}
            </Button>
          </div>
        </div>
      </header>
      <div className="mx-auto flex w-full max-w-7xl flex-1 flex-col lg:flex-row">
        <nav aria-label="Bagkontoret" className="border-b border-border/80 lg:w-60 lg:shrink-0 lg:border-r lg:border-b-0 lg:py-6">
          <ul className="flex gap-1 overflow-x-auto px-3 py-2 lg:flex-col lg:overflow-visible lg:px-3 lg:py-0">
            {sections.map(({ to, label, icon: Icon }) => (
              <li key={to} className="shrink-0">
                <NavLink
                  to={to}
                  className={({ isActive }) =>
                    cn(
                      'flex min-h-11 items-center gap-2.5 rounded-lg px-3 font-semibold whitespace-nowrap text-muted-foreground no-underline hover:bg-secondary hover:text-foreground',
                      'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring',
                      isActive && 'bg-secondary text-foreground',
                    )
                  }
                >
                  <Icon className="size-5 shrink-0" aria-hidden="true" />
                  {label}
                </NavLink>
              </li>
            ))}
            <li className="shrink-0 lg:mt-4 lg:border-t lg:border-border/80 lg:pt-4">
              <Link to="/profile" className="flex min-h-11 items-center rounded-lg px-3 whitespace-nowrap text-muted-foreground hover:bg-secondary hover:text-foreground">
                Til min profil
              </Link>
            </li>
          </ul>
        </nav>
        <main id="indhold" tabIndex={-1} className="min-w-0 flex-1 px-4 py-6 outline-none sm:px-6 lg:px-10 lg:py-8">
          <div className="flex flex-wrap items-end justify-between gap-x-6 gap-y-4">
            <div className="min-w-0">
              <h1 className="text-3xl break-words sm:text-4xl">{title}</h1>
              {description ? <p className="mt-2 max-w-3xl text-muted-foreground">{description}</p> : null}
            </div>
            {actions ? <div className="flex w-full flex-wrap gap-2 sm:w-auto">{actions}</div> : null}
          </div>
          <div className="mt-6">{children}</div>
        </main>
      </div>
    </div>
  );
}
