/** The performance page's shape while its figures come, so nothing jumps when they do. */
import { cn } from '@/client/lib/cn';

const block = 'animate-pulse rounded-xl bg-secondary motion-reduce:animate-none';

export function PerformanceSkeleton() {
  return (
    <div className="space-y-6">
      <p role="status" className="sr-only">
        Henter driftstallene...
      </p>
      <div className="grid grid-cols-2 gap-3 md:grid-cols-4" aria-hidden="true">
        {Array.from({ length: 8 }, (_, i) => (
          <div key={i} className={cn(block, 'h-32')} />
        ))}
      </div>
      <div className={cn(block, 'h-80')} aria-hidden="true" />
      <div className={cn(block, 'h-96')} aria-hidden="true" />
    </div>
  );
}
