/** The dashboard's sections: a quiet card with a heading, and their grey shapes while it loads. */
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

const block = 'animate-pulse rounded-xl bg-secondary motion-reduce:animate-none';

/** The page's shape while the figures come, so nothing jumps when they do. */
export function DashboardSkeleton() {
  return (
    <div className="space-y-6">
      <p role="status" className="sr-only">
        Henter overblikket...
      </p>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-5" aria-hidden="true">
        {Array.from({ length: 5 }, (_, i) => (
          <div key={i} className={cn(block, 'h-28')} />
        ))}
      </div>
      <div className="grid gap-6 xl:grid-cols-3" aria-hidden="true">
        <div className={cn(block, 'h-80 xl:col-span-2')} />
        <div className={cn(block, 'h-80')} />
      </div>
    </div>
  );
}
