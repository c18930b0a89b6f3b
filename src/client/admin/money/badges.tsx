/**
 * An order's and an invoice's status as a small mark. What waits for someone (payment, an unpaid
 * invoice) has a gold dot; a paid order that is still to be made stands out a little; what is over
 * (delivered, cancelled, credited) is quiet; a refund is marked as the exception it is.
 */
import { cn } from '@/client/lib/cn';
import { INVOICE_STATUS_LABELS, type InvoiceStatus, ORDER_STATUS_LABELS, type OrderStatus } from '@/shared/money';

const pill = 'inline-flex items-center gap-1.5 rounded-full border px-2.5 text-xs leading-6 font-semibold whitespace-nowrap';
const waiting = 'border-gold/50 bg-gold-soft text-foreground';
const current = 'border-border bg-secondary text-foreground';
const over = 'border-border text-muted-foreground';
const exception = 'border-destructive/40 bg-destructive-soft text-destructive';

const ORDER_TONES: Record<OrderStatus, string> = {
  pending_payment: waiting,
  paid: current,
  in_production: current,
  shipped: current,
  delivered: over,
  cancelled: over,
  refunded: exception,
};

export function OrderStatusBadge({ status, className }: { status: OrderStatus; className?: string }) {
  return (
    <span className={cn(pill, ORDER_TONES[status], className)}>
      {status === 'pending_payment' ? <span aria-hidden="true" className="size-2 rounded-full bg-gold" /> : null}
      {ORDER_STATUS_LABELS[status]}
    </span>
  );
}

const INVOICE_TONES: Record<InvoiceStatus, string> = { open: waiting, paid: current, credited: over };

export function InvoiceStatusBadge({ status, className }: { status: InvoiceStatus; className?: string }) {
  return (
    <span className={cn(pill, INVOICE_TONES[status], className)}>
      {status === 'open' ? <span aria-hidden="true" className="size-2 rounded-full bg-gold" /> : null}
      {INVOICE_STATUS_LABELS[status]}
    </span>
  );
}
