/**
 * The money pages are a signed-in person's own: a visitor is sent to log in and comes back to the
 * same address (query included) afterwards, as /profile and /reseller-dashboard do.
 */
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import type { User } from '@/shared/auth';
import { PageShell } from '@/client/components/layout/PageShell';
import { useUser } from '@/client/lib/use-user';

export function SignedIn({ children }: { children: (user: User) => ReactNode }) {
  const { user, isLoading } = useUser();
  const { pathname, search } = useLocation();
  if (isLoading) {
    return (
      <PageShell>
        <p role="status" className="py-24 text-center text-muted-foreground">
          Indlæser...
        </p>
      </PageShell>
    );
  }
  if (!user) return <Navigate to={`/login?redirect=${encodeURIComponent(pathname + search)}`} replace />;
  return children(user);
}
