/**
 * /memorial/{id or slug}/admin, "Hilsner og lys": where a memorial's owner and co-admins decide
 * what visitors left (the in-app notifications link here) and set who may leave anything. A
 * visitor is sent to log in first; anyone else signed in is told calmly that this is not theirs.
 * The server decides every permission; this page only hides.
 */
import { Link, Navigate, useLocation, useParams } from 'react-router';
import { ArrowLeft, Eye } from 'lucide-react';
import { useUser } from '@/client/auth/use-user';
import { PageShell } from '@/client/components/layout/PageShell';
import { QueryStatus } from '@/client/components/layout/QueryStatus';
import { Button } from '@/client/components/ui/button';
import { Notice } from '@/client/components/ui/notice';
import { Ornament } from '@/client/components/ui/ornament';
import { usePageTitle } from '@/client/lib/page-title';
import type { Memorial } from '@/shared/memorials';
import { useMemorial } from '../use-memorial';
import { PostsSection } from './PostsSection';
import { SettingsSection } from './SettingsSection';
import { StatsSection } from './StatsSection';

export default function MemorialAdminPage() {
  const { id = '' } = useParams();
  const location = useLocation();
  const { user, isLoading: userLoading } = useUser();
  const memorial = useMemorial(id);
  usePageTitle(memorial.data ? `Hilsner og lys – ${memorial.data.name}` : 'Hilsner og lys');

  if (!userLoading && !user) return <Navigate to={`/login?redirect=${encodeURIComponent(location.pathname)}`} replace />;
  if (memorial.data?.viewer.canEdit && !userLoading) return <Moderation memorial={memorial.data} />;

  return (
    <PageShell>
      {memorial.data && !userLoading ? (
        <div className="mx-auto flex max-w-xl flex-col items-center px-5 py-20 text-center sm:py-28">
          <Ornament />
          <h1 className="mt-6 text-3xl sm:text-4xl">Det her er for mindesidens administratorer</h1>
          <p className="mt-4 text-lg text-muted-foreground">
            Det er ejeren og medadministratorerne af mindesiden for {memorial.data.name}, der godkender lys, hilsner og minder. Hører du til familien, kan du bede ejeren om at gøre dig til
            medadministrator.
          </p>
          <Button asChild size="lg" className="mt-10">
            <Link to={`/memorial/${memorial.data.slug}`}>Se mindesiden</Link>
          </Button>
        </div>
      ) : (
        <QueryStatus
          query={{ ...memorial, isPending: memorial.isPending || userLoading }}
          pending="Henter mindesiden..."
          notFound={{
            title: 'Mindesiden findes ikke',
            text: `${memorial.error?.message ?? ''} Måske har den fået en ny adresse. Dine mindesider står på din profil.`,
            action: <Link to="/profile">Gå til min profil</Link>,
          }}
          failed="Mindesiden kunne ikke hentes"
        />
      )}
    </PageShell>
  );
}

function Moderation({ memorial }: { memorial: Memorial }) {
  return (
    <PageShell>
      <div data-memorial-theme={memorial.theme} className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
        <Link to={`/edit-memorial/${memorial.slug}`} className="inline-flex min-h-11 items-center gap-2 font-semibold text-muted-foreground hover:text-foreground">
          <ArrowLeft className="size-5" aria-hidden="true" />
          Rediger mindeside
        </Link>
        <header className="mt-4 flex flex-wrap items-end justify-between gap-x-8 gap-y-5">
          <div className="min-w-0">
            <p className="text-sm font-semibold tracking-[0.16em] break-words text-memorial-accent-text uppercase">{memorial.name}</p>
            <h1 className="mt-2 text-4xl sm:text-5xl">Hilsner og lys</h1>
          </div>
          <Button asChild variant="secondary" size="lg" className="w-full sm:w-auto">
            <Link to={`/memorial/${memorial.slug}`}>
              <Eye aria-hidden="true" />
              Se mindesiden
            </Link>
          </Button>
        </header>
        <p className="mt-6 max-w-2xl text-lg text-muted-foreground">
          Det, besøgende tænder og skriver, vises først på mindesiden, når du eller en anden administrator har godkendt det.
        </p>

        {memorial.deletedAt ? (
          <Notice className="mt-10">
            Mindesiden er slettet, så her kan ikke godkendes noget. Gendan den på{' '}
            <Link to={`/edit-memorial/${memorial.slug}`} className="font-semibold underline underline-offset-4">
              siden, hvor du redigerer den
            </Link>
            .
          </Notice>
        ) : (
          <div className="mt-10 space-y-8">
            <PostsSection memorialId={memorial.id} />
            <SettingsSection memorialId={memorial.id} />
            <StatsSection memorialId={memorial.id} />
          </div>
        )}
      </div>
    </PageShell>
  );
}
