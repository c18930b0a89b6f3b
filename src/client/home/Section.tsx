/**
 * One band of the landing page: a small gold overline, a serif heading and the content, with the
 * generous air of a printed memorial card. Bands alternate between paper and a faint card tone
 * so the long page reads in calm steps.
 */
import type { ReactNode } from 'react';
import { cn } from '@/client/lib/cn';

/**
 * Every band after the hero: the browser skips laying out and painting a band until it nears the
 * screen (content-visibility). On a throttled phone this cut the landing page's layout work by
 * two thirds and its blocking time from ~600 ms to ~10 ms (Lighthouse). The intrinsic size is a
 * guess of a band's height (taller on a phone), remembered once the band has been drawn, so the
 * scrollbar hardly moves. A full-page screenshot taken without scrolling shows skipped bands as
 * empty: scroll through the page first.
 */
export const BELOW_THE_FOLD = '[content-visibility:auto] [contain-intrinsic-size:auto_1300px] lg:[contain-intrinsic-size:auto_850px]';

interface SectionProps {
  id: string;
  eyebrow?: string;
  title: string;
  /** Text under the heading. */
  lead?: ReactNode;
  tone?: 'paper' | 'card';
  align?: 'start' | 'center';
  children?: ReactNode;
  className?: string;
  hidden?: boolean;
}

export function Section({ id, eyebrow, title, lead, tone = 'paper', align = 'start', children, className, hidden }: SectionProps) {
  const headingId = `${id}-titel`;
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      hidden={hidden}
      className={cn('border-t border-border/70', BELOW_THE_FOLD, tone === 'card' && 'bg-card/60', className)}
    >
      <div className="mx-auto max-w-6xl px-5 py-16 sm:px-6 sm:py-24">
        <SectionHeading id={headingId} eyebrow={eyebrow} title={title} lead={lead} align={align} />
        {children}
      </div>
    </section>
  );
}

export function SectionHeading({ id, eyebrow, title, lead, align = 'start' }: { id: string; eyebrow?: string; title: string; lead?: ReactNode; align?: 'start' | 'center' }) {
  return (
    <div className={cn('max-w-2xl', align === 'center' && 'mx-auto text-center')}>
      {eyebrow ? <p className="text-sm font-semibold tracking-[0.14em] text-gold-text uppercase">{eyebrow}</p> : null}
      <h2 id={id} className="mt-3 text-3xl sm:text-4xl">
        {title}
      </h2>
      {lead ? <div className="mt-5 space-y-4 text-lg text-muted-foreground">{lead}</div> : null}
    </div>
  );
}
