/**
 * The admin guard (SPEC.md §4): "Loading..." while who is signed in is read; anyone whose role may
 * not open the page is sent to /; a staff member outside the two-factor pages whose session owes
 * the second factor is sent to /admin/two-factor-verification. It only decides what to show: the
 * server refuses every call itself (server/staff/guard.ts).
 */
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { QueryStatus } from '@/client/components/layout/QueryStatus';
import { useUser } from '@/client/lib/use-user';
import type { StaffRole } from '@/shared/staff';
import { useTwoFactorStatus } from './use-two-factor-status';

interface AdminGuardProps {
  /** Who may open the page; an admin may open every page of the back office. */
  roles: readonly StaffRole[];
  /** The two-factor pages skip the verification check, or no one could reach them. */
  twoFactorPage?: boolean;
  children: ReactNode;
}

export function AdminGuard({ roles, twoFactorPage = false, children }: AdminGuardProps) {
  const { user, isLoading } = useUser();
  const location = useLocation();
  const allowed = user !== null && (user.role === 'admin' || (roles as readonly string[]).includes(user.role));
  const status = useTwoFactorStatus(allowed && !twoFactorPage);

  if (isLoading) return <GuardLoading />;
  if (!allowed) return <Navigate to="/" replace />;
  if (twoFactorPage) return children;
  if (status.isPending) return <GuardLoading />;
  if (status.error) return <QueryStatus query={status} pending="Loading..." failed="Bagkontoret kunne ikke åbnes" />;
  if (status.data.isRequired && !status.data.isVerified) {
    // Where they were going, so the verification page can take them there afterwards.
    return <Navigate to="/admin/two-factor-verification" replace state={{ from: `${location.pathname}${location.search}` }} />;
  }
  return children;
}

/** SPEC.md §4's words while the guard waits. */
function GuardLoading() {
  return (
    <div role="status" className="flex min-h-dvh items-center justify-center bg-background">
      <p className="flex items-center gap-3 text-lg text-muted-foreground">
        <span aria-hidden="true" className="size-2.5 animate-pulse rounded-full bg-gold" />
        Loading...
      </p>
    </div>
  );
}
