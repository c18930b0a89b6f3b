/** A block of the account page: a card with its heading, named for screen readers by it. */
import { type ReactNode, useId } from 'react';
import { cn } from '@/client/lib/cn';

export function Section({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={cn('rounded-xl border border-border bg-card p-5 sm:p-6', className)}>
      <h2 id={headingId} className="font-serif text-xl font-medium">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}
