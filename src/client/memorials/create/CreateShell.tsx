/**
 * The frame of the create pages: a heading, a back link to the three ways, and the rule that only
 * a signed-in person creates a memorial (others go to log in and come back).
 */
import type { ReactNode } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { useUser } from '@/client/lib/use-user';
import { PageShell } from '@/client/components/layout/PageShell';
import { Ornament } from '@/client/components/ui/ornament';
import { usePageTitle } from '@/client/lib/page-title';

interface CreateShellProps {
  title: string;
  lead?: ReactNode;
  children: ReactNode;
}

export function CreateShell({ title, lead, children }: CreateShellProps) {
  usePageTitle(title);
  const { user, isLoading } = useUser();
  const location = useLocation();
  if (!isLoading && !user) return <Navigate to={`/login?redirect=${encodeURIComponent(location.pathname + location.search)}`} replace />;

  return (
    <PageShell>
      <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
        <Link to="/create-memorial" className="inline-flex min-h-11 items-center gap-2 font-semibold text-muted-foreground hover:text-foreground">
          <ArrowLeft className="size-5" aria-hidden="true" />
          Andre måder at oprette på
        </Link>
        <header className="mt-6 text-center">
          <Ornament />
          <h1 className="mt-5 text-4xl sm:text-5xl">{title}</h1>
          {lead ? <div className="mx-auto mt-4 max-w-xl text-lg text-muted-foreground">{lead}</div> : null}
        </header>
        <div className="mt-10">
          {isLoading ? (
            <p role="status" className="py-10 text-center text-muted-foreground">
              Indlæser...
            </p>
          ) : (
            children
          )}
        </div>
      </div>
    </PageShell>
  );
}
