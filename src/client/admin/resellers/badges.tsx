/** A reseller's status as a small mark: a gold dot on an application that waits for a decision. */
import { cn } from '@/client/lib/cn';
import { RESELLER_STATUS_LABELS, type ResellerStatus } from '@/shared/resellers';

export function ResellerStatusBadge({ status, className }: { status: ResellerStatus; className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full border px-2.5 text-xs leading-6 font-semibold whitespace-nowrap',
        status === 'pending' && 'border-gold/50 bg-gold-soft text-foreground',
        status === 'approved' && 'border-border bg-secondary text-foreground',
        status === 'rejected' && 'border-border text-muted-foreground',
        status === 'suspended' && 'border-destructive/40 bg-destructive-soft text-destructive',
        className,
      )}
    >
      {status === 'pending' ? <span aria-hidden="true" className="size-2 rounded-full bg-gold" /> : null}
      {RESELLER_STATUS_LABELS[status]}
    </span>
  );
}
