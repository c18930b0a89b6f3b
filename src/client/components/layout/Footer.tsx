import { Mail } from 'lucide-react';

export const CONTACT_EMAIL = 'kontakt@mindested.dk';

export function Footer() {
  return (
    <footer className="mt-auto border-t border-border/80">
      <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-8 text-sm text-muted-foreground sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <p>© {new Date().getFullYear()} Mindested</p>
        <p>
          <a
            href={`mailto:${CONTACT_EMAIL}`}
            className="inline-flex min-h-11 items-center gap-2 rounded-md text-foreground underline decoration-border underline-offset-4 hover:decoration-gold"
          >
            <Mail className="size-4" aria-hidden="true" />
            {CONTACT_EMAIL}
          </a>
        </p>
      </div>
    </footer>
  );
}
