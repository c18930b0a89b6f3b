/** The frame of a money page: a small gold word over the heading, a lead, then the page's own parts. */
import type { ReactNode } from 'react';
import { PageShell } from '@/client/components/layout/PageShell';

/** The column every money page stands in. */
export function MoneyColumn({ children }: { children: ReactNode }) {
  return (
    <PageShell>
      <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14">{children}</div>
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
}

export function MoneyPage({ eyebrow, title, lead, before, children }: MoneyPageProps) {
  return (
    <MoneyColumn>
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
