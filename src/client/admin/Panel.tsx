/**
 * A section of a back-office page (the dashboard's, an account's, the performance page's): a quiet
 * card with its heading, named for screen readers by it.
 */
import { type ReactNode, useId } from 'react';
import { cn } from '@/client/lib/cn';

export function Panel({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={cn('min-w-0 rounded-xl border border-border bg-card px-4 py-5 shadow-xs sm:px-6', className)}>
      <h2 id={id} className="text-xl sm:text-2xl">
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}
