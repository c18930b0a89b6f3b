/**
 * /family-tree/{id} (the memorial's id or slug), ?person={id}: the family tree, phone first. One
 * person large, with the close family as cards around them; a tap on a card centres the page on
 * that person (the address changes, so the back button and a shared link work). "Vis hele
 * stamtræet" opens the chart of ancestors and descendants in full screen (FullTree.tsx, loaded
 * when asked for). The memorial's owner and co-admins build the tree here, each change with its
 * undo; without Premium they read it, and are told calmly what Premium would let them do.
 */
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { ArrowLeft, Network } from 'lucide-react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { PageShell } from '@/client/components/layout/PageShell';
import { QueryStatus } from '@/client/components/layout/QueryStatus';
import { Button } from '@/client/components/ui/button';
import { Notice } from '@/client/components/ui/notice';
import { Skeleton } from '@/client/components/ui/skeleton';
import { usePageTitle } from '@/client/lib/page-title';
import { errorMessage } from '@/client/lib/request';
import type { CloseFamily } from '@/shared/family-tree-api';
import { useCloseFamily } from './api';
import { FocusCard } from './FocusCard';
import { GedcomSection } from './GedcomSection';
import { LastChange } from './LastChange';
import { PersonActions } from './PersonActions';
import { PersonDialog, type PersonDialogMode } from './PersonDialog';
import { PremiumNotice } from './PremiumNotice';
import { personSearch } from './RelativeCard';
import { RelativeGroups } from './RelativeGroups';
import { personName, possessive } from './words';

const FullTree = lazy(() => import('./FullTree'));

export default function FamilyTreePage() {
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const person = search.get('person');
  const close = useCloseFamily(id, person);
  usePageTitle(close.data ? `${possessive(close.data.memorial.name)} stamtræ` : 'Stamtræ');

  return (
    <PageShell>
      <div className="mx-auto w-full max-w-3xl px-4 pt-6 pb-20 sm:px-6 sm:pt-10">
        {close.data ? (
          <TreeView memorial={id} close={close.data} switching={close.isPlaceholderData} />
        ) : close.isPending ? (
          <TreeSkeleton />
        ) : person ? (
          // A person who is not (or no longer) in the tree: the way back to the memorial's own.
          <div className="py-16 text-center">
            <Notice tone="problem" title="Personen blev ikke fundet" className="text-left">
              {errorMessage(close.error)}
            </Notice>
            <Button asChild size="lg" className="mt-8">
              <Link to={{ search: '' }}>Gå til stamtræets begyndelse</Link>
            </Button>
          </div>
        ) : (
          <QueryStatus
            query={close}
            pending="Henter stamtræet..."
            failed="Stamtræet kunne ikke hentes"
            refusals={{
              404: { title: 'Stamtræet findes ikke', text: errorMessage(close.error), action: <Link to={`/memorial/${encodeURIComponent(id)}`}>Gå til mindesiden</Link> },
              410: { title: 'Mindesiden er slettet', text: errorMessage(close.error), action: <Link to="/">Gå til forside</Link> },
            }}
          />
        )}
      </div>
    </PageShell>
  );
}

function TreeSkeleton() {
  return (
    <div>
      <p role="status" className="sr-only">
        Henter stamtræet...
      </p>
      <Skeleton className="h-5 w-40" />
      <Skeleton className="mt-4 h-10 w-3/4" />
      <Skeleton className="mt-8 h-96" />
      <Skeleton className="mt-10 h-7 w-32" />
      <div className="mt-3 grid gap-3 sm:grid-cols-2">
        <Skeleton className="h-20" />
        <Skeleton className="h-20" />
      </div>
    </div>
  );
}

const isEmpty = (close: CloseFamily) => !close.parents.length && !close.partners.length && !close.siblings.length && !close.children.length;

function TreeView({ memorial, close, switching }: { memorial: string; close: CloseFamily; switching: boolean }) {
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<PersonDialogMode | null>(null);
  const [chartOpen, setChartOpen] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const shown = useRef(close.person.id);
  const { person } = close;
  const editable = close.canEdit && close.premium;
  const go = (personId: string) => navigate({ search: personSearch(personId, close.rootId) });

  // A new person in focus: the page starts at their card, and a keyboard or screen reader is there too.
  useEffect(() => {
    if (shown.current === person.id) return;
    shown.current = person.id;
    window.scrollTo({ top: 0 });
    heading.current?.focus({ preventScroll: true });
  }, [person.id]);

  return (
    <div aria-busy={switching} className="space-y-10">
      <header>
        <Link
          to={`/memorial/${encodeURIComponent(close.memorial.slug)}`}
          className="inline-flex min-h-11 items-center gap-2 font-semibold text-gold-text underline decoration-gold/50 underline-offset-4 hover:decoration-gold-text"
        >
          <ArrowLeft className="size-5" aria-hidden="true" />
          Mindesiden om {close.memorial.name}
        </Link>
        <p className="mt-5 text-sm font-semibold tracking-[0.16em] text-gold-text uppercase">Stamtræ</p>
        <h1 className="mt-1 text-3xl leading-tight break-words sm:text-5xl">{possessive(close.memorial.name)} familie</h1>
        {!person.isRoot ? (
          <Link to={{ search: '' }} className="mt-4 inline-flex min-h-11 items-center gap-2 rounded-lg border border-input/70 bg-card px-4 font-semibold shadow-xs hover:bg-secondary">
            <ArrowLeft className="size-5" aria-hidden="true" />
            Tilbage til {close.memorial.name}
          </Link>
        ) : null}
      </header>

      {close.canEdit && !close.premium ? <PremiumNotice /> : null}
      {editable ? <LastChange memorial={memorial} /> : null}

      <FocusCard ref={heading} person={person}>
        <Button size="lg" variant={editable ? 'secondary' : 'primary'} className="mt-6 w-full sm:w-auto" onClick={() => setChartOpen(true)}>
          <Network aria-hidden="true" />
          Vis hele stamtræet
        </Button>
        {editable ? <PersonActions memorial={memorial} close={close} onOpen={setDialog} onRemoved={() => go(close.rootId)} /> : null}
      </FocusCard>

      {isEmpty(close) ? (
        editable ? (
          <div className="rounded-2xl border border-dashed border-gold/60 bg-gold-soft/30 px-5 py-8 text-center">
            <h2 className="text-2xl">Begynd med at tilføje forældre, partner og børn</h2>
            <p className="mx-auto mt-2 max-w-md text-muted-foreground">
              Knapperne på kortet ovenfor tilføjer familie til {personName(person)}. Tryk bagefter på et familiemedlem for at bygge videre derfra.
            </p>
          </div>
        ) : (
          <p className="text-center text-muted-foreground">Der er endnu ingen familie knyttet til {personName(person)}.</p>
        )
      ) : (
        <RelativeGroups memorial={memorial} close={close} editable={editable} />
      )}

      {editable ? <GedcomSection memorial={memorial} memorialName={close.memorial.name} onImported={() => go(close.rootId)} /> : null}

      {dialog ? <PersonDialog memorial={memorial} mode={dialog} onClose={() => setDialog(null)} /> : null}
      {chartOpen ? (
        <Suspense
          fallback={
            <div role="status" className="fixed inset-0 z-50 flex items-center justify-center bg-background/95 font-serif text-xl text-muted-foreground">
              Henter stamtræet...
            </div>
          }
        >
          <FullTree memorial={memorial} focusId={person.id} onClose={() => setChartOpen(false)} onShowClose={go} />
        </Suspense>
      ) : null}
    </div>
  );
}
