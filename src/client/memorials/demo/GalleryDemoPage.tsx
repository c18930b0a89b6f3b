/**
 * /gallery-demo: the gallery of the seeded example memorial, with the lightbox a tap opens (arrow
 * keys, "Forrige"/"Næste", Escape), arranged as the enhanced layout arranges it.
 */
import { Link } from 'react-router';
import { PageShell } from '@/client/components/layout/PageShell';
import { usePageTitle } from '@/client/lib/page-title';
import { DEMO_MEMORIAL_SLUGS } from '@/shared/demo-memorials';
import { Gallery } from '../Gallery';
import { useMemorial } from '../use-memorial';
import { DemoNote, DemoStatus } from './DemoStatus';

const LINK = 'font-semibold text-gold-text underline underline-offset-4 hover:no-underline';

export default function GalleryDemoPage() {
  const memorial = useMemorial(DEMO_MEMORIAL_SLUGS.enhanced);
  usePageTitle('Eksempel på et galleri');
  const data = memorial.data;
  return (
    <PageShell>
      {data ? (
        <div data-memorial-theme={data.theme} className="memorial-paper pb-24">
          <DemoNote>
            Billederne er fra{' '}
            <Link to={`/memorial/${data.slug}`} className={LINK}>
              eksempel-mindesiden for {data.name}
            </Link>
            . Tryk på et billede for at se det stort.
          </DemoNote>
          <div className="mx-auto max-w-5xl px-5 pt-12 text-center">
            <h1 className="text-4xl sm:text-5xl">Galleri</h1>
            <p className="mx-auto mt-4 max-w-2xl text-lg text-muted-foreground">
              Familien samler billeder og film på mindesiden. De vises i den størrelse, skærmen har brug for, og i det store billede kan du bladre videre med pilene.
            </p>
          </div>
          <div className="mx-auto mt-12 max-w-5xl px-5">
            <Gallery items={data.media} memorialName={data.name} variant="mosaic" />
          </div>
        </div>
      ) : (
        <DemoStatus query={memorial} />
      )}
    </PageShell>
  );
}
