import { cn } from '@/client/lib/cn';
import type { SupportStatus } from '@/shared/support';

/** A thread's status in a word: what it waits for. */
const WORDS: Record<SupportStatus, string> = { new: 'Venter på os', answered: 'Besvaret', closed: 'Lukket' };

export function StatusBadge({ status, className }: { status: SupportStatus; className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-2 rounded-full border px-3 py-1 text-sm font-semibold',
        status === 'new' && 'border-gold/50 bg-gold-soft text-foreground',
        status === 'answered' && 'border-border bg-secondary text-foreground',
        status === 'closed' && 'border-border text-muted-foreground',
        className,
      )}
    >
      {status === 'new' ? <span aria-hidden="true" className="size-2 rounded-full bg-gold" /> : null}
      {WORDS[status]}
    </span>
  );
}
