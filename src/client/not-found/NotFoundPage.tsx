import { Link } from 'react-router';
import { Button } from '@/client/components/ui/button';
import { Ornament } from '@/client/components/ui/ornament';
import { PageShell } from '@/client/components/layout/PageShell';
import { usePageTitle } from '@/client/lib/page-title';

export default function NotFoundPage() {
  usePageTitle('Siden blev ikke fundet');
  return (
    <PageShell>
      <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center sm:py-28">
        <p className="font-serif text-7xl font-light tracking-tight text-gold-text/80 sm:text-8xl">
          404
        </p>
        <Ornament className="mt-6" />
        <h1 className="mt-6 text-3xl sm:text-4xl">Siden blev ikke fundet</h1>
        <p className="mt-4 text-muted-foreground">
          Vi kunne desværre ikke finde den side, du leder efter. Den er måske blevet flyttet eller slettet.
        </p>
        <Button asChild size="lg" className="mt-10">
          <Link to="/">Gå til forside</Link>
        </Button>
      </div>
    </PageShell>
  );
}
