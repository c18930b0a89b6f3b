/** The frame of a money page: a small gold word over the heading, a lead, then the page's own parts. */
import type { ReactNode } from 'react';
import { PageShell } from '@/client/components/layout/PageShell';
import { cn } from '@/client/lib/cn';

/** The column every money page stands in. */
export function MoneyColumn({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  return (
    <PageShell>
      <div className={cn('mx-auto px-4 py-10 sm:px-6 sm:py-14', wide ? 'max-w-5xl' : 'max-w-3xl')}>{children}</div>
    </PageShell>
  );
}

interface MoneyPageProps {
  eyebrow: string;
  title: string;
  lead?: ReactNode;
  /** Above the heading, e.g. a link back. */
  before?: ReactNode;
  children: ReactNode;
  /** A form with something beside it (the plaque's proof). */
  wide?: boolean;
}

export function MoneyPage({ eyebrow, title, lead, before, children, wide }: MoneyPageProps) {
  return (
    <MoneyColumn wide={wide}>
      {before}
      <header>
        <p className="text-sm font-semibold tracking-[0.14em] text-gold-text uppercase">{eyebrow}</p>
        <h1 className="mt-2 text-[2.2rem] leading-tight break-words sm:text-5xl">{title}</h1>
        {lead ? <div className="mt-4 max-w-2xl text-lg text-muted-foreground">{lead}</div> : null}
      </header>
      <div className="mt-10">{children}</div>
    </MoneyColumn>
  );
}
