/**
 * /memorial/{id} and /classic-memorial/{id}: the page a visitor's phone opens in front of the
 * stone. The memorial usually arrives written into the HTML (use-memorial.ts); otherwise it is
 * fetched, with a calm message while it loads or when it cannot be shown.
 */
import { Link, useParams } from 'react-router';
import { PageShell } from '@/client/components/layout/PageShell';
import { Button } from '@/client/components/ui/button';
import { Notice } from '@/client/components/ui/notice';
import { Ornament } from '@/client/components/ui/ornament';
import { usePageTitle } from '@/client/lib/page-title';
import { ApiError, NETWORK_ERROR } from '@/client/lib/request';
import { memorialTitle } from '@/shared/memorials';
import { ClassicMemorial } from './ClassicMemorial';
import { useMemorial } from './use-memorial';

export default function MemorialPage() {
  const { id = '' } = useParams();
  const memorial = useMemorial(id);
  usePageTitle(memorial.data ? memorialTitle(memorial.data) : undefined);

  if (memorial.data) {
    return (
      <PageShell>
        <ClassicMemorial memorial={memorial.data} />
      </PageShell>
    );
  }
  return (
    <PageShell>
      <div className="mx-auto flex max-w-xl flex-col items-center px-5 py-20 text-center sm:py-28">
        <Ornament />
        {memorial.isPending ? (
          <p role="status" className="mt-6 font-serif text-xl text-muted-foreground">
            Henter mindesiden...
          </p>
        ) : memorial.error instanceof ApiError && memorial.error.status === 404 ? (
          <>
            <h1 className="mt-6 text-3xl sm:text-4xl">Mindesiden findes ikke</h1>
            <p className="mt-4 text-muted-foreground">{memorial.error.message} Er den privat, kan du bede familien om en invitation.</p>
            <Button asChild size="lg" className="mt-10">
              <Link to="/">Gå til forside</Link>
            </Button>
          </>
        ) : (
          <>
            <h1 className="mt-6 text-3xl sm:text-4xl">Mindesiden kunne ikke hentes</h1>
            <Notice tone="problem" className="mt-6 text-left">
              {memorial.error instanceof ApiError ? memorial.error.message : NETWORK_ERROR}
            </Notice>
            <Button size="lg" className="mt-8" onClick={() => void memorial.refetch()}>
              Prøv igen
            </Button>
          </>
        )}
      </div>
    </PageShell>
  );
}
