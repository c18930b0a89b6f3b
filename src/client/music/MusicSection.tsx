/**
 * "Musik" on the memorial page, in either layout: the player when visitors may hear songs (the
 * memorial has Premium and the family added some), a link to /memorial/{id}/music, and for the
 * family a link to change it. The family's link is left out of a page the server drew: that HTML
 * is shared by every visitor (docs/decisions/0009), so nothing in it may belong to one reader.
 */
import { ListMusic, PencilLine } from 'lucide-react';
import { Link } from 'react-router';
import { useDrawnByServer } from '@/client/lib/drawn-by-server';
import type { Memorial } from '@/shared/memorials';
import { MusicPlayer } from './MusicPlayer';

const LINK = 'inline-flex min-h-11 items-center gap-2 font-semibold text-gold-text underline decoration-gold/50 underline-offset-4 hover:decoration-gold-text';

export function MusicSection({ memorial, headingClassName, centered = false }: { memorial: Memorial; headingClassName?: string; centered?: boolean }) {
  const drawnByServer = useDrawnByServer();
  if (!memorial.music.length) return null;
  const address = encodeURIComponent(memorial.slug);
  return (
    <section aria-labelledby="musik">
      <h2 id="musik" className={headingClassName}>
        Musik
      </h2>
      <MusicPlayer songs={memorial.music} memorialName={memorial.name} className="mt-6" />
      <p className={`mt-3 flex flex-wrap gap-x-6 gap-y-1 ${centered ? 'justify-center' : ''}`}>
        <Link to={`/memorial/${address}/music`} className={LINK}>
          <ListMusic className="size-5" aria-hidden="true" />
          Al musikken
        </Link>
        {memorial.viewer.canEdit && !drawnByServer ? (
          <Link to={`/memorial/${address}/music#rediger`} className={LINK}>
            <PencilLine className="size-5" aria-hidden="true" />
            Rediger musikken
          </Link>
        ) : null}
      </p>
    </section>
  );
}
