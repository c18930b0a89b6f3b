import { Link } from 'react-router';
import { cn } from '@/client/lib/cn';

const links = [
  { to: '/privacy', label: 'Privatlivspolitik' },
  { to: '/terms', label: 'Vilkår og betingelser' },
  { to: '/cookies', label: 'Cookie-politik' },
];

/** The login page's footer links (SPEC.md §2). */
export function LegalLinks({ className }: { className?: string }) {
  return (
    <nav aria-label="Vilkår og privatliv" className={cn('text-sm', className)}>
      <ul className="flex flex-wrap items-center justify-center gap-x-6 gap-y-0">
        {links.map((link) => (
          <li key={link.to}>
            <Link
              to={link.to}
              className="inline-flex min-h-11 items-center rounded-md px-1 text-muted-foreground underline decoration-transparent underline-offset-4 hover:text-foreground hover:decoration-gold"
            >
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
