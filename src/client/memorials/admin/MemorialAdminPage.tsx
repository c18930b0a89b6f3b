/**
 * /memorial/{id or slug}/admin, "Hilsner og lys": where a memorial's owner and co-admins decide
 * what visitors left (the in-app notifications link here) and set who may leave anything. A
 * visitor is sent to log in first; anyone else signed in is told calmly that this is not theirs.
 * The server decides every permission; this page only hides.
 */
import { Link, useParams } from 'react-router';
import { ArrowLeft, Eye } from 'lucide-react';
import { PageShell } from '@/client/components/layout/PageShell';
import { Button } from '@/client/components/ui/button';
import { Notice } from '@/client/components/ui/notice';
import type { Memorial } from '@/shared/memorials';
import { AdministratorsOnly } from '../AdministratorsOnly';
import { PostsSection } from './PostsSection';
import { SettingsSection } from './SettingsSection';
import { StatsSection } from './StatsSection';

export default function MemorialAdminPage() {
  const { id = '' } = useParams();
  return (
    <AdministratorsOnly
      idOrSlug={id}
      title={(memorial) => (memorial ? `Hilsner og lys – ${memorial.name}` : 'Hilsner og lys')}
      refusal={(memorial) => ({
        heading: 'Det her er for mindesidens administratorer',
        text: `Det er ejeren og medadministratorerne af mindesiden for ${memorial.name}, der godkender lys, hilsner og minder. Hører du til familien, kan du bede ejeren om at gøre dig til medadministrator.`,
      })}
    >
      {(memorial) => <Moderation memorial={memorial} />}
    </AdministratorsOnly>
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
