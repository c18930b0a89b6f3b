/** The dashboard's grey shapes while it loads. */
import { cn } from '@/client/lib/cn';

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
