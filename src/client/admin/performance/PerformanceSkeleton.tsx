/** The performance page's shape while its figures come, so nothing jumps when they do. */
import { Skeleton } from '@/client/components/ui/skeleton';

export function PerformanceSkeleton() {
  return (
    <div className="space-y-6">
      <p role="status" className="sr-only">
        Henter driftstallene...
      </p>
      <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
        {Array.from({ length: 8 }, (_, i) => (
          <Skeleton key={i} className="h-32" />
        ))}
      </div>
      <Skeleton className="h-80" />
      <Skeleton className="h-96" />
    </div>
  );
}
