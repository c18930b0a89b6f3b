/**
 * /memorial/{id}, /classic-memorial/{id} and /enhanced-memorial/{id} (id, slug or a linked QR
 * code), and /memorial/qr/{code}: the page a visitor's phone opens in front of the stone. /memorial/ shows the layout the family chose; the other two show
 * the one they name. The memorial usually arrives written into the HTML (use-memorial.ts);
 * otherwise it is fetched, with a calm message while it loads or when it cannot be shown.
 *
 * The server draws the page for visitors (docs/decisions/0009), and the browser takes it over, in
 * one go, only when the visitor reaches for it (main.tsx, docs/decisions/0012).
 */
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { PageShell } from '@/client/components/layout/PageShell';
import { QueryStatus } from '@/client/components/layout/QueryStatus';
import { FamilySection } from '@/client/family-tree/FamilySection';
import { usePageTitle } from '@/client/lib/page-title';
import { ApiError } from '@/client/lib/request';
import NotFoundPage from '@/client/not-found/NotFoundPage';
import { type MemorialLayout, memorialTitle } from '@/shared/memorials';
import { asVisitorsSeeIt } from '@/shared/premium';
import { parseCode } from '@/shared/qr-code';
import { ClassicMemorial } from './ClassicMemorial';
import { EnhancedMemorial } from './EnhancedMemorial';
import { FamilyBar } from './FamilyBar';
import { MemorialPosts } from './posts/MemorialPosts';
import { useMemorial } from './use-memorial';

const REFUSED_TITLES: Record<number, string> = { 404: 'Mindesiden findes ikke', 410: 'Mindesiden er slettet' };

export default function MemorialPage({ layout, byCode = false }: { layout?: MemorialLayout; byCode?: boolean }) {
  const { id = '' } = useParams();
  // /memorial/qr/{code} opens a memorial through a stone's code alone: anything there that is not
  // a code is no stone of ours, whatever memorial may have such an address (docs/decisions/0021).
  if (byCode && !parseCode(id)) return <NotFoundPage />;
  return <Memorial id={id} layout={layout} />;
}

function Memorial({ id, layout }: { id: string; layout?: MemorialLayout }) {
  const memorial = useMemorial(id);
  const refused = memorial.error instanceof ApiError ? memorial.error.status : undefined;
  // The tab says what the page says, as the server's HTML did before the app took over.
  usePageTitle(memorial.data ? memorialTitle(memorial.data) : refused ? REFUSED_TITLES[refused] : undefined);
  // A link to a part of the page (the anniversary letter's "Tænd et lys" goes to #taend-et-lys) is
  // followed once the memorial is drawn: a signed-in family's page is drawn only when its data has
  // come, after the browser's own jump to the part found nothing.
  const drawn = memorial.data !== undefined;
  useEffect(() => {
    if (!drawn || !window.location.hash) return;
    document.getElementById(decodeURIComponent(window.location.hash.slice(1)))?.scrollIntoView();
  }, [drawn]);

  if (memorial.data) {
    // The family before what visitors leave; it asks for the tree only where there is one to see.
    const posts = (
      <>
        <FamilySection memorial={memorial.data} />
        <MemorialPosts memorial={memorial.data} />
      </>
    );
    // The family sees its page as visitors do: what waits for Premium is on the edit page, marked.
    const shown = asVisitorsSeeIt(memorial.data);
    return (
      <PageShell>
        <FamilyBar memorial={memorial.data} />
        {(layout ?? shown.layout) === 'enhanced' ? (
          <EnhancedMemorial memorial={shown}>{posts}</EnhancedMemorial>
        ) : (
          <ClassicMemorial memorial={shown}>{posts}</ClassicMemorial>
        )}
      </PageShell>
    );
  }
  return (
    <PageShell>
      <QueryStatus
        query={memorial}
        pending="Henter mindesiden..."
        refusals={{
          404: {
            title: REFUSED_TITLES[404]!,
            text: `${memorial.error?.message ?? ''} Er den privat, kan du bede familien om en invitation.`,
            action: <Link to="/">Gå til forside</Link>,
          },
          // A stone or an old card may lead here for years after the family took the page down.
          410: {
            title: REFUSED_TITLES[410]!,
            text: (
              <>
                Den mindeside, du leder efter, er slettet og kan ikke længere ses. Vi beklager, hvis du kom for at mindes. Har du spørgsmål,
                er du velkommen til at{' '}
                <Link to="/contact" className="font-semibold text-gold-text underline decoration-gold/50 underline-offset-4 hover:decoration-gold-text">
                  skrive til os
                </Link>
                .
              </>
            ),
            action: <Link to="/">Gå til forside</Link>,
          },
        }}
        failed="Mindesiden kunne ikke hentes"
      />
    </PageShell>
  );
}
