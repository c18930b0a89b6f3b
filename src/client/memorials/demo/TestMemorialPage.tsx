/**
 * /test-memorial: a complete example memorial (seeded with the demo data, src/server/demo), in its
 * own layout, exactly as a visitor would see a real one, with a small note that it is an example.
 */
import { Link } from 'react-router';
import { PageShell } from '@/client/components/layout/PageShell';
import { usePageTitle } from '@/client/lib/page-title';
import { DEMO_MEMORIAL_SLUGS } from '@/shared/demo-memorials';
import { ClassicMemorial } from '../ClassicMemorial';
import { useMemorial } from '../use-memorial';
import { DemoNote, DemoStatus } from './DemoStatus';

const LINK = 'font-semibold text-gold-text underline underline-offset-4 hover:no-underline';

export default function TestMemorialPage() {
  const memorial = useMemorial(DEMO_MEMORIAL_SLUGS.classic);
  usePageTitle('Eksempel på en mindeside');
  return (
    <PageShell>
      {memorial.data ? (
        <ClassicMemorial
          memorial={memorial.data}
          notice={
            <DemoNote>
              Et eksempel med opdigtede personer, så du kan se, hvordan en mindeside tager sig ud.{' '}
              <Link to={`/memorial/${DEMO_MEMORIAL_SLUGS.enhanced}`} className={LINK}>
                Se også det udvidede layout
              </Link>
            </DemoNote>
          }
        />
      ) : (
        <DemoStatus query={memorial} />
      )}
    </PageShell>
  );
}
