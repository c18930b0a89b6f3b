/**
 * A code's state as a small mark, and its colour in the package's bar: the warehouse steps are
 * quiet, a code a family has is gold, a voided one is marked as the exception it is.
 */
import { cn } from '@/client/lib/cn';
import type { QrStatus } from '@/shared/qr-lifecycle';
import { stateLabel } from './format';

const pill = 'inline-flex items-center gap-1.5 rounded-full border px-2.5 text-xs leading-6 font-semibold whitespace-nowrap';

const TONES: Record<QrStatus, string> = {
  created: 'border-border text-muted-foreground',
  produced: 'border-border bg-secondary text-foreground',
  in_stock: 'border-border bg-secondary text-foreground',
  shipped: 'border-border bg-secondary text-foreground',
  claimed: 'border-gold/50 bg-gold-soft text-foreground',
  linked: 'border-gold/50 bg-gold-soft text-foreground',
  void: 'border-destructive/40 bg-destructive-soft text-destructive',
};

/** Each state's colour: the dot in its badge, its part of the package's bar and its key. */
export const STATE_SWATCHES: Record<QrStatus, string> = {
  created: 'bg-muted-foreground/45',
  produced: 'bg-chart-5',
  in_stock: 'bg-chart-2',
  shipped: 'bg-chart-4',
  claimed: 'bg-chart-1',
  linked: 'bg-gold',
  void: 'bg-destructive',
};

export function QrStateBadge({ status, className }: { status: QrStatus; className?: string }) {
  return (
    <span className={cn(pill, TONES[status], className)}>
      <span aria-hidden="true" className={cn('size-2 rounded-full', STATE_SWATCHES[status])} />
      {stateLabel(status)}
    </span>
  );
}
