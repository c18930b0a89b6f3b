/**
 * A laser job's state as a small mark: waiting has the gold dot of what waits for someone, the
 * job on the laser stands out, a failure is marked as the exception it is, done is quiet.
 */
import { cn } from '@/client/lib/cn';
import { LASER_JOB_STATUS_LABELS, type LaserJobStatus } from '@/shared/production';

const pill = 'inline-flex items-center gap-1.5 rounded-full border px-2.5 text-xs leading-6 font-semibold whitespace-nowrap';

const TONES: Record<LaserJobStatus, string> = {
  waiting: 'border-gold/50 bg-gold-soft text-foreground',
  engraving: 'border-primary/40 bg-secondary text-foreground',
  done: 'border-border text-muted-foreground',
  failed: 'border-destructive/40 bg-destructive-soft text-destructive',
};

export function LaserStatusBadge({ status, className }: { status: LaserJobStatus; className?: string }) {
  return (
    <span className={cn(pill, TONES[status], className)}>
      {status === 'waiting' ? <span aria-hidden="true" className="size-2 rounded-full bg-gold" /> : null}
      {status === 'engraving' ? <span aria-hidden="true" className="size-2 animate-pulse rounded-full bg-primary motion-reduce:animate-none" /> : null}
      {LASER_JOB_STATUS_LABELS[status]}
    </span>
  );
}
