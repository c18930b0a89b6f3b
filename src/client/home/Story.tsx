/**
 * A section told as text beside a small drawn example (a "vignette"). The example is decoration:
 * it is hidden from screen readers, which get the same in the text.
 */
import type { ReactNode } from 'react';
import { cn } from '@/client/lib/cn';
import { BELOW_THE_FOLD, SectionHeading } from './Section';

interface StoryProps {
  id: string;
  eyebrow: string;
  title: string;
  children: ReactNode;
  vignette: ReactNode;
  /** Puts the example on the left on wide screens, so consecutive stories zigzag. */
  flip?: boolean;
  tone?: 'paper' | 'card';
}

export function Story({ id, eyebrow, title, children, vignette, flip, tone = 'paper' }: StoryProps) {
  return (
    <section id={id} aria-labelledby={`${id}-titel`} className={cn('border-t border-border/70', BELOW_THE_FOLD, tone === 'card' && 'bg-card/60')}>
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-5 py-16 sm:px-6 sm:py-24 lg:grid-cols-2 lg:gap-20">
        <div className={cn(flip && 'lg:order-2')}>
          <SectionHeading id={`${id}-titel`} eyebrow={eyebrow} title={title} lead={children} />
        </div>
        <div aria-hidden="true" className={cn('mx-auto w-full max-w-md', flip && 'lg:order-1')}>
          {vignette}
        </div>
      </div>
    </section>
  );
}

/** The paper card a vignette is drawn on. */
export function VignetteCard({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div
      className={cn(
        'rounded-xl border border-border bg-card p-6 shadow-[0_1px_2px_rgba(60,40,20,0.05),0_18px_40px_-18px_rgba(60,40,20,0.25)] dark:shadow-[0_18px_40px_-18px_rgba(0,0,0,0.7)] sm:p-8',
        className,
      )}
    >
      {children}
    </div>
  );
}
