/**
 * /memorial/qr/{code}/dual: a shared stone, two people side by side (stacked on a phone), each
 * with portrait, name, years and epitaph, and the way into their own page. A private memorial is
 * left out for a visitor who may not see it; if none can be seen, the page says so.
 */
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { ArrowRight, Flame } from 'lucide-react';
import { PageShell } from '@/client/components/layout/PageShell';
import { QueryStatus } from '@/client/components/layout/QueryStatus';
import { Button } from '@/client/components/ui/button';
import { Ornament } from '@/client/components/ui/ornament';
import { apiRequest } from '@/client/lib/request';
import { usePageTitle } from '@/client/lib/page-title';
import { LifeSpan } from '@/client/memorials/LifeSpan';
import { Picture } from '@/client/memorials/Picture';
import { useMemorial } from '@/client/memorials/use-memorial';
import { asVisitorsSeeIt } from '@/shared/premium';

export default function DualMemorialPage() {
  const { code = '' } = useParams();
  const list = useQuery({
    queryKey: ['/api/qr-codes/memorials', code],
    queryFn: ({ signal }) => apiRequest<{ memorials: { id: string; slug: string }[] }>('GET', `/api/qr-codes/${encodeURIComponent(code)}/memorials`, { signal }),
  });

  if (!list.data) {
    return (
      <PageShell>
        <QueryStatus
          query={list}
          pending="Henter mindesiderne..."
          refusals={{ 404: { title: 'Mindesiden findes ikke', text: `${list.error?.message ?? ''} Er den privat, kan du bede familien om en invitation.`, action: <Link to="/">Gå til forside</Link> } }}
          failed="Mindesiderne kunne ikke hentes"
        />
      </PageShell>
    );
  }
  return (
    <PageShell>
      <div className="mx-auto max-w-5xl px-5 py-12 sm:py-20">
        <Ornament />
        <p className="mt-6 text-center text-sm font-semibold tracking-[0.16em] text-gold-text uppercase">Til minde om</p>
        <ul className={list.data.memorials.length > 1 ? 'mt-10 grid gap-8 md:grid-cols-2' : 'mx-auto mt-10 grid max-w-xl gap-8'}>
          {list.data.memorials.map((memorial) => (
            <li key={memorial.id}>
              <Person id={memorial.id} />
            </li>
          ))}
        </ul>
      </div>
    </PageShell>
  );
}

function Person({ id }: { id: string }) {
  const memorial = useMemorial(id);
  // As visitors see it, also for the family (a Premium theme or photo waits for Premium).
  const data = memorial.data && asVisitorsSeeIt(memorial.data);
  usePageTitle(data ? data.name : undefined);
  if (!data) {
    return (
      <p role="status" className="rounded-2xl border border-border bg-card/70 px-6 py-16 text-center font-serif text-lg text-muted-foreground">
        {memorial.isError ? 'Mindesiden kunne ikke hentes.' : 'Henter mindesiden...'}
      </p>
    );
  }
  const portrait = data.media.find((item) => item.id === data.portraitId && item.kind === 'photo');
  return (
    <article data-memorial-theme={data.theme} aria-labelledby={`person-${data.id}`} className="memorial-paper flex h-full flex-col items-center rounded-2xl border border-border bg-card/80 px-6 py-10 text-center shadow-sm">
      {portrait ? (
        <div className="size-36 overflow-hidden rounded-full border-4 border-card shadow-md ring-1 ring-memorial-accent/40">
          <Picture item={portrait} sizes="144px" alt={`Portræt af ${data.name}`} eager className="size-full object-cover" />
        </div>
      ) : (
        <div aria-hidden="true" className="flex size-20 items-center justify-center rounded-full border border-memorial-accent/40 bg-card/70 shadow-sm">
          <Flame className="h-10 w-7 text-memorial-accent" />
        </div>
      )}
      <h2 id={`person-${data.id}`} className="mt-6 text-3xl leading-tight sm:text-4xl">
        {data.name}
      </h2>
      <LifeSpan birthDate={data.birthDate} deathDate={data.deathDate} className="mt-3 font-serif text-lg text-muted-foreground sm:text-xl" />
      {data.epitaph ? <blockquote className="mt-5 font-serif text-xl leading-snug italic">{data.epitaph}</blockquote> : null}
      {/* At the foot of the card, level with the other person's. */}
      <div className="mt-auto pt-8">
        <Button asChild variant="secondary">
          <Link to={`/memorial/${data.slug}`}>
            Se mindesiden<span className="sr-only"> for {data.name}</span>
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </div>
    </article>
  );
}
