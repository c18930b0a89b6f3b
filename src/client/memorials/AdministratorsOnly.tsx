/**
 * The guard of the pages for a memorial's owner and co-admins (/edit-memorial/{slug},
 * /memorial/{id}/admin): a visitor is sent to log in and back, a signed-in person who is not an
 * administrator is told so calmly with the way to the memorial, and a memorial that is not there
 * says so. Only then is the page drawn. The server checks every call anyway; this is only manners.
 */
import type { ReactNode } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { useUser } from '@/client/lib/use-user';
import { PageShell } from '@/client/components/layout/PageShell';
import { QueryStatus } from '@/client/components/layout/QueryStatus';
import { Button } from '@/client/components/ui/button';
import { Ornament } from '@/client/components/ui/ornament';
import { usePageTitle } from '@/client/lib/page-title';
import type { Memorial } from '@/shared/memorials';
import { useMemorial } from './use-memorial';

export function AdministratorsOnly({
  idOrSlug,
  title,
  refusal,
  children,
}: {
  idOrSlug: string;
  /** The tab's title, with the memorial once it has come. */
  title: (memorial: Memorial | undefined) => string;
  /** What a signed-in person who may not use the page is told. */
  refusal: (memorial: Memorial) => { heading: string; text: string };
  children: (memorial: Memorial) => ReactNode;
}) {
  const location = useLocation();
  const { user, isLoading: userLoading } = useUser();
  const memorial = useMemorial(idOrSlug);
  usePageTitle(title(memorial.data));

  if (!userLoading && !user) return <Navigate to={`/login?redirect=${encodeURIComponent(location.pathname)}`} replace />;
  if (memorial.data?.viewer.canEdit && !userLoading) return children(memorial.data);

  const refused = memorial.data && !userLoading ? refusal(memorial.data) : null;
  return (
    <PageShell>
      {memorial.data && refused ? (
        <div className="mx-auto flex max-w-xl flex-col items-center px-5 py-20 text-center sm:py-28">
          <Ornament />
          <h1 className="mt-6 text-3xl sm:text-4xl">{refused.heading}</h1>
          <p className="mt-4 text-lg text-muted-foreground">{refused.text}</p>
          <Button asChild size="lg" className="mt-10">
            <Link to={`/memorial/${memorial.data.slug}`}>Se mindesiden</Link>
          </Button>
        </div>
      ) : (
        <QueryStatus
          query={{ ...memorial, isPending: memorial.isPending || userLoading }}
          pending="Henter mindesiden..."
          refusals={{
            404: {
              title: 'Mindesiden findes ikke',
              text: `${memorial.error?.message ?? ''} Måske har den fået en ny adresse. Dine mindesider står på din profil.`,
              action: <Link to="/profile">Gå til min profil</Link>,
            },
          }}
          failed="Mindesiden kunne ikke hentes"
        />
      )}
    </PageShell>
  );
}
