/** An order's step as a small label: gold once it is paid and on its way, muted when it ended without. */
import { ORDER_STATUS_LABELS, type OrderStatus } from '@/shared/money';
import { cn } from '@/client/lib/cn';

export function OrderStatusPill({ status, className }: { status: OrderStatus; className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full border px-3 text-sm leading-7 font-semibold whitespace-nowrap',
        status === 'pending_payment' && 'border-input bg-card text-foreground',
        (status === 'cancelled' || status === 'refunded') && 'border-border bg-background text-muted-foreground',
        status !== 'pending_payment' && status !== 'cancelled' && status !== 'refunded' && 'border-gold/50 bg-gold-soft text-foreground',
        className,
      )}
    >
      {ORDER_STATUS_LABELS[status]}
    </span>
  );
}
