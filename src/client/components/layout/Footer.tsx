import { Link } from 'react-router';
import { Mail } from 'lucide-react';
import { openConsentSettings } from '@/client/consent/consent-store';
import { siteConfig } from '@/client/lib/site-config';

/** SPEC.md §2 "Footer", in its words ("Opret mindesite" is the specified label). */
const LINKS = [
  { to: '/', label: 'Forside' },
  { to: '/pricing', label: 'Priser' },
  { to: '/contact', label: 'Kontakt' },
  { to: '/create-memorial', label: 'Opret mindesite' },
  { to: '/subscription', label: 'Abonnementer' },
  { to: '/privacy', label: 'Privatlivspolitik' },
  { to: '/terms', label: 'Vilkår og betingelser' },
  { to: '/cookies', label: 'Cookie-politik' },
] as const;

const linkClass =
  'inline-flex min-h-11 items-center rounded-md text-foreground underline decoration-border underline-offset-4 hover:decoration-gold';

export function Footer() {
  const email = siteConfig().contactEmail;
  return (
    <footer className="mt-auto border-t border-border/80 bg-background/60">
      <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
        <nav aria-label="Sidefod">
          <ul className="grid grid-cols-1 gap-x-8 gap-y-1 min-[400px]:grid-cols-2 md:grid-cols-4">
            {LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className={linkClass}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="mt-8 flex flex-col gap-3 border-t border-border/70 pt-6 text-sm text-muted-foreground sm:flex-row sm:flex-wrap sm:items-center sm:justify-between">
          <p className="flex flex-wrap items-center gap-x-2">
            <span>Skriv til os:</span>
            <a href={`mailto:${email}`} className={`${linkClass} gap-2`}>
              <Mail className="size-4" aria-hidden="true" />
              {email}
            </a>
          </p>
          <button type="button" onClick={openConsentSettings} className={`${linkClass} cursor-pointer self-start sm:self-auto`}>
            Cookie-indstillinger
          </button>
          {/* The landing page is prerendered when the server starts; over New Year, hydration writes the browser's year in. */}
          <p>© {new Date().getFullYear()} Mindested</p>
        </div>
      </div>
    </footer>
  );
}
